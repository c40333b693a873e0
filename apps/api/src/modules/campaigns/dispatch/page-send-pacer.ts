// The per-page Send API pace shared by every worker process: one row per page holds the next free time
// slot; a worker reserves n consecutive slots in one atomic UPDATE and sends each at its slot. No two
// reservations overlap (the row lock serialises them), so the page's rate holds across all workers.
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { statement } from '../../../db/client.js';

export interface SlotReservation {
  /** performance.now() time of the first slot (this process's monotonic clock). */
  firstAt: number;
  /** ms between two slots. */
  intervalMs: number;
  count: number;
}

/**
 * What a send carries, for the pace: Meta allows "10 calls per second per Facebook Page for messages that
 * contain audio or video content" besides the 300 for text, links, reactions and stickers ("Messenger Platform
 * rate limits"). Images and files have no limit of their own: they are 'text' here.
 */
export type PaceKind = 'text' | 'media';
export const MEDIA_SENDS_PER_SECOND = 10;

/** Process-wide pacer counters (benchmarks and metrics read them). */
export const pacerStats = { reservations: 0, horizonWaits: 0, lateRenewals: 0, lateSkips: 0 };

const CALIBRATION_READS = 5;

// Named: parsed and planned once per connection, as it runs for every group of sends.
const RESERVE = statement(
  'page_send_rate_reserve',
  `insert into page_send_rate as s (page_id, next_slot)
           values ($1, clock_timestamp() + $2 * interval '1 microsecond')
         on conflict (page_id) do update
           set next_slot = greatest(s.next_slot, clock_timestamp()) + $2 * interval '1 microsecond'
           where s.next_slot < clock_timestamp() + $3 * interval '1 millisecond'
         returning (extract(epoch from s.next_slot) * 1000)::float8 as end_at,
                   (extract(epoch from clock_timestamp()) * 1000)::float8 as db_now`,
);

export class PageSendPacer {
  readonly intervalUs: number;
  /**
   * A media send's slot. It is booked on the page's one row like any other, only longer: media goes at most
   * at 10/s (with the headroom), and every message, media or not, still counts in the page's pace (Meta's
   * high-volume threshold counts messages, whatever they carry).
   */
  readonly mediaIntervalUs: number;

  /**
   * `headroom` < 1 spaces slots slightly wider than the limit, so send-time jitter (event loop, network)
   * never packs more than `ratePerSecond` requests into any one-second window at the platform. `now` is this
   * process's monotonic clock (tests give their own).
   */
  constructor(
    private readonly pool: pg.Pool,
    readonly ratePerSecond: number,
    headroom = 0.96,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.intervalUs = 1_000_000 / (ratePerSecond * headroom);
    this.mediaIntervalUs = Math.max(
      this.intervalUs,
      1_000_000 / (MEDIA_SENDS_PER_SECOND * headroom),
    );
  }

  /** ms between two slots of `kind`. */
  intervalMsOf(kind: PaceKind): number {
    return (kind === 'media' ? this.mediaIntervalUs : this.intervalUs) / 1000;
  }

  /**
   * Reserves `count` consecutive slots. When the page's slots are already booked more than `horizonMs`
   * ahead (many workers), it waits instead of booking further out: reservations stay close to their use.
   */
  async reserve(
    pageUuid: string,
    count: number,
    horizonMs = 250,
    kind: PaceKind = 'text',
  ): Promise<SlotReservation> {
    const intervalUs = kind === 'media' ? this.mediaIntervalUs : this.intervalUs;
    const spanUs = intervalUs * count;
    // Once per process: lanes starting together share the one calibration. A failed one (database away) is
    // tried again by the next reservation; this one goes on and fails on its own query if it must.
    if (this.clock.rtt === Infinity) {
      await (this.calibration ??= this.calibrate().catch(() => {
        this.calibration = undefined;
      }));
    }
    for (;;) {
      const t0 = this.now();
      const { rows } = await this.pool.query<{ end_at: number; db_now: number }>({
        ...RESERVE,
        values: [pageUuid, spanUs, horizonMs],
      });
      const t1 = this.now();
      const row = rows[0];
      if (row) {
        pacerStats.reservations++;
        this.observe(Number(row.db_now), t0, t1);
        return {
          // The slots' own times, even when the first went by while the answer travelled: the slot stream
          // gives those up. Starting the run at the answer instead moved all of it late by that delay (up
          // to 88 ms under load), over the next reservation's slots, perhaps another worker's: two runs
          // sent at once packed over the page's rate.
          firstAt: Number(row.end_at) - spanUs / 1000 - this.clock.offset,
          intervalMs: intervalUs / 1000,
          count,
        };
      }
      pacerStats.horizonWaits++;
      await new Promise((r) => setTimeout(r, Math.min(100, horizonMs / 4)));
    }
  }

  /**
   * The database clock on this process's monotonic clock, NTP-style: each query bounds the database's time
   * between its send and receipt, and the sample with the shortest round trip (least event-loop lag) of
   * the last 10 s wins. A late response therefore does not shift this process's slots late (which would
   * crowd other workers' sends).
   */
  private clock = { offset: 0, rtt: Infinity, at: -Infinity };
  private calibration: Promise<void> | undefined;
  private observe(dbNow: number, t0: number, t1: number): void {
    const rtt = t1 - t0;
    if (rtt <= this.clock.rtt || t1 - this.clock.at > 10_000) {
      this.clock = { offset: dbNow - (t0 + t1) / 2, rtt, at: t1 };
    }
  }

  /**
   * A few clock readings before the first reservation: the first query of a process is its slowest
   * (connection, JIT), and a clock read from it alone could misplace this process's slots by half its round
   * trip against other workers' for up to 10 s, crowding the page's first second.
   */
  private async calibrate(): Promise<void> {
    for (let k = 0; k < CALIBRATION_READS; k++) {
      const t0 = this.now();
      const { rows } = await this.pool.query<{ db_now: number }>(
        `select (extract(epoch from clock_timestamp()) * 1000)::float8 as db_now`,
      );
      const t1 = this.now();
      if (rows[0]) this.observe(Number(rows[0].db_now), t0, t1);
    }
  }

  /** After a rate-limit answer: nobody sends to this page before `ms` from now. */
  async pause(pageUuid: string, ms: number): Promise<void> {
    await this.pool.query(
      `insert into page_send_rate as s (page_id, next_slot) values ($1, clock_timestamp() + $2 * interval '1 millisecond')
       on conflict (page_id) do update
         set next_slot = greatest(s.next_slot, clock_timestamp() + $2 * interval '1 millisecond')`,
      [pageUuid, ms],
    );
  }
}
