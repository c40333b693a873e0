import { getRouteApi } from '@tanstack/react-router';
import { DeletionStatusScreen } from '@pagecast/ui';
import { errorMessage, tsr } from '../../lib/api';

const route = getRouteApi('/deletion-status/$userId');

/** /deletion-status/{userId}: public status of a data deletion request (spec §2). */
export function DeletionStatusPage() {
  const { userId } = route.useParams();
  const query = tsr.user.deletionStatus.useQuery({
    queryKey: ['deletion-status', userId],
    queryData: { params: { id: userId } },
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
