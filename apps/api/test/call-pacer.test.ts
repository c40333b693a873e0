// The Conversations API pacer (page sync) on the real database: one row per key, every caller's slot reserved
// atomically. The waits are recorded instead of slept (the sleep is injected), so the assertions are on the
// database's arithmetic; the elapsed time between two calls only ever shortens a wait, and is measured.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPacer, pageSyncKey } from '../src/pacing/call-pacer.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

let keys = 0;
const key = () => `conversations:test-${++keys}`;

/** A pacer whose waits are recorded, with each acquire's start and end on this process's clock. */
function recorded(k: string, rate: number, headroom?: number) {
  const waits: number[] = [];
  const spans: Array<[number, number]> = [];
  const pacer = createPacer(db.pool, k, rate, {
    ...(headroom !== undefined ? { headroom } : {}),
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return {
    pacer,
    waits,
    spans,
    /** Acquires; the wait it asked for (0 when none). */
    async acquire(): Promise<number> {
      const before = waits.length;
      const t0 = performance.now();
      await pacer.acquire();
      spans.push([t0, performance.now()]);
      return waits.length > before ? (waits.at(-1) as number) : 0;
    },
  };
}

describe('pageSyncKey', () => {
  it("is the page's Conversations API key, one for page sync and campaign reconciliation alike", () => {
    expect(pageSyncKey('104200000000001')).toBe('conversations:104200000000001');
    expect(pageSyncKey('1')).not.toBe(pageSyncKey('2'));
  });
});

describe('createPacer (call pacer)', () => {
  it('lets the first call of a key go at once, then spaces calls 1/rate apart plus 5%', async () => {
    const p = recorded(key(), 2);
    expect(await p.acquire()).toBe(0);
    // Not even a zero wait: a free slot is taken at once.
    expect(p.waits).toEqual([]);
    const w2 = await p.acquire();
    const w3 = await p.acquire();
    // 1000 / 2 x 1.05 = 525 ms per slot. Time spent between two reservations (measured) shortens the wait.
    const [s1, s2, s3] = p.spans as [[number, number], [number, number], [number, number]];
    expect(w2).toBeLessThanOrEqual(525 + 0.5);
    expect(w2).toBeGreaterThanOrEqual(525 - (s2[1] - s1[0]) - 0.5);
    expect(w3 - w2).toBeLessThanOrEqual(525 + 0.5);
    expect(w3 - w2).toBeGreaterThanOrEqual(525 - (s3[1] - s2[0]) - 0.5);
  });

  it('takes the headroom it is given', async () => {
    const p = recorded(key(), 10, 0.5);
    await p.acquire();
    const w = await p.acquire();
    const [s1, s2] = p.spans as [[number, number], [number, number]];
    // 100 ms x 1.5
    expect(w).toBeLessThanOrEqual(150 + 0.5);
    expect(w).toBeGreaterThanOrEqual(150 - (s2[1] - s1[0]) - 0.5);
  });

  it('shares one schedule between every pacer of a key, and none between keys', async () => {
    const k = key();
    // Six pacers of one key (as six workers would have), calling at once.
    const pacers = Array.from({ length: 6 }, () => recorded(k, 4));
    const t0 = performance.now();
    const waits = await Promise.all(pacers.map((p) => p.acquire()));
    const elapsed = performance.now() - t0;
    // Six reservations on one row, 262.5 ms apart: the waits are 0, ~262.5, ~525, ... in some order.
    const sorted = [...waits].sort((x, y) => x - y);
    expect(sorted[0]).toBe(0);
    for (let i = 1; i < sorted.length; i++) {
      const step = (sorted[i] as number) - (sorted[i - 1] as number);
      expect(step).toBeLessThanOrEqual(262.5 + 0.5);
      expect(step).toBeGreaterThanOrEqual(262.5 - elapsed - 0.5);
    }
    // Another key has its own row: its first call goes at once.
    expect(await recorded(key(), 4).acquire()).toBe(0);
  });

  it('after a rate-limit answer nobody calls before the wait is over, and a shorter one moves nothing', async () => {
    const k = key();
    const p = recorded(k, 2);
    const t0 = performance.now();
    // A key never used: the penalty creates its row.
    await p.pacer.penalize(5_000);
    await p.pacer.penalize(1_000);
    const w = await p.acquire();
    const elapsed = performance.now() - t0;
    expect(w).toBeLessThanOrEqual(5_000 + 0.5);
    expect(w).toBeGreaterThanOrEqual(5_000 - elapsed - 0.5);
    // The penalty is the row's: another pacer of the key waits too, a slot after.
    const other = recorded(k, 2);
    const w2 = await other.acquire();
    expect(w2).toBeGreaterThan(5_000 - (performance.now() - t0) + 525 - 0.5);
    const { rows } = await db.db.execute<{ ahead: number }>(
      sql`select extract(epoch from next_at - clock_timestamp()) * 1000 as ahead from graph_pacers where key = ${k}`,
    );
    // Two slots booked after the 5 s: next_at is ~6.05 s after the penalty.
    expect(Number(rows[0]?.ahead)).toBeGreaterThan(6_050 - (performance.now() - t0) - 1);
    expect(Number(rows[0]?.ahead)).toBeLessThanOrEqual(6_050 + 1);
  });

  it('a later, longer penalty moves the schedule on', async () => {
    const p = recorded(key(), 2);
    await p.acquire();
    const t0 = performance.now();
    await p.pacer.penalize(3_000);
    const w = await p.acquire();
    expect(w).toBeGreaterThanOrEqual(3_000 - (performance.now() - t0) - 0.5);
    expect(w).toBeLessThanOrEqual(3_000 + 0.5);
  });

  it('really waits when not told how (the default sleep)', async () => {
    const pacer = createPacer(db.pool, key(), 20);
    const t0 = performance.now();
    for (let i = 0; i < 3; i++) await pacer.acquire();
    // The third slot is 2 x 52.5 ms after the first reservation, which happened after t0.
    expect(performance.now() - t0).toBeGreaterThanOrEqual(105 - 1);
  });
});
