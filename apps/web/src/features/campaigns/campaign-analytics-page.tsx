// /dashboard/analytics: the page's campaigns (7 per page, newest first) wired to the pure
// CampaignAnalyticsScreen, and the detail sheet (funnel, recipients, cancel, CSV export). Numbers refresh on
// focus and reconnect, and follow a dispatching campaign over the live stream (a 2 s poll while it is down).
import { TAG_RECIPIENTS_MAX, type Campaign } from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import {
  ANALYTICS_TEXT,
  STOP_RETURNS_TEXT,
  CampaignAnalyticsScreen,
  CampaignDetailSheet,
  type TagRecipientsRequest,
} from '@pagecast/ui/screens/campaign-analytics';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../lib/query';
import { usePagesStore } from '../../stores';
import {
  downloadRecipientsCsv,
  useCampaignQuery,
  useCampaignRecipientsQuery,
  useCampaignSpendQuery,
  useCampaignsQuery,
  useCancelCampaign,
  useStopReturns,
  useTagCampaignRecipients,
  isLive,
  type Outcome,
} from './queries';
import { useCreateTag, useTagsQuery } from '../tags';
import { useLiveCampaigns } from './use-live-campaigns';

/** `?campaign=<id>` opens that campaign's detail (Schedule lands here after Confirm). */
export const analyticsSearch = (search: Record<string, unknown>): { campaign?: string } =>
  typeof search['campaign'] === 'string' && search['campaign']
    ? { campaign: search['campaign'] }
    : {};

export function CampaignAnalyticsPage() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId) ?? '';
  // Who the recipients are is for roles with messaging (the API answers 403 to the others).
  const canSeeRecipients = usePagesStore((s) => s.selectedPage?.canMessage) !== false;
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
    canSeeRecipients ? openId : null,
    recipientsPage,
    outcome,
    status === 'processing' && !streaming,
  );
  // An open detail follows the stream whatever its status: receipts and replies keep moving Delivered, Read
  // and Interacted after the last send (the detail froze there while only sending campaigns were followed).
  const live =
    Boolean(list.data?.data.some(isLive)) || isLive(detail.data?.campaign) || Boolean(openId);
  if (live !== watching) setWatching(live);
  const cancel = useCancelCampaign();
  const stopReturns = useStopReturns();
  const spend = useCampaignSpendQuery(detail.data?.campaign);
  const tags = useTagsQuery(openId ? pageId : undefined);
  const createTag = useCreateTag(pageId);
  const tagRecipients = useTagCampaignRecipients();

  const open = (c: Campaign) => {
    setOpenId(c.id);
    setOutcome('');
    setRecipientsPage(1);
  };

  /** An action on the open campaign, told in a toast either way; a failure is rethrown to the caller. */
  const campaignAction =
    (run: (campaignId: string) => Promise<unknown>, done: string, failed: string) => async () => {
      if (!openId) return;
      try {
        await run(openId);
        toast.success(done);
      } catch (err) {
        toast.error(errorMessage(err, failed));
        throw err;
      }
    };
  const onCancel = campaignAction(
    (id) => cancel.mutateAsync(id),
    ANALYTICS_TEXT.cancelled,
    ANALYTICS_TEXT.cancelFailed,
  );
  const onStopReturns = campaignAction(
    (id) => stopReturns.mutateAsync(id),
    STOP_RETURNS_TEXT.stopped,
    STOP_RETURNS_TEXT.failed,
  );

  const onExport = async () => {
    const c = detail.data?.campaign;
    if (!c) return;
    try {
      await downloadRecipientsCsv(c, ANALYTICS_TEXT.exportFailed);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : ANALYTICS_TEXT.exportFailed);
    }
  };

  // A new tag is created first (Manage Tags' rules and call); a name the page has already means that tag.
  const onTagRecipients = async (req: TagRecipientsRequest) => {
    const c = detail.data?.campaign;
    if (!c) return;
    const known = (tags.data ?? []).find(
      (t) => t.tag.name.toLowerCase() === req.newTagName.toLowerCase(),
    );
    const tag = req.tagId
      ? (tags.data ?? []).find((t) => t.tag.id === req.tagId)?.tag
      : (known?.tag ??
        (await createTag
          .mutateAsync({ name: req.newTagName, description: ANALYTICS_TEXT.newTagDescription })
          .then((r) => (r.change.type === 'upsert' ? r.change.tag : undefined))));
    if (!tag) throw new Error(ANALYTICS_TEXT.tagFailed);
    const result = await tagRecipients.mutateAsync({
      pageId,
      campaignId: c.id,
      tagId: tag.id,
      outcome,
    });
    toast.success(
      ANALYTICS_TEXT.tagged(result.tagged, Math.min(result.matched, TAG_RECIPIENTS_MAX), tag.name) +
        (result.capped ? ANALYTICS_TEXT.taggedCapped(TAG_RECIPIENTS_MAX) : ''),
    );
    if (req.followUp) {
      setOpenId(null);
      void navigate({ to: '/dashboard/schedule', search: { tag: tag.id } });
    }
  };

  return (
    <>
      <CampaignAnalyticsScreen
        campaigns={list.data?.data ?? []}
        meta={list.data?.meta ?? null}
        accessRecheckMinutes={list.data?.accessRecheckMinutes}
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
        tags={(tags.data ?? []).map((t) => ({ id: t.tag.id, name: t.tag.name }))}
        onTagRecipients={onTagRecipients}
        canSeeRecipients={canSeeRecipients}
        spend={spend.data ?? null}
        spendError={spend.isError ? errorMessage(spend.error, spend.error.message) : null}
      />
    </>
  );
}
