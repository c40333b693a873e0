// The inbox's conversation list: the recipients query flattened for the screen, Load More, and the
// server-side search (names and message text, debounced) with its state and tag filters.
import { useEffect, useMemo, useState } from 'react';
import type { InboxAssigneeFilter, InboxFilter } from '@pagecast/contract';
import type { InboxScreenProps } from '@pagecast/ui/screens/inbox';
import { firstLoadError } from '../../lib/query';
import { useFirstDataDeferred } from '../../lib/use-first-data-deferred';
import type { RecipientSearch } from '../../lib/query-keys';
import { flattenRecipients } from './cache';
import { useRecipientsQuery } from './queries';

export const LOAD_MORE_FAILED_LOG = 'Failed to load more recipients';
/** Typing pauses this long before the server is asked (one request per word, not per key). */
export const SEARCH_DEBOUNCE_MS = 250;

export type RecipientsProps = Pick<
  InboxScreenProps,
  | 'recipients'
  | 'recipientsLoading'
  | 'recipientsError'
  | 'hasMore'
  | 'loadingMore'
  | 'onLoadMore'
  | 'search'
  | 'onSearchChange'
  | 'searching'
  | 'filter'
  | 'onFilterChange'
  | 'tagFilter'
  | 'onTagFilterChange'
  | 'assigneeFilter'
  | 'onAssigneeFilterChange'
>;

export function useRecipients(
  pageId: string,
  initial: Partial<Pick<RecipientSearch, 'tagId' | 'filter' | 'assignee'>> = {},
): RecipientsProps & { match: RecipientSearch } {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<InboxFilter>(initial.filter ?? 'all');
  const [tagId, setTagId] = useState<string | null>(initial.tagId ?? null);
  const [assignee, setAssignee] = useState<InboxAssigneeFilter>(initial.assignee ?? 'all');
  useEffect(() => {
    const words = search.trim();
    if (words === q) return;
    const t = setTimeout(() => setQ(words), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search, q]);

  const match = useMemo(() => ({ q, filter, assignee, tagId }), [q, filter, assignee, tagId]);
  const query = useRecipientsQuery(pageId, match);
  const data = useFirstDataDeferred(query.data);
  const recipients = useMemo(() => flattenRecipients(data), [data]);
  const onLoadMore = () => {
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    void query.fetchNextPage().then((r) => {
      if (r.isError) console.error(LOAD_MORE_FAILED_LOG, r.error);
    });
  };
  return {
    recipients,
    recipientsLoading: data === undefined && !query.isError,
    // An error after a first success keeps the list (a failed Load More is only logged).
    recipientsError: firstLoadError(query, 'Could not load conversations'),
    hasMore: Boolean(query.hasNextPage),
    loadingMore: query.isFetchingNextPage,
    onLoadMore,
    search,
    onSearchChange: setSearch,
    // The previous results stay while new ones load: say so.
    searching: search.trim() !== q || query.isPlaceholderData,
    filter,
    onFilterChange: setFilter,
    tagFilter: tagId,
    onTagFilterChange: setTagId,
    assigneeFilter: assignee,
    onAssigneeFilterChange: setAssignee,
    match,
  };
}
