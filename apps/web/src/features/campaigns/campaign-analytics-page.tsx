// /dashboard/analytics: the page's campaigns (7 per page, newest first) wired to the pure
// CampaignAnalyticsScreen, and the detail sheet (funnel, recipients, cancel, CSV export). Numbers refresh on
// focus and reconnect, and follow a dispatching campaign over the live stream (a 2 s poll while it is down).
import type { Campaign } from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import {
  ANALYTICS_TEXT,
  STOP_RETURNS_TEXT,
  CampaignAnalyticsScreen,
  CampaignDetailSheet,
} from '@pagecast/ui/screens/campaign-analytics';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../lib/query';
import { usePagesStore } from '../../stores';
import {
  downloadRecipientsCsv,
  useCampaignQuery,
  useCampaignRecipientsQuery,
  useCampaignsQuery,
  useCancelCampaign,
  useStopReturns,
  isLive,
  type Outcome,
} from './queries';
import { useLiveCampaigns } from './use-live-campaigns';

/** `?campaign=<id>` opens that campaign's detail (Schedule lands here after Confirm). */
export const analyticsSearch = (search: Record<string, unknown>): { campaign?: string } =>
  typeof search['campaign'] === 'string' && search['campaign']
    ? { campaign: search['campaign'] }
    : {};

export function CampaignAnalyticsPage() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId) ?? '';
  const navigate = useNavigate();
  const search: { campaign?: string } = useSearch({ strict: false });
  // Spec §2: the page number resets to 1 when the selected page changes.
  const [paging, setPaging] = useState({ pageId, page: 1 });
  const page = paging.pageId === pageId ? paging.page : 1;
  const [openId, setOpenId] = useState<string | null>(search.campaign ?? null);
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [recipientsPage, setRecipientsPage] = useState(1);

  // The stream is open while a campaign on screen is live (both queries read it before it exists).
  const [watching, setWatching] = useState(false);
  const streaming = useLiveCampaigns(pageId, watching);
  const list = useCampaignsQuery(pageId, page, streaming);
  const detail = useCampaignQuery(openId, streaming);
  const status = detail.data?.campaign.status;
  const recipients = useCampaignRecipientsQuery(
    openId,
    recipientsPage,
    outcome,
    status === 'processing' && !streaming,
  );
  const live = Boolean(list.data?.data.some(isLive)) || isLive(detail.data?.campaign);
  if (live !== watching) setWatching(live);
  const cancel = useCancelCampaign();
  const stopReturns = useStopReturns();

  const open = (c: Campaign) => {
    setOpenId(c.id);
    setOutcome('');
    setRecipientsPage(1);
  };

  const onCancel = async () => {
    if (!openId) return;
    try {
      await cancel.mutateAsync(openId);
      toast.success(ANALYTICS_TEXT.cancelled);
    } catch (err) {
      toast.error(errorMessage(err, ANALYTICS_TEXT.cancelFailed));
      throw err;
    }
  };

  const onStopReturns = async () => {
    if (!openId) return;
    try {
      await stopReturns.mutateAsync(openId);
      toast.success(STOP_RETURNS_TEXT.stopped);
    } catch (err) {
      toast.error(errorMessage(err, STOP_RETURNS_TEXT.failed));
      throw err;
    }
  };

  const onExport = async () => {
    const c = detail.data?.campaign;
    if (!c) return;
    try {
      await downloadRecipientsCsv(c, ANALYTICS_TEXT.exportFailed);
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
          if (o) return;
          setOpenId(null);
          // Closed: a reload does not open it again.
          if (search.campaign)
            void navigate({ to: '/dashboard/analytics', search: {}, replace: true });
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
        onStopReturns={onStopReturns}
      />
    </>
  );
}
