// The campaign calls of the web app: the page's campaigns, one campaign's detail and recipients, the
// audience preview, create and cancel (both refresh every campaign query), and the recipients CSV.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contract,
  isAllUsers,
  singleTagOf,
  toCreateCampaignBody,
  type Campaign,
  type CampaignAudience,
  type CampaignFormValues,
  type RecipientFilter,
} from '@pagecast/contract';
import { tsr } from '../../lib/api';
import { pageRequest, routeUrl, unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';

/** While a campaign dispatches, its numbers refresh this often. */
export const LIVE_POLL_MS = 2000;
export const CAMPAIGNS_PAGE_SIZE = 7;
export const RECIPIENTS_PAGE_SIZE = 20;

export type Outcome = RecipientFilter;

/** Dispatching, or about to start (due within a minute): worth watching live. */
export const isLive = (c: Pick<Campaign, 'status' | 'scheduledTime'> | undefined) =>
  c?.status === 'processing' ||
  (c?.status === 'pending' && new Date(c.scheduledTime).getTime() - Date.now() < 60_000);

/** Pending campaigns are looked at this often, so one coming due starts being followed live. */
export const PENDING_POLL_MS = 30_000;

/**
 * One page of the page's campaigns, newest first. While one of them is live it follows the live stream
 * (`streaming`), polled only when the stream is down; a pending one is looked at now and then.
 */
export function useCampaignsQuery(pageId: string, page: number, streaming = false) {
  return useQuery({
    queryKey: queryKeys.campaigns.list(pageId, page),
    enabled: Boolean(pageId),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await tsr.campaigns.listCampaigns.query({
          params: { pageId },
          query: { page, limit: CAMPAIGNS_PAGE_SIZE },
        }),
        200,
      ),
    refetchInterval: (q) => {
      const campaigns = q.state.data?.data ?? [];
      if (campaigns.some(isLive)) return streaming ? false : LIVE_POLL_MS;
      return campaigns.some((c) => c.status === 'pending') ? PENDING_POLL_MS : false;
    },
  });
}

/** A campaign with its funnel; polled while it is live and the live stream is down. */
export function useCampaignQuery(campaignId: string | null, streaming = false) {
  return useQuery({
    queryKey: queryKeys.campaigns.detail(campaignId ?? ''),
    enabled: Boolean(campaignId),
    queryFn: async () =>
      unwrap(
        await tsr.campaigns.getCampaign.query({ params: { campaignId: campaignId ?? '' } }),
        200,
      ),
    refetchInterval: (q) => (isLive(q.state.data?.campaign) && !streaming ? LIVE_POLL_MS : false),
  });
}

/** What Meta billed for a marketing campaign; Meta's insights lag, so read again each minute while open. */
export function useCampaignSpendQuery(campaign: Campaign | undefined) {
  return useQuery({
    queryKey: queryKeys.campaigns.spend(campaign?.id ?? ''),
    enabled: Boolean(campaign?.marketing),
    queryFn: async () =>
      unwrap(
        await tsr.campaigns.getCampaignSpend.query({ params: { campaignId: campaign?.id ?? '' } }),
        200,
      ),
    staleTime: 60_000,
    refetchInterval: 60_000,
    retry: false,
  });
}

/** One page of a campaign's recipients, optionally of one outcome; polled while it dispatches. */
export function useCampaignRecipientsQuery(
  campaignId: string | null,
  page: number,
  outcome: Outcome | '',
  processing: boolean,
) {
  return useQuery({
    queryKey: queryKeys.campaigns.recipients(campaignId ?? '', page, outcome),
    enabled: Boolean(campaignId),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await tsr.campaigns.listCampaignRecipients.query({
          params: { campaignId: campaignId ?? '' },
          query: { page, limit: RECIPIENTS_PAGE_SIZE, ...(outcome ? { outcome } : {}) },
        }),
        200,
      ),
    refetchInterval: processing ? LIVE_POLL_MS : false,
  });
}

/**
 * How the audience previews send an audience: nothing for all users, a single tag by its id, anything else
 * as JSON; `key` names it in the query cache.
 */
function audienceRequest(audience: CampaignAudience) {
  const tagId = singleTagOf(audience);
  const json = JSON.stringify(audience);
  const query: { tagId?: string; audience?: string } = isAllUsers(audience)
    ? {}
    : tagId
      ? { tagId }
      : { audience: json };
  return { key: tagId ?? json, query };
}

/** Who a campaign to this tag ('' = all users) would reach right now. */
/** Who the audience (spec §10.9) reaches now; the last count stays on screen while the next one loads. */
export function useAudienceQuery(pageId: string | undefined, audience: CampaignAudience) {
  const { key, query } = audienceRequest(audience);
  return useQuery({
    queryKey: queryKeys.campaigns.audience(pageId ?? '', key),
    enabled: Boolean(pageId),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await tsr.campaigns.audiencePreview.query({
          params: { pageId: pageId ?? '' },
          query,
        }),
        200,
      ),
  });
}

/** The review's contact to preview with and the admin's own conversation; read each time it opens. */
export function useCampaignReviewQuery(
  pageId: string | undefined,
  audience: CampaignAudience,
  open: boolean,
) {
  const { key, query } = audienceRequest(audience);
  return useQuery({
    queryKey: queryKeys.campaigns.review(pageId ?? '', key),
    enabled: Boolean(pageId) && open,
    staleTime: 0,
    queryFn: async () =>
      unwrap(
        await tsr.campaigns.campaignReview.query({
          params: { pageId: pageId ?? '' },
          // The same audience the reach preview counted (useAudienceQuery).
          query,
        }),
        200,
      ),
  });
}

/** 'Send a test to me': the message to the admin's own conversation with the page. */
export function useSendTestMessage(pageId: string | undefined) {
  return useMutation({
    mutationFn: pageRequest(
      pageId,
      async (id, { msg, imageUrl }: { msg: string; imageUrl?: string }) =>
        unwrap(
          await tsr.campaigns.sendTestMessage.mutate({
            params: { pageId: id },
            body: { msg, ...(imageUrl ? { imageUrl } : {}) },
          }),
          200,
        ),
    ),
  });
}

/**
 * Schedules a campaign for the page. A failure rejects with an ApiError whose message (`fallback` when
 * the server sent none) and fieldErrors the schedule screen shows.
 */
export function useCreateCampaign(pageId: string | undefined, fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pageRequest(pageId, async (id, values: CampaignFormValues) =>
      unwrap(
        await tsr.campaigns.createCampaign.mutate({ body: toCreateCampaignBody(values, id) }),
        201,
        fallback,
      ),
    ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all }),
  });
}

/**
 * 'Tag these recipients': the campaign's recipients of a filter get the tag; the page's tag counts and the
 * inbox's tags are read again.
 */
export function useTagCampaignRecipients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      pageId: string;
      campaignId: string;
      tagId: string;
      outcome: Outcome | '';
    }) =>
      unwrap(
        await tsr.campaigns.tagCampaignRecipients.mutate({
          params: { campaignId: input.campaignId },
          body: { tagId: input.tagId, ...(input.outcome ? { outcome: input.outcome } : {}) },
        }),
        200,
      ),
    onSuccess: (_data, input) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.tags.list(input.pageId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all(input.pageId) });
    },
  });
}

/** Cancels a pending or processing campaign; every campaign query refreshes, whatever the answer. */
export function useCancelCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (campaignId: string) =>
      unwrap(await tsr.campaigns.cancelCampaign.mutate({ params: { campaignId }, body: {} }), 200),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all }),
  });
}

/** 'Stop waiting for returns' on a campaign still delivering on return; every campaign query refreshes. */
export function useStopReturns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (campaignId: string) =>
      unwrap(await tsr.campaigns.stopReturns.mutate({ params: { campaignId }, body: {} }), 200),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all }),
  });
}

/** The recipients CSV (the contract's export route) through fetch with the session cookie, saved as a
 *  download: the ts-rest client reads answers as JSON or text, not as a file. */
export async function downloadRecipientsCsv(campaign: Campaign, failedMessage: string) {
  const url = routeUrl(contract.campaigns.exportCampaignRecipients, { campaignId: campaign.id });
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(failedMessage);
  const blob = await res.blob();
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    'recipients.csv';
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
