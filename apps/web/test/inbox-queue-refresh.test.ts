import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../src/lib/query-keys';
import { applyRecipient } from '../src/features/inbox/use-live-inbox';
import { createCountsRefresher } from '../src/features/inbox/queue-refresh';
import { makeRecipient as recipient } from './recipient-fixture';

const PAGE = '500000000000001';

/** A client with the inbox's unreachable count and queue counts on screen (observed), counting fetches. */
function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let unreachable = 3;
  const fetches = { unreachable: 0, counts: 0 };
  const observers = [
    new QueryObserver(queryClient, {
      queryKey: queryKeys.inbox.unreachable(PAGE),
      queryFn: () => {
        fetches.unreachable++;
        return unreachable;
      },
    }),
    new QueryObserver(queryClient, {
      queryKey: queryKeys.inbox.queue(PAGE),
      queryFn: () => {
        fetches.counts++;
        return { needsReply: 0, unread: 0, mine: 0 };
      },
    }),
  ];
  const unsubscribe = observers.map((o) => o.subscribe(() => undefined));
  return {
    queryClient,
    fetches,
    setUnreachable: (n: number) => (unreachable = n),
    count: () => queryClient.getQueryData<number>(queryKeys.inbox.unreachable(PAGE)),
    stop: () => unsubscribe.forEach((u) => u()),
  };
}

describe('the unreachable count follows live contact events', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a contact who writes again leaves the count after one coalesced refetch', async () => {
    const s = setup();
    await vi.runAllTimersAsync();
    expect(s.count()).toBe(3);
    const counts = createCountsRefresher(s.queryClient, PAGE, { waitMs: 500, maxWaitMs: 5000 });
    s.setUnreachable(2);
    applyRecipient(
      s.queryClient,
      PAGE,
      recipient('c1', { windowOpen: true }),
      undefined,
      counts.request,
    );
    // Not at once: the burst may go on.
    expect(s.fetches.unreachable).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(s.fetches.unreachable).toBe(2);
    expect(s.fetches.counts).toBe(2);
    expect(s.count()).toBe(2);
    s.stop();
  });

  it('a burst of 200 events is one refetch, not 200', async () => {
    const s = setup();
    await vi.runAllTimersAsync();
    const counts = createCountsRefresher(s.queryClient, PAGE, { waitMs: 500, maxWaitMs: 5000 });
    for (let i = 0; i < 200; i++) {
      applyRecipient(s.queryClient, PAGE, recipient(`c${i}`), undefined, counts.request);
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(500);
    expect(s.fetches.unreachable).toBe(2);
    expect(s.fetches.counts).toBe(2);
    s.stop();
  });

  it('a burst that goes on still refreshes the count every maxWait', async () => {
    const s = setup();
    await vi.runAllTimersAsync();
    const counts = createCountsRefresher(s.queryClient, PAGE, { waitMs: 500, maxWaitMs: 2000 });
    // One event every 100 ms for 5 s: the quiet moment never comes.
    for (let i = 0; i < 50; i++) {
      counts.request();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(s.fetches.unreachable).toBe(1 + 2);
    s.stop();
  });

  it('cancel drops the pending refetch (the inbox closed)', async () => {
    const s = setup();
    await vi.runAllTimersAsync();
    const counts = createCountsRefresher(s.queryClient, PAGE, { waitMs: 500, maxWaitMs: 5000 });
    counts.request();
    counts.cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.fetches.unreachable).toBe(1);
    s.stop();
  });

  it("a person's own change (no refresher) refreshes the counts at once", async () => {
    const s = setup();
    await vi.runAllTimersAsync();
    applyRecipient(s.queryClient, PAGE, recipient('c1', { status: 'resolved' }), undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.fetches.unreachable).toBe(2);
    expect(s.fetches.counts).toBe(2);
    s.stop();
  });
});
