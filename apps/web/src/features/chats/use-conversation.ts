// The open conversation: which chat is selected (the first recipient once the list loads, spec §4) and its
// messages query, with Load Older.
import { useEffect, useState } from 'react';
import type { InboxScreenProps } from '@pagecast/ui/screens/inbox';
import { errorMessage } from '../../lib/query';
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
    if (!selectedId && firstRecipientId) setSelectedId(firstRecipientId);
  }, [selectedId, firstRecipientId]);

  const query = useConversationQuery(pageId, selectedId);
  return {
    selectedId,
    data: query.data,
    props: {
      selectedId,
      // Stable (a state setter): the conversation rows are memoized on their callbacks.
      onSelect: setSelectedId,
      messagesLoading: Boolean(selectedId) && query.isPending,
      messagesError:
        query.isError && !query.data
          ? errorMessage(query.error, query.error.message || 'Could not load messages')
          : null,
      hasOlder: Boolean(query.hasNextPage),
      loadingOlder: query.isFetchingNextPage,
      onLoadOlder: () => void query.fetchNextPage(),
    },
  };
}
