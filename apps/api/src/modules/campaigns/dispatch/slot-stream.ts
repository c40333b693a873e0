// The Send API slots one chunk of a campaign batch has reserved, consumed in order by its rows in order.
// Slots and rows are two streams rather than one reservation per group of rows: when the process wakes
// too late for a slot (event-loop stall, CPU starvation), only the slots that went by are given up and the
// row takes the next one still ahead; the rows pushed past their group's slots use the following group's,
// and only what is missing at the very end is reserved again. (Reserving the rest of a group anew on each
// late wake gave up every remaining slot of that group: ~1.5% of the page's pace in the dispatch bench.)
import { performance } from 'node:perf_hooks';
import { pacerStats, type SlotReservation } from './page-send-pacer.js';

export interface SlotStreamOptions {
  /** A slot this many ms in the past is still taken; an older one is given up. */
  toleranceMs: number;
  /** Off when unthrottled (slots microseconds apart): every slot is taken as it comes. */
  checkLateness: boolean;
  /** Reserves `count` more slots (when the stream runs dry). */
  reserve: (count: number) => Promise<SlotReservation>;
  now?: () => number;
}

export class SlotStream {
  private readonly runs: SlotReservation[] = [];
  /** Slots of runs[0] already taken or given up. */
  private used = 0;
  private readonly now: () => number;

  constructor(private readonly options: SlotStreamOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  push(run: SlotReservation): void {
    this.runs.push(run);
  }

  /** Slots reserved and not yet taken or given up. */
  ahead(): number {
    let n = -this.used;
    for (const r of this.runs) n += r.count;
    return n;
  }

  /**
   * The time of the next slot that has not gone by, taken. When the stream is dry, `refill` may supply
   * slots already on their way (a group being booked); otherwise `missing` more are reserved.
   */
  async take(refill: () => Promise<boolean>, missing: number): Promise<number> {
    for (;;) {
      const run = this.runs[0];
      if (!run) {
        if (await refill()) continue;
        this.push(await this.options.reserve(Math.max(1, missing)));
        pacerStats.lateRenewals++;
        continue;
      }
      if (this.used >= run.count) {
        this.runs.shift();
        this.used = 0;
        continue;
      }
      const at = run.firstAt + this.used * run.intervalMs;
      const late = this.now() - at;
      if (!this.options.checkLateness || late <= this.options.toleranceMs) {
        this.used++;
        return at;
      }
      // Too late for this slot: sending now would crowd the next second beyond the page's rate.
      pacerStats.lateSkips++;
      this.used = Math.min(
        run.count,
        this.used + Math.ceil((late - this.options.toleranceMs) / run.intervalMs),
      );
    }
  }
}
