import { useQuery } from '@tanstack/react-query';
import { tsr } from '../../lib/api';
import { unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';

/** The signed-in admin's plan and credits; fetched once `enabled` (the user menu's expander opened). */
export function useSubscriptionQuery(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.subscription(),
    enabled,
    staleTime: 60_000,
    queryFn: async () => unwrap(await tsr.pages.getSubscription.query(), 200),
  });
}
