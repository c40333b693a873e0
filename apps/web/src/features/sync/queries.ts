import { useMutation, useQuery } from '@tanstack/react-query';
import { TIMINGS } from '@pagecast/contract';
import { tsr } from '../../lib/api';
import { unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';

/** A sync job's status, polled every 5 s (in the background too) while there is a job id. */
export function useSyncStatusQuery(jobId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.syncStatus(jobId ?? ''),
    enabled: !!jobId,
    refetchInterval: TIMINGS.syncStatusPollMs,
    refetchIntervalInBackground: true,
    queryFn: async () =>
      unwrap(await tsr.pages.syncStatus.query({ params: { jobId: jobId ?? '' } }), 200),
  });
}

/** Asks the server to sync a page; resolves with the job to track. */
export function useStartSync() {
  return useMutation({
    mutationFn: async (pageId: string) =>
      unwrap(await tsr.pages.syncPage.mutate({ params: { pageId }, body: {} }), 202),
  });
}
