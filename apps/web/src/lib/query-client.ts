import { QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@pagecast/contract';

/** Spec §9 query defaults: no retries, unused data kept 60 s; refetch on focus/reconnect stays on. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 0,
        gcTime: TIMINGS.queryGcTimeMs,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: 0 },
    },
  });
}

export const queryClient = createQueryClient();
