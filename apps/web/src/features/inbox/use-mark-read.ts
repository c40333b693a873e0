// Opening a conversation (or reading it while the contact writes) marks it read for the page: its unread
// count goes to 0 here at once and on the server (which tells the page's other admins). The tab's title
// is use-queue.ts#useQueueTitle.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Recipient } from '@pagecast/contract';
import { queryKeys } from '../../lib/query-keys';
import { clearUnread, type RecipientsData } from './cache';
import { markConversationRead } from './queries';

export function useMarkRead(pageId: string, open: Recipient | null): void {
  const queryClient = useQueryClient();
  const inFlight = useRef<string | null>(null);
  const unread = open?.unreadCount ?? 0;
  const openId = open?.id ?? null;
  useEffect(() => {
    if (!openId || unread === 0 || inFlight.current === openId) return;
    // A background tab has not been read by anyone: wait until it is visible.
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
      const onVisible = () => {
        if (document.visibilityState === 'visible') markNow();
      };
      document.addEventListener('visibilitychange', onVisible);
      return () => document.removeEventListener('visibilitychange', onVisible);
    }
    markNow();
    return undefined;

    function markNow() {
      if (!openId) return;
      inFlight.current = openId;
      queryClient.setQueriesData<RecipientsData>(
        { queryKey: queryKeys.inbox.recipients(pageId) },
        (data) => (data ? clearUnread(data, openId) : data),
      );
      markConversationRead(pageId, openId)
        .catch(() => {
          // Not critical: the count comes back with the next list refresh and is cleared then.
        })
        .finally(() => {
          inFlight.current = null;
        });
    }
  }, [pageId, openId, unread, queryClient]);
}
