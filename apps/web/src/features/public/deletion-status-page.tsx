import { getRouteApi } from '@tanstack/react-router';
import { DeletionStatusScreen } from '@pagecast/ui';
import { tsr } from '../../lib/api';
import { errorMessage } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';

const route = getRouteApi('/deletion-status/$userId');

/** While the deletion runs the page refreshes itself (spec §4: 'in progress' until deleted is true). */
export const DELETION_STATUS_POLL_MS = 5000;

/** /deletion-status/{userId}: public status of a data deletion request (spec §2), polled while in progress. */
export function DeletionStatusPage() {
  const { userId } = route.useParams();
  const query = tsr.user.deletionStatus.useQuery({
    queryKey: queryKeys.deletionStatus(userId),
    queryData: { params: { id: userId } },
    refetchInterval: (q) =>
      q.state.data?.status === 200 && !q.state.data.body.deleted ? DELETION_STATUS_POLL_MS : false,
  });
  if (query.isPending) return <DeletionStatusScreen state="loading" />;
  if (query.isError || query.data.status !== 200) {
    return (
      <DeletionStatusScreen
        state="error"
        errorMessage={errorMessage(query.error ?? query.data, 'Something went wrong')}
      />
    );
  }
  return <DeletionStatusScreen state="ready" status={query.data.body} />;
}
