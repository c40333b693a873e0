// The inbox as a team's queue (docs/inbox.md "The queue"): resolve / reopen / snooze and assign the open
// conversation, the page's messaging admins, resolving the unreachable at once, and the counts behind the
// tab title. Each answer is the contact as listed now, put in every cached list at once (the live event
// that follows changes nothing more).
import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationStatusBody, Recipient } from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import { INBOX_TEXT, type InboxScreenProps } from '@pagecast/ui/screens/inbox';
import { tsr } from '../../lib/api';
import { errorMessage, unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';
import { useAuthStore } from '../../stores';
import { applyRecipient } from './use-live-inbox';
import {
  assignConversation,
  resolveUnreachable,
  setConversationStatus,
  updateInboxSettings,
  useAssigneesQuery,
  useInboxSettingsQuery,
  useQueueCountsQuery,
} from './queries';

export type QueueProps = Pick<
  InboxScreenProps,
  | 'meId'
  | 'assignees'
  | 'onStatusChange'
  | 'onAssign'
  | 'queueBusy'
  | 'unreachableCount'
  | 'onResolveUnreachable'
  | 'resolvingUnreachable'
  | 'resolveOnReply'
  | 'onResolveOnReplyChange'
>;

export function useQueue(pageId: string, openId: string | null): QueueProps & { mine: number } {
  const queryClient = useQueryClient();
  const meId = useAuthStore((s) => s.user?.userId);
  const counts = useQueueCountsQuery(pageId);
  const assignees = useAssigneesQuery(pageId);
  // How many open conversations no message can reach (the bulk action's label); live `contact` events
  // refresh it with the other counts (use-live-inbox.ts).
  const unreachable = useQuery({
    queryKey: queryKeys.inbox.unreachable(pageId),
    queryFn: async () =>
      unwrap(
        await tsr.inbox.countRecipients.query({
          params: { pageId },
          query: { filter: 'unreachable' },
        }),
        200,
      ).count,
  });
  const settings = useInboxSettingsQuery(pageId);
  const [busy, setBusy] = useState(false);
  const [resolving, setResolving] = useState(false);

  const settle = useCallback(
    (recipient: Recipient) => {
      applyRecipient(queryClient, pageId, recipient, meId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.queue(pageId) });
    },
    [queryClient, pageId, meId],
  );
  const run = useCallback(
    async (call: () => Promise<Recipient>) => {
      setBusy(true);
      try {
        settle(await call());
      } catch (err) {
        toast.error(errorMessage(err, INBOX_TEXT.statusFailed));
      } finally {
        setBusy(false);
      }
    },
    [settle],
  );

  const onStatusChange = useCallback(
    (body: ConversationStatusBody) => {
      if (openId) void run(() => setConversationStatus(pageId, openId, body));
    },
    [run, pageId, openId],
  );
  const onAssign = useCallback(
    (userId: string | null) => {
      if (openId) void run(() => assignConversation(pageId, openId, userId));
    },
    [run, pageId, openId],
  );
  const onResolveUnreachable = useCallback(() => {
    setResolving(true);
    resolveUnreachable(pageId)
      .then((n) => {
        toast.success(INBOX_TEXT.resolvedUnreachable(n));
        void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all(pageId) });
      })
      .catch((err: unknown) => toast.error(errorMessage(err, INBOX_TEXT.statusFailed)))
      .finally(() => setResolving(false));
  }, [pageId, queryClient]);

  const onResolveOnReplyChange = useCallback(
    (on: boolean) => {
      updateInboxSettings(pageId, { resolveOnReply: on })
        .then((next) => queryClient.setQueryData(queryKeys.inbox.settings(pageId), next))
        .catch((err: unknown) => toast.error(errorMessage(err, INBOX_TEXT.statusFailed)));
    },
    [pageId, queryClient],
  );

  return {
    ...(meId ? { meId } : {}),
    ...(settings.data
      ? { resolveOnReply: settings.data.resolveOnReply, onResolveOnReplyChange }
      : {}),
    ...(assignees.data ? { assignees: assignees.data } : {}),
    onStatusChange,
    onAssign,
    queueBusy: busy,
    unreachableCount: unreachable.data ?? 0,
    onResolveUnreachable,
    resolvingUnreachable: resolving,
    mine: counts.data?.mine ?? 0,
  };
}

/**
 * '(3) Chats · Page — Pagecast': the open conversations assigned to the signed-in admin, else the unread
 * messages; the plain title again on leaving.
 */
export function useQueueTitle(mine: number, recipients: readonly Recipient[]): void {
  const unread = recipients.reduce((n, r) => n + r.unreadCount, 0);
  const total = mine > 0 ? mine : unread;
  useEffect(() => {
    // After the route's own title effect (a parent's effects run after its children's).
    const t = setTimeout(() => {
      const plain = document.title.replace(/^\(\d+\+?\) /, '');
      document.title = total > 0 ? `(${total > 99 ? '99+' : total}) ${plain}` : plain;
    }, 0);
    return () => {
      clearTimeout(t);
      document.title = document.title.replace(/^\(\d+\+?\) /, '');
    };
  }, [total]);
}
