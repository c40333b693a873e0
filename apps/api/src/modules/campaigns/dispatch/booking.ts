// The marks and pacer slots of one chunk's rows. Rows are marked attempted (sent_at, committed) and their
// slots reserved one group (~50 ms of the page's pace) at a time, the next group a little before the
// current one runs out: a stalled process wastes at most ~two groups' slots, and the page's reservation
// horizon stays short. A row is marked before any of its group is sent and before the group's slots are
// reserved (so the query cannot make the first send late): after a crash, a claimed row without the mark
// provably never went out. Knows nothing of the database: the chunk hands it `mark` and `reserve`.
import type { SlotReservation } from './page-send-pacer.js';
import { SlotStream } from './slot-stream.js';

const ATTEMPT_GROUP_MS = 50;
/**
 * At the default pace (36/s, a slot every 29 ms) 50 ms is one row: every send waited on its own two booking
 * queries, which under load took longer than the slot, so the stream ran dry and the page lost pace. A group is
 * at least this many rows, and the next is booked at least two slots ahead.
 */
const MIN_GROUP_ROWS = 4;
const MIN_PREFETCH_SLOTS = 2;
/** How long before a group's last slot the next group is booked: two queries' time, with margin. */
const PREFETCH_LEAD_MS = 20;

export interface BookingDeps {
  /** Marks these rows attempted; resolves with those still ours (the sweeper did not take them back). */
  mark: (contactIds: string[]) => Promise<Iterable<string>>;
  /** Reserves `count` consecutive slots of the page's pace. */
  reserve: (count: number) => Promise<SlotReservation>;
  /** The page's pace: ms between two slots. */
  intervalMs: number;
  /** A slot this many ms in the past is still taken. */
  lateToleranceMs: number;
  now?: () => number;
}

export class Booking {
  /** Rows per group. */
  readonly groupSize: number;
  /** Off when unthrottled (faster than ~20k/s, benchmarks): lateness cannot matter there. */
  readonly checkLateness: boolean;
  private readonly prefetchSlots: number;
  private readonly slots: SlotStream;
  /** Rows [0, markedTo) are marked attempted; `pending` marks the next group and reserves its slots. */
  private markedTo = 0;
  private pending: Promise<void> | null = null;
  /** Marked rows still ours. */
  private readonly owned = new Set<string>();

  constructor(
    /** The contact ids of the chunk's rows, in send order. */
    private readonly ids: readonly string[],
    private readonly deps: BookingDeps,
  ) {
    this.groupSize = Math.max(MIN_GROUP_ROWS, Math.floor(ATTEMPT_GROUP_MS / deps.intervalMs));
    this.prefetchSlots = Math.max(
      MIN_PREFETCH_SLOTS,
      Math.ceil(PREFETCH_LEAD_MS / deps.intervalMs),
    );
    this.checkLateness = deps.intervalMs >= 0.05;
    this.slots = new SlotStream({
      toleranceMs: deps.lateToleranceMs,
      checkLateness: this.checkLateness,
      reserve: deps.reserve,
      now: deps.now,
    });
  }

  /** Row i is marked (its group booked now, or by the booking under way) when this resolves. */
  async markThrough(i: number): Promise<void> {
    if (i >= this.markedTo && !((await this.awaitPending()) && i < this.markedTo)) {
      await this.book(i, Math.min(this.ids.length, i + this.groupSize));
    }
  }

  /** True when the row was marked by this chunk and the sweeper did not take it back. */
  owns(contactId: string): boolean {
    return this.owned.has(contactId);
  }

  /** Books the next group while a few slots are left, so its slots follow this group's without a gap. */
  prefetch(): void {
    if (
      this.checkLateness &&
      !this.pending &&
      this.markedTo < this.ids.length &&
      this.slots.ahead() <= this.prefetchSlots
    ) {
      void this.book(this.markedTo, Math.min(this.ids.length, this.markedTo + this.groupSize));
    }
  }

  /**
   * The time of row i's slot, taken. Rows marked but left without a slot (slots given up) get new ones at
   * the end of the stream.
   */
  takeSlot(i: number): Promise<number> {
    return this.slots.take(() => this.awaitPending(), this.markedTo - i);
  }

  /** A group booked for a chunk that stopped first lands (its marks go before the rows are re-queued). */
  async settled(): Promise<void> {
    await this.pending?.catch(() => {});
  }

  private book(from: number, to: number): Promise<void> {
    const p = (async () => {
      for (const id of await this.deps.mark(this.ids.slice(from, to))) this.owned.add(id);
      this.markedTo = to;
      this.slots.push(await this.deps.reserve(to - from));
    })();
    this.pending = p;
    // Awaited where it is needed; a chunk that stops first must not leave an unhandled rejection.
    p.then(
      () => {
        if (this.pending === p) this.pending = null;
      },
      () => {},
    );
    return p;
  }

  /** Waits for the group being booked, if any: true when it may have brought slots. */
  private async awaitPending(): Promise<boolean> {
    if (!this.pending) return false;
    await this.pending;
    return true;
  }
}
