// The inbox's conversation list: the recipients query flattened for the screen, and Load More.
import { useMemo } from 'react';
import type { InboxScreenProps } from '@pagecast/ui/screens/inbox';
import { errorMessage } from '../../lib/query';
import { flattenRecipients } from './cache';
import { useRecipientsQuery } from './queries';

export const LOAD_MORE_FAILED_LOG = 'Failed to load more recipients';

export type RecipientsProps = Pick<
  InboxScreenProps,
  'recipients' | 'recipientsLoading' | 'recipientsError' | 'hasMore' | 'loadingMore' | 'onLoadMore'
>;

export function useRecipients(pageId: string): RecipientsProps {
  const query = useRecipientsQuery(pageId);
  const recipients = useMemo(() => flattenRecipients(query.data), [query.data]);
  const onLoadMore = () => {
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    void query.fetchNextPage().then((r) => {
      if (r.isError) console.error(LOAD_MORE_FAILED_LOG, r.error);
    });
  };
  return {
    recipients,
    recipientsLoading: query.isPending,
    // An error after a first success keeps the list (a failed Load More is only logged).
    recipientsError:
      query.isError && !query.data
        ? errorMessage(query.error, query.error.message || 'Could not load conversations')
        : null,
    hasMore: Boolean(query.hasNextPage),
    loadingMore: query.isFetchingNextPage,
    onLoadMore,
  };
}
