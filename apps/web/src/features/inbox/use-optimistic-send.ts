// Sending from the inbox: the message shows at once as 'Sending', joins the conversation when the server
// stores it, and stays with a Retry when the call fails.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@pagecast/ui';
import type { InboxMessage, InboxScreenProps } from '@pagecast/ui/screens/inbox';
import { queryKeys } from '../../lib/query-keys';
import { addMessage, conversationOldestFirst, type ConversationData } from './cache';
import { sendMessage } from './queries';

export const SEND_FAILED_LOG = 'Error sending message';

/** A message not yet confirmed by the server (`state` 'sending' or 'failed'). */
export type PendingMessage = InboxMessage & { userId: string; sameTextBefore: number };

/**
 * The live stream can deliver the page's own message before the send request answers: the optimistic copy
 * would show twice ('Sending' and sent) for that moment. A message still sending is hidden once the
 * conversation holds more page messages with its text than when it was sent (`sameTextBefore`); each new
 * one stands in for one pending copy only.
 */
export function withoutEchoed<P extends InboxMessage & { sameTextBefore: number }>(
  pending: P[],
  confirmed: Array<{ message: string; sentBy: string }>,
  pageId: string,
): P[] {
  const claimed = new Map<string, number>();
  return pending.filter((p) => {
    if (p.state !== 'sending') return true;
    const copies = confirmed.filter((m) => m.sentBy === pageId && m.message === p.message).length;
    const taken = claimed.get(p.message) ?? 0;
    if (copies - taken <= p.sameTextBefore) return true;
    claimed.set(p.message, taken + 1);
    return false;
  });
}

export type OptimisticSendProps = Pick<InboxScreenProps, 'messages' | 'onSend' | 'onRetry'>;

/** The open chat's messages (confirmed, oldest first, then its pending ones) with Send and Retry. */
export function useOptimisticSend(
  pageId: string,
  selectedId: string | null,
  conversation: ConversationData | undefined,
): OptimisticSendProps {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const sendSeq = useRef(0);

  const deliver = useCallback(
    async (userId: string, localId: string, text: string): Promise<boolean> => {
      setPending((list) => list.map((p) => (p.id === localId ? { ...p, state: 'sending' } : p)));
      try {
        const message = await sendMessage(pageId, userId, text);
        queryClient.setQueryData<ConversationData>(
          queryKeys.inbox.conversation(pageId, userId),
          (data) => (data ? addMessage(data, message) : data),
        );
        setPending((list) => list.filter((p) => p.id !== localId));
        void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.all(pageId) });
        return true;
      } catch (err) {
        console.error(SEND_FAILED_LOG, err);
        setPending((list) => list.map((p) => (p.id === localId ? { ...p, state: 'failed' } : p)));
        toast.error(err instanceof Error ? err.message : 'The message could not be sent.');
        return false;
      }
    },
    [pageId, queryClient],
  );

  const onSend = async (text: string) => {
    const userId = selectedId;
    if (!userId || text.trim() === '') return false;
    const localId = `local-${++sendSeq.current}`;
    setPending((list) => [
      ...list,
      {
        id: localId,
        userId,
        message: text,
        createdAt: new Date().toISOString(),
        sentBy: pageId,
        state: 'sending',
        sameTextBefore: conversationOldestFirst(
          queryClient.getQueryData<ConversationData>(queryKeys.inbox.conversation(pageId, userId)),
        ).filter((m) => m.sentBy === pageId && m.message === text).length,
      },
    ]);
    return deliver(userId, localId, text);
  };

  const onRetry = (localId: string) => {
    const p = pending.find((x) => x.id === localId);
    if (p && p.state === 'failed') void deliver(p.userId, p.id, p.message);
  };

  const messages: InboxMessage[] = useMemo(() => {
    const confirmed = conversationOldestFirst(conversation);
    return [
      ...confirmed,
      ...withoutEchoed(
        pending.filter((p) => p.userId === selectedId),
        confirmed,
        pageId,
      ),
    ];
  }, [conversation, pending, selectedId, pageId]);

  return { messages, onSend, onRetry };
}
