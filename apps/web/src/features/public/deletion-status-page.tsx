import { getRouteApi } from '@tanstack/react-router';
import { DeletionStatusScreen } from '@pagecast/ui';
import { ApiError, errorMessage } from '../../lib/query';
import { useDeletionStatusQuery } from './queries';

export { DELETION_STATUS_POLL_MS } from './queries';

const route = getRouteApi('/deletion-status/$userId');

/** /deletion-status/{userId}: public status of a data deletion request (spec §2), polled while in progress. */
export function DeletionStatusPage() {
  const { userId } = route.useParams();
  const query = useDeletionStatusQuery(userId);
  if (query.isPending) return <DeletionStatusScreen state="loading" />;
  // An unknown code is an answer, not a failure: said plainly, without the red 'Error'.
  if (query.isError && query.error instanceof ApiError && query.error.status === 404)
    return <DeletionStatusScreen state="unknown" />;
  if (query.isError) {
    return (
      <DeletionStatusScreen
        state="error"
        errorMessage={errorMessage(query.error, 'Something went wrong')}
      />
    );
  }
  return <DeletionStatusScreen state="ready" status={query.data} />;
}
