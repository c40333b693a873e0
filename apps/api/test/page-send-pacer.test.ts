import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageSendPacer } from '../src/jobs/pacing/page-send-pacer.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';

/** A pool whose reservation answers this process reads `lagMs` late (a busy or starved event loop). */
function laggy(pool: pg.Pool): pg.Pool & { lagMs: number } {
  const wrapper = {
    lagMs: 0,
    query: async (...args: Parameters<pg.Pool['query']>) => {
      const res = await (pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
      const until = performance.now() + wrapper.lagMs;
      while (performance.now() < until) {
        // the loop is busy: the answer waits
      }
      return res;
    },
  };
  return wrapper as unknown as pg.Pool & { lagMs: number };
}

describe('PageSendPacer', () => {
  let db: TestDatabase;
  const page = async (n: number) => {
    const { rows } = await db.pool.query<{ id: string }>(
      `insert into pages (fb_page_id, name, page_token_enc) values ($1, 'Pacer Page', 'x') returning id`,
      [`pacer-${n}-${Date.now()}`],
    );
    return rows[0]?.id as string;
  };
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('consecutive reservations of one page never overlap, by workers of any speed', async () => {
    const slow = laggy(db.pool);
    const a = new PageSendPacer(slow, 300);
    const b = new PageSendPacer(db.pool, 300);
    const p = await page(1);
    // Calibrated clocks first (both on this process's clock, against the one database).
    await a.reserve(await page(2), 1);
    await b.reserve(await page(3), 1);
    for (let round = 0; round < 3; round++) {
      slow.lagMs = 40;
      const first = await a.reserve(p, 20);
      slow.lagMs = 0;
      const second = await b.reserve(p, 20);
      const firstEnd = first.firstAt + first.count * first.intervalMs;
      // The second run starts where the first ends on the page's schedule (or later), give or take the
      // two clock calibrations' error (a few ms on a loaded machine). Moved to start when its answer was
      // read, the first one ended ~40 ms later: -40.
      expect(second.firstAt - firstEnd, `round ${round}`).toBeGreaterThan(-15);
      // The slow one's slots keep their times though some went by while it read the answer.
      expect(first.firstAt).toBeLessThan(performance.now() - 30);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('spaces slots at the rate with its headroom: 300/s at 0.96 is one slot every 3.47 ms', async () => {
    const pacer = new PageSendPacer(db.pool, 300);
    const p = await page(4);
    const r1 = await pacer.reserve(p, 50);
    const r2 = await pacer.reserve(p, 50);
    expect(r1.intervalMs).toBeCloseTo(1000 / 288, 6);
    // Within the clock calibration's error: the second answer may refine it.
    expect(Math.abs(r2.firstAt - r1.firstAt - 50 * r1.intervalMs)).toBeLessThan(3);
  });
});
