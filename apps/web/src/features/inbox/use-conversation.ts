// The open conversation: which chat is selected (the first recipient once the list loads, spec §4) and its
// messages query, with Load Older.
import { startTransition, useEffect, useState } from 'react';
import type { InboxScreenProps } from '@pagecast/ui/screens/inbox';
import { firstLoadError } from '../../lib/query';
import { useFirstDataDeferred } from '../../lib/use-first-data-deferred';
import type { ConversationData } from './cache';
import { useConversationQuery } from './queries';

export type ConversationProps = Pick<
  InboxScreenProps,
  | 'selectedId'
  | 'onSelect'
  | 'messagesLoading'
  | 'messagesError'
  | 'hasOlder'
  | 'loadingOlder'
  | 'onLoadOlder'
>;

export function useConversation(
  pageId: string,
  firstRecipientId: string | null,
): { selectedId: string | null; data: ConversationData | undefined; props: ConversationProps } {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  useEffect(() => {
    // A transition: opening the chat panel renders in slices, not in one task after the list's.
    if (!selectedId && firstRecipientId) startTransition(() => setSelectedId(firstRecipientId));
  }, [selectedId, firstRecipientId]);

  const query = useConversationQuery(pageId, selectedId);
  const data = useFirstDataDeferred(query.data);
  return {
    selectedId,
    data,
    props: {
      selectedId,
      // Stable (a state setter): the conversation rows are memoized on their callbacks.
      onSelect: setSelectedId,
      messagesLoading: Boolean(selectedId) && data === undefined && !query.isError,
      messagesError: firstLoadError(query, 'Could not load messages'),
      hasOlder: Boolean(query.hasNextPage),
      loadingOlder: query.isFetchingNextPage,
      onLoadOlder: () => void query.fetchNextPage(),
    },
  };
}
