// The queue's counts (needs reply, unread, mine, unreachable) follow the live stream without a request per
// event: a broadcast's replies or a bulk resolve arrive as bursts of `contact` events, and each burst
// becomes one refetch a moment after it ends (and at least one every `maxWaitMs` while it lasts).
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

export interface CountsRefresher {
  /** Asks for a refetch of the page's queue counts, coalesced with the others of the same burst. */
  request: () => void;
  /** Drops a pending refetch (the inbox closed). */
  cancel: () => void;
}

export function createCountsRefresher(
  queryClient: QueryClient,
  pageId: string,
  { waitMs = 750, maxWaitMs = 5_000 }: { waitMs?: number; maxWaitMs?: number } = {},
): CountsRefresher {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstAt: number | undefined;
  const fire = () => {
    timer = undefined;
    firstAt = undefined;
    void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.queue(pageId) });
  };
  return {
    request: () => {
      const now = Date.now();
      firstAt ??= now;
      if (timer) clearTimeout(timer);
      timer = setTimeout(fire, Math.max(0, Math.min(waitMs, firstAt + maxWaitMs - now)));
    },
    cancel: () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      firstAt = undefined;
    },
  };
}
