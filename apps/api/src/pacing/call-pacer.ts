// A call pacer shared by every process through one Postgres row per key. Each call reserves the next slot
// atomically (the row lock serialises concurrent reservations, whichever worker or machine they come from)
// and sleeps until it; Postgres's clock decides, so clocks of different machines never matter.
import { sql } from 'drizzle-orm';
import { dz, type Sql } from '../db/client.js';
import { sleep } from '../lib/sleep.js';

export interface Pacer {
  /** Waits for this caller's slot. */
  acquire: () => Promise<void>;
  /** A rate-limit answer: nobody calls before `waitMs` from now. */
  penalize: (waitMs: number) => Promise<void>;
}

/** The pacer key of a page's Conversations API reads: page sync and campaign reconciliation share it. */
export function pageSyncKey(fbPageId: string): string {
  return `conversations:${fbPageId}`;
}

/**
 * `ratePerSecond` calls per second for `key`, spaced evenly. `headroom` (default 5%) keeps the spacing a
 * little wider than the exact limit: network jitter can make two evenly spaced calls arrive closer than
 * sent, and a sliding-window limit then refuses the second. `sleep` is how a caller waits (tests record it).
 */
export function createPacer(
  db: Sql,
  key: string,
  ratePerSecond: number,
  options: { headroom?: number; sleep?: (ms: number) => Promise<void> } = {},
): Pacer {
  const intervalMs = (1000 / ratePerSecond) * (1 + (options.headroom ?? 0.05));
  const wait = options.sleep ?? sleep;
  return {
    async acquire() {
      const { rows } = await dz(db).execute<{ wait_ms: number }>(sql`
        insert into graph_pacers as g (key, next_at)
        values (${key}, clock_timestamp() + make_interval(secs => ${intervalMs / 1000}))
        on conflict (key) do update
          set next_at = greatest(g.next_at, clock_timestamp()) + make_interval(secs => ${intervalMs / 1000})
        returning greatest(0, extract(epoch from (g.next_at - clock_timestamp())) * 1000
                              - ${intervalMs})::float8 as wait_ms`);
      const waitMs = rows[0]?.wait_ms ?? 0;
      if (waitMs > 0) await wait(waitMs);
    },
    async penalize(waitMs) {
      await dz(db).execute(sql`
        insert into graph_pacers as g (key, next_at)
        values (${key}, clock_timestamp() + make_interval(secs => ${waitMs / 1000}))
        on conflict (key) do update
          set next_at = greatest(g.next_at, clock_timestamp() + make_interval(secs => ${waitMs / 1000}))`);
    },
  };
}
