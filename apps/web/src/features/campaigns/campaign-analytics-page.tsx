// /dashboard/analytics: the page's campaigns (7 per page, newest first) wired to the pure
// CampaignAnalyticsScreen, and the detail sheet (funnel, recipients, cancel, CSV export). Numbers refresh on
// focus and reconnect, and every 2 s while a campaign dispatches.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignRecipient } from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import {
  ANALYTICS_TEXT,
  CampaignAnalyticsScreen,
  CampaignDetailSheet,
} from '@pagecast/ui/screens/campaign-analytics';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { tsr } from '../../lib/api';
import { errorMessage, unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';
import { useAuthStore, usePagesStore } from '../../stores';
import { LIVE_POLL_MS } from './cache';

type Outcome = CampaignRecipient['state'];
const RECIPIENTS_PAGE_SIZE = 20;
/** Dispatching, or about to start (due within a minute): worth watching live. */
const isLive = (c: Pick<Campaign, 'status' | 'scheduledTime'> | undefined) =>
  c?.status === 'processing' ||
  (c?.status === 'pending' && new Date(c.scheduledTime).getTime() - Date.now() < 60_000);

/** The recipients CSV through fetch with the bearer token, saved as a download. */
async function downloadCsv(campaign: Campaign) {
  const token = useAuthStore.getState().accessToken;
  const res = await fetch(`/api/v1/campaigns/${campaign.id}/recipients.csv`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(ANALYTICS_TEXT.exportFailed);
  const blob = await res.blob();
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    'recipients.csv';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function CampaignAnalyticsPage() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId) ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Spec §2: the page number resets to 1 when the selected page changes.
  const [paging, setPaging] = useState({ pageId, page: 1 });
  const page = paging.pageId === pageId ? paging.page : 1;
  const [openId, setOpenId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [recipientsPage, setRecipientsPage] = useState(1);

  const list = useQuery({
    queryKey: queryKeys.campaigns.list(pageId, page),
    enabled: Boolean(pageId),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await tsr.campaigns.listCampaigns.query({ params: { pageId }, query: { page, limit: 7 } }),
        200,
      ),
    refetchInterval: (q) => (q.state.data?.data.some(isLive) ? LIVE_POLL_MS : false),
  });

  const detail = useQuery({
    queryKey: queryKeys.campaigns.detail(openId ?? ''),
    enabled: Boolean(openId),
    queryFn: async () =>
      unwrap(await tsr.campaigns.getCampaign.query({ params: { campaignId: openId ?? '' } }), 200),
    refetchInterval: (q) => (isLive(q.state.data?.campaign) ? LIVE_POLL_MS : false),
  });
  const status = detail.data?.campaign.status;

  const recipients = useQuery({
    queryKey: queryKeys.campaigns.recipients(openId ?? '', recipientsPage, outcome),
    enabled: Boolean(openId),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await tsr.campaigns.listCampaignRecipients.query({
          params: { campaignId: openId ?? '' },
          query: {
            page: recipientsPage,
            limit: RECIPIENTS_PAGE_SIZE,
            ...(outcome ? { outcome } : {}),
          },
        }),
        200,
      ),
    refetchInterval: status === 'processing' ? LIVE_POLL_MS : false,
  });

  const open = (c: Campaign) => {
    setOpenId(c.id);
    setOutcome('');
    setRecipientsPage(1);
  };

  const onCancel = async () => {
    if (!openId) return;
    try {
      unwrap(
        await tsr.campaigns.cancelCampaign.mutate({ params: { campaignId: openId }, body: {} }),
        200,
      );
      toast.success(ANALYTICS_TEXT.cancelled);
    } catch (err) {
      toast.error(errorMessage(err, ANALYTICS_TEXT.cancelFailed));
      throw err;
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all });
    }
  };

  const onExport = async () => {
    const c = detail.data?.campaign;
    if (!c) return;
    try {
      await downloadCsv(c);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : ANALYTICS_TEXT.exportFailed);
    }
  };

  return (
    <>
      <CampaignAnalyticsScreen
        campaigns={list.data?.data ?? []}
        meta={list.data?.meta ?? null}
        page={page}
        loading={list.isLoading}
        refreshing={list.isFetching && !list.isLoading}
        error={list.isError ? errorMessage(list.error, list.error.message) : null}
        onRefresh={() => void list.refetch()}
        onPageChange={(next) => setPaging({ pageId, page: Math.max(1, next) })}
        onOpenCampaign={open}
        onSchedule={() => void navigate({ to: '/dashboard/schedule', replace: true })}
      />
      <CampaignDetailSheet
        open={Boolean(openId)}
        onOpenChange={(o) => {
          if (!o) setOpenId(null);
        }}
        detail={detail.data ?? null}
        loading={detail.isLoading}
        error={detail.isError ? errorMessage(detail.error, detail.error.message) : null}
        recipients={recipients.data ?? null}
        recipientsLoading={recipients.isFetching}
        outcome={outcome}
        onOutcomeChange={(o) => {
          setOutcome(o);
          setRecipientsPage(1);
        }}
        recipientsPage={recipientsPage}
        onRecipientsPageChange={(p) => setRecipientsPage(Math.max(1, p))}
        onCancel={onCancel}
        onExport={onExport}
      />
    </>
  );
}
