// The Webhooks screen's calls: the page's endpoints and their changes, each endpoint's delivery log (paged,
// refreshed while a delivery is still being tried), 'Send test event' and 'Replay'.
import {
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type WebhookDelivery,
} from '@pagecast/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tsr } from '../../lib/api';
import { noPageSelected, unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';

/** How often an open log is read again while one of its deliveries is pending or retrying. */
export const LOG_REFRESH_MS = 2000;

export function useWebhooksQuery(pageId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.webhooks.list(pageId ?? ''),
    enabled: Boolean(pageId),
    queryFn: async () =>
      unwrap(await tsr.webhooks.listWebhooks.query({ params: { pageId: pageId ?? '' } }), 200),
  });
}

export const inFlight = (d: WebhookDelivery) => d.state === 'pending' || d.state === 'retrying';

/** One endpoint's deliveries, newest first, a page at a time. */
export function useDeliveriesQuery(webhookId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.webhooks.deliveries(webhookId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await tsr.webhooks.listWebhookDeliveries.query({
          params: { webhookId },
          query: pageParam ? { after: pageParam } : {},
        }),
        200,
      ),
    getNextPageParam: (last) => last.paging.nextCursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.deliveries.some(inFlight)) ? LOG_REFRESH_MS : false,
  });
}

/** The calls that change endpoints; each refreshes the list (and the log it touched) once it lands. */
export function useWebhookActions(pageId: string | undefined) {
  const queryClient = useQueryClient();
  const refreshList = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.list(pageId ?? '') }),
    [queryClient, pageId],
  );
  const refreshLog = useCallback(
    async (webhookId: string) => {
      const queryKey = queryKeys.webhooks.deliveries(webhookId);
      // A log opened by this very click is still on its first read, sent before the delivery existed; a
      // refetch would join that read (it has no data to keep), so it is cancelled and read anew.
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    },
    [queryClient],
  );

  async function create(body: CreateWebhookBody) {
    if (!pageId) throw noPageSelected();
    const created = unwrap(
      await tsr.webhooks.createWebhook.mutate({ params: { pageId }, body }),
      201,
      'Could not add the webhook',
    );
    void refreshList();
    return created;
  }

  async function update(webhookId: string, body: UpdateWebhookBody) {
    const updated = unwrap(
      await tsr.webhooks.updateWebhook.mutate({ params: { webhookId }, body }),
      200,
      'Could not save the webhook',
    );
    void refreshList();
    return updated;
  }

  async function remove(webhookId: string) {
    unwrap(
      await tsr.webhooks.deleteWebhook.mutate({ params: { webhookId } }),
      200,
      'Could not delete the webhook',
    );
    void refreshList();
  }

  /** Answers the server's 'queued' message. */
  async function sendTest(webhookId: string) {
    const res = unwrap(
      await tsr.webhooks.testWebhook.mutate({ params: { webhookId } }),
      202,
      'Could not send the test event',
    );
    void refreshLog(webhookId);
    return res.message;
  }

  async function replay(webhookId: string, deliveryId: string) {
    const res = unwrap(
      await tsr.webhooks.replayWebhookDelivery.mutate({ params: { deliveryId } }),
      202,
      'Could not replay the delivery',
    );
    void refreshLog(webhookId);
    return res.message;
  }

  return { create, update, remove, sendTest, replay, refreshList };
}
