import { useQuery } from '@tanstack/react-query';
import { tsr } from '../../lib/api';
import { unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';

/** While the deletion runs the page refreshes itself (spec §4: 'in progress' until deleted is true). */
export const DELETION_STATUS_POLL_MS = 5000;

/** The public status of a data deletion request, polled until it is deleted. */
export function useDeletionStatusQuery(userId: string) {
  return useQuery({
    queryKey: queryKeys.deletionStatus(userId),
    queryFn: async () =>
      unwrap(await tsr.user.deletionStatus.query({ params: { id: userId } }), 200),
    refetchInterval: (q) =>
      q.state.data && !q.state.data.deleted ? DELETION_STATUS_POLL_MS : false,
  });
}
