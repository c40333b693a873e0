import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MEDIA_SENDS_PER_SECOND,
  PageSendPacer,
  pacerStats,
} from '../src/modules/campaigns/dispatch/page-send-pacer.js';
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

  it("calibrates on the database's own clock", async () => {
    const readings: unknown[] = [];
    const pool = {
      query: async (...args: Parameters<pg.Pool['query']>) => {
        const res = (await (db.pool.query as (...a: unknown[]) => Promise<pg.QueryResult>)(
          ...args,
        )) as pg.QueryResult<{ db_now: unknown }>;
        readings.push(res.rows[0]?.db_now);
        return res;
      },
    } as unknown as pg.Pool;
    const t0 = Date.now();
    await new PageSendPacer(pool, 36).reserve(await page(5), 1);
    expect(readings).toHaveLength(6);
    for (const r of readings) {
      expect(typeof r).toBe('number');
      // Epoch ms, as the reservation's times are (this process and the database share a clock here).
      expect(Math.abs((r as number) - t0)).toBeLessThan(60_000);
    }
  });

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

/**
 * A database stand-in with a clock of its own, on a process clock the test moves: each query takes `before` ms
 * to reach the database (which reads its clock then) and `after` ms to come back. The reservation statement
 * keeps one page's next slot as Postgres does. Everything is exact: no wall clock is involved.
 */
function clockedDb() {
  const DB_EPOCH = 1_795_000_000_000;
  const state = {
    /** The process's monotonic clock (ms). */
    t: 1_000,
    /** Database time = process time + skew. */
    skew: DB_EPOCH,
    before: 1,
    after: 1,
    /** Database time of each page's next free slot (ms). */
    nextSlots: new Map<string, number>(),
    queries: [] as string[],
    /** Process time at which the database last read its clock. */
    readAt: 0,
  };
  const pool = {
    query: async (q: string | { name?: string; text: string; values?: unknown[] }) => {
      const text = typeof q === 'string' ? q : q.text;
      state.queries.push(typeof q === 'string' ? 'calibration' : (q.name ?? 'query'));
      state.t += state.before;
      state.readAt = state.t;
      const dbNow = state.t + state.skew;
      state.t += state.after;
      if (!text.includes('page_send_rate')) return { rows: [{ db_now: dbNow }] };
      const [page, spanUs, horizonMs] = (q as { values: unknown[] }).values as [
        string,
        number,
        number,
      ];
      const next = state.nextSlots.get(page);
      if (next !== undefined && next >= dbNow + horizonMs) return { rows: [] };
      const end = Math.max(next ?? 0, dbNow) + spanUs / 1000;
      state.nextSlots.set(page, end);
      return { rows: [{ end_at: end, db_now: dbNow }] };
    },
  };
  return { state, pool: pool as unknown as pg.Pool, now: () => state.t };
}

describe('PageSendPacer on a database clock the test controls', () => {
  it('calibrates once, with five clock reads before the first reservation and none after', async () => {
    const d = clockedDb();
    const pacer = new PageSendPacer(d.pool, 36, 0.96, d.now);
    await pacer.reserve('page', 1);
    expect(d.state.queries).toEqual([
      'calibration',
      'calibration',
      'calibration',
      'calibration',
      'calibration',
      'page_send_rate_reserve',
    ]);
    await pacer.reserve('page', 1);
    expect(d.state.queries).toHaveLength(7);
  });

  it('lanes that start together share the one calibration', async () => {
    const d = clockedDb();
    const pacer = new PageSendPacer(d.pool, 36, 0.96, d.now);
    await Promise.all([pacer.reserve('page', 1), pacer.reserve('page', 1)]);
    expect(d.state.queries.filter((q) => q === 'calibration')).toHaveLength(5);
  });

  it("an idle page's first slot is the moment the database read its clock, on this process's clock", async () => {
    const d = clockedDb();
    d.state.before = 3;
    d.state.after = 3;
    const pacer = new PageSendPacer(d.pool, 36, 0.96, d.now);
    const r = await pacer.reserve('page', 10);
    // Symmetric round trips: the clock offset is exact, so the slot is exactly where the database put it.
    expect(r.firstAt).toBeCloseTo(d.state.readAt, 3);
    expect(r.count).toBe(10);
    expect(r.intervalMs).toBeCloseTo(1000 / (36 * 0.96), 9);
  });

  it('keeps the clock of the shortest round trip, not of a slow first answer', async () => {
    const d = clockedDb();
    // The first reading's answer is 50 ms late (a cold connection): alone, it would put slots 25 ms late.
    d.state.before = 0;
    d.state.after = 50;
    const pacer = new PageSendPacer(d.pool, 36, 0.96, d.now);
    const first = pacer.reserve('page', 1);
    d.state.before = 0.5;
    d.state.after = 0.5;
    const r = await first;
    expect(r.firstAt).toBeCloseTo(d.state.readAt, 3);
  });

  it('a slower answer within 10 s does not move the clock; after 10 s the newest reading wins', async () => {
    const d = clockedDb();
    const pacer = new PageSendPacer(d.pool, 36, 0.96, d.now);
    await pacer.reserve('page', 1);
    // The last reading taken: the reservation's, answered at this clock's time.
    const takenAt = d.state.t;
    // The database clock steps 30 ms (NTP), and the next answers are slower (2 + 2 ms, not 1 + 1).
    d.state.skew += 30;
    d.state.before = 2;
    d.state.after = 2;
    // Answered exactly 10 s after the reading in use: not newer than 10 s yet.
    d.state.t = takenAt + 10_000 - 4;
    const stale = await pacer.reserve('other', 1);
    // Still the old offset: the slot, read from the database 30 ms ahead, lands 30 ms late on this clock.
    expect(stale.firstAt - d.state.readAt).toBeCloseTo(30, 3);
    const fresh = await pacer.reserve('third', 1);
    expect(fresh.firstAt).toBeCloseTo(d.state.readAt, 3);
  });

  it('a reading as fast as the best one replaces it', async () => {
    const d = clockedDb();
    const pacer = new PageSendPacer(d.pool, 36, 0.96, d.now);
    await pacer.reserve('page', 1);
    d.state.skew += 30;
    // Same round trip (1 + 1 ms) as every reading so far: the newer one wins.
    const r = await pacer.reserve('other', 1);
    expect(r.firstAt).toBeCloseTo(d.state.readAt, 3);
  });

  it('counts its reservations, and calibrates again after the database was away', async () => {
    const d = clockedDb();
    let away = true;
    const query = d.pool.query.bind(d.pool) as (q: unknown) => Promise<unknown>;
    const pool = {
      query: async (q: unknown) => {
        if (away) throw new Error('connection refused');
        return query(q);
      },
    } as unknown as pg.Pool;
    const pacer = new PageSendPacer(pool, 36, 0.96, d.now);
    const before = pacerStats.reservations;
    // The calibration fails at its first read, then the reservation's own query.
    await expect(pacer.reserve('page', 1)).rejects.toThrow('connection refused');
    away = false;
    await pacer.reserve('page', 1);
    expect(d.state.queries).toEqual([
      'calibration',
      'calibration',
      'calibration',
      'calibration',
      'calibration',
      'page_send_rate_reserve',
    ]);
    await pacer.reserve('page', 1, 10_000);
    expect(pacerStats.reservations - before).toBe(2);
  });

  it('books consecutive slots: the next reservation starts where the last one ends', async () => {
    const d = clockedDb();
    const pacer = new PageSendPacer(d.pool, 36, 0.96, d.now);
    const r1 = await pacer.reserve('page', 20);
    // A horizon past the first run, so the test does not wait for it to go by.
    const r2 = await pacer.reserve('page', 5, 10_000);
    expect(r2.firstAt).toBeCloseTo(r1.firstAt + 20 * r1.intervalMs, 3);
  });

  it('waits instead of booking beyond the horizon', async () => {
    const d = clockedDb();
    const pacer = new PageSendPacer(d.pool, 36, 0.96, d.now);
    // 2 s of slots booked ahead (a long horizon allows it).
    const booked = await pacer.reserve('page', 70, 10_000);
    const waits = pacerStats.horizonWaits;
    // Each try costs this clock 400 ms: the booking comes within 250 ms of now after a few.
    d.state.before = 200;
    d.state.after = 200;
    const r = await pacer.reserve('page', 1, 250);
    expect(pacerStats.horizonWaits - waits).toBeGreaterThanOrEqual(3);
    expect(r.firstAt).toBeCloseTo(booked.firstAt + 70 * booked.intervalMs, 3);
  });

  it("paces media at 10/s on the page's own schedule", async () => {
    const d = clockedDb();
    const pacer = new PageSendPacer(d.pool, 36, 0.96, d.now);
    expect(MEDIA_SENDS_PER_SECOND).toBe(10);
    const text = await pacer.reserve('page', 3, 10_000);
    const media = await pacer.reserve('page', 4, 10_000, 'media');
    const after = await pacer.reserve('page', 1, 10_000);
    expect(media.intervalMs).toBeCloseTo(1000 / (10 * 0.96), 9);
    expect(pacer.intervalMsOf('media')).toBeCloseTo(media.intervalMs, 9);
    expect(pacer.intervalMsOf('text')).toBeCloseTo(text.intervalMs, 9);
    // Text, then media, then text again, each run where the last one ended: one schedule for the page.
    expect(media.firstAt).toBeCloseTo(text.firstAt + 3 * text.intervalMs, 3);
    expect(after.firstAt).toBeCloseTo(media.firstAt + 4 * media.intervalMs, 3);
    // Any 1 s window holds at most 10 media slots: 10 slots span 9 intervals of 104.2 ms, 11 span 1,042 ms.
    expect(10 * media.intervalMs).toBeGreaterThan(1000);
    // A page paced below 10/s sends media at its own pace.
    expect(new PageSendPacer(d.pool, 5, 0.96, d.now).intervalMsOf('media')).toBeCloseTo(
      1000 / (5 * 0.96),
      9,
    );
  });
});

describe('PageSendPacer.pause (database)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());
  const page = async () => {
    const { rows } = await db.pool.query<{ id: string }>(
      `insert into pages (fb_page_id, name, page_token_enc) values ($1, 'Paused Page', 'x') returning id`,
      [`paused-${Date.now()}-${Math.random()}`],
    );
    return rows[0]?.id as string;
  };

  it('nobody sends to the page before the pause is over, and a shorter pause moves nothing', async () => {
    const pacer = new PageSendPacer(db.pool, 36);
    await pacer.reserve(await page(), 1); // calibrated
    const p = await page();
    const t0 = performance.now();
    await pacer.pause(p, 5_000);
    await pacer.pause(p, 1_000);
    const t1 = performance.now();
    // A horizon past the pause: the reservation answers at once.
    const r = await pacer.reserve(p, 1, 10_000);
    // The pause starts between t0 and t1 (database time mapped onto this clock within a round trip).
    expect(r.firstAt).toBeGreaterThanOrEqual(t0 + 5_000 - (t1 - t0) - 5);
    expect(r.firstAt).toBeLessThanOrEqual(t1 + 5_000 + 5);
  });
});

describe('PageSendPacer: what its clock and its horizon wait rest on', () => {
  it("keeps the calibration's clock when the first reservation's answer comes back late", async () => {
    const d = clockedDb();
    const query = d.pool.query.bind(d.pool) as (q: unknown) => Promise<unknown>;
    let n = 0;
    const pool = {
      // Five quick, symmetric clock reads, then a reservation answered 40 ms late.
      query: async (q: unknown) => {
        d.state.after = ++n > 5 ? 40 : 1;
        return query(q);
      },
    } as unknown as pg.Pool;
    const r = await new PageSendPacer(pool, 36, 0.96, d.now).reserve('page', 1);
    // From the reservation's own reading the slot would land 19.5 ms late.
    expect(r.firstAt).toBeCloseTo(d.state.readAt, 3);
  });

  it('waits a quarter of the horizon (at most 100 ms) before asking again', async () => {
    const d = clockedDb();
    const pacer = new PageSendPacer(d.pool, 36, 0.96, d.now);
    await pacer.reserve('page', 70, 10_000);
    d.state.before = 200;
    d.state.after = 200;
    const delays: unknown[] = [];
    const spy = vi.spyOn(globalThis, 'setTimeout');
    try {
      await pacer.reserve('page', 1, 250);
      delays.push(...spy.mock.calls.map((c) => c[1]));
    } finally {
      spy.mockRestore();
    }
    expect(delays).toContain(62.5);
    expect(delays).not.toContain(100);
  });
});
