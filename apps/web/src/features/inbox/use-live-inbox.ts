// Applies the page's live events to the react-query caches: a contact's message shows in the open chat and
// moves the conversation to the top, with no reload.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Recipient } from '@pagecast/contract';
import { useNavigate } from '@tanstack/react-router';
import { contract } from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import { INBOX_TEXT } from '@pagecast/ui/screens/inbox';
import { handleUnauthorized } from '../../lib/api';
import { routeUrl } from '../../lib/query';
import { queryKeys, type RecipientSearch } from '../../lib/query-keys';
import {
  addMessage,
  matchesQueue,
  removeRecipient,
  applyEdit,
  applyReaction,
  applyWatermark,
  moveRecipientToTop,
  upsertRecipient,
  type ConversationData,
  type LiveEvent,
  type RecipientsData,
} from './cache';
import { useAuthStore, usePagesStore } from '../../stores';
import { connectLiveEvents } from './live-events';
import { createCountsRefresher } from './queue-refresh';

/** Every searched or filtered recipients list of the page (not the plain one). */
const searches = (pageId: string) => ({
  queryKey: queryKeys.inbox.recipients(pageId),
  predicate: (q: { queryKey: readonly unknown[] }) => q.queryKey.length > 3,
});

/**
 * A contact as listed now (a live contact event, or the answer to a queue change): replaced in the plain
 * list; in a search or filter where listed, replaced, or taken out when its queue no longer matches; a
 * queue-filtered list it now belongs in is fetched again. The queue's counts follow: at once, or through
 * `refreshCounts` (the live stream's, which coalesces a burst of events into one refetch).
 */
export function applyRecipient(
  queryClient: QueryClient,
  pageId: string,
  recipient: Recipient,
  meId: string | undefined,
  refreshCounts?: () => void,
): void {
  queryClient.setQueryData<RecipientsData>(queryKeys.inbox.recipients(pageId), (data) =>
    data ? upsertRecipient(data, recipient) : data,
  );
  for (const [key, data] of queryClient.getQueriesData<RecipientsData>(searches(pageId))) {
    if (!data) continue;
    const search = key[3] as RecipientSearch | undefined;
    const listed = data.pages.some((p) => p.recipients.some((r) => r.id === recipient.id));
    const matches = !search || matchesQueue(recipient, search, meId);
    if (listed)
      queryClient.setQueryData<RecipientsData>(
        key,
        matches ? upsertRecipient(data, recipient) : removeRecipient(data, recipient.id),
      );
    else if (matches && search && (search.filter !== 'all' || search.assignee !== 'all'))
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
  if (refreshCounts) refreshCounts();
  else void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.queue(pageId) });
}

/** Streams the page's live events while `signedIn` (the stream is authenticated by the session cookie). */
export function useLiveInbox(pageId: string | undefined, signedIn: boolean): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const meId = useAuthStore((s) => s.user?.userId);
  useEffect(() => {
    if (!pageId || !signedIn) return;
    const counts = createCountsRefresher(queryClient, pageId);
    const apply = (event: LiveEvent) => {
      if (event.type === 'message') {
        queryClient.setQueryData<ConversationData>(
          queryKeys.inbox.conversation(pageId, event.psid),
          (data) => (data ? addMessage(data, event.message) : data),
        );
        let missing = false;
        queryClient.setQueryData<RecipientsData>(queryKeys.inbox.recipients(pageId), (data) => {
          if (!data) return data;
          const next = moveRecipientToTop(data, event.psid, event.message);
          if (!next) missing = true;
          return next ?? data;
        });
        // Searches and filters: move the row where it is listed (a search is re-run when it changes).
        queryClient.setQueriesData<RecipientsData>(searches(pageId), (data) =>
          data ? (moveRecipientToTop(data, event.psid, event.message) ?? data) : data,
        );
        // A conversation we have not listed yet (new contact, or beyond the loaded pages): reload the list.
        if (missing)
          void queryClient.invalidateQueries({
            queryKey: queryKeys.inbox.recipients(pageId),
            exact: true,
          });
      } else if (event.type === 'delivery' || event.type === 'read') {
        queryClient.setQueryData<ConversationData>(
          queryKeys.inbox.conversation(pageId, event.psid),
          (data) =>
            data
              ? applyWatermark(
                  data,
                  pageId,
                  event.watermark,
                  event.type === 'read' ? 'read' : 'delivered',
                )
              : data,
        );
      } else if (event.type === 'reaction') {
        queryClient.setQueryData<ConversationData>(
          queryKeys.inbox.conversation(pageId, event.psid),
          (data) => (data ? applyReaction(data, event.messageId, event.reaction) : data),
        );
      } else if (event.type === 'edit') {
        queryClient.setQueryData<ConversationData>(
          queryKeys.inbox.conversation(pageId, event.psid),
          (data) => (data ? applyEdit(data, event.messageId, event.text) : data),
        );
      } else if (event.type === 'note') {
        void queryClient.invalidateQueries({
          queryKey: queryKeys.inbox.notes(pageId, event.psid),
        });
      } else if (event.type === 'contact') {
        applyRecipient(queryClient, pageId, event.recipient, meId, counts.request);
      }
    };
    const disconnect = connectLiveEvents({
      url: routeUrl(contract.inbox.events, { pageId }),
      onMessage: (m) => {
        if (m.kind === 'event') apply(m.event);
        else void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all(pageId) });
      },
      // After a reconnect, events in the gap were missed: refetch what is on screen.
      onOpen: (reconnect) => {
        if (reconnect)
          void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all(pageId) });
      },
      onUnauthorized: handleUnauthorized,
      // The admin lost this page (or its messaging role) on Facebook: back to choosing a page.
      onPageAccessLost: () => {
        toast.error(INBOX_TEXT.pageAccessLost);
        usePagesStore.getState().setSelectedPage(null);
        void queryClient.invalidateQueries();
        void navigate({ to: '/select', replace: true });
      },
    });
    return () => {
      disconnect();
      counts.cancel();
    };
  }, [pageId, signedIn, queryClient, navigate, meId]);
}
