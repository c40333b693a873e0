// The outcomes of one chunk's rows and their writes. Each outcome is written once, in the order flushed,
// on one chain of writes: a flush at every group and one at the end mean a crash loses the answers of
// about one group only. Knows nothing of the database: the chunk hands it its `write`.
import type { Outcome } from './outcome.js';

export class RowLedger {
  private readonly outcomes: Array<Outcome | undefined>;
  private readonly written: boolean[];
  /** Rows whose send started (their outcome comes from the platform's answer). */
  private readonly started: boolean[];
  /** Outcomes of claimed rows not sent now (no path, stopped path, warm-up), written with the first flush. */
  private early: Outcome[];
  private flushAt = 0;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    rows: number,
    /** Writes a set of outcomes; a failure stops the chain (later flushes reject with it). */
    private readonly write: (outcomes: Outcome[]) => Promise<void>,
    /** A flush is due every this many rows (the chunk's group size). */
    private readonly every: number,
    early: Outcome[] = [],
  ) {
    this.outcomes = new Array<Outcome | undefined>(rows);
    this.written = new Array<boolean>(rows).fill(false);
    this.started = new Array<boolean>(rows).fill(false);
    this.early = early;
  }

  set(i: number, outcome: Outcome): void {
    this.outcomes[i] = outcome;
  }

  start(i: number): void {
    this.started[i] = true;
  }

  /** Every row neither started nor given an outcome gets `outcome(i)` (the chunk stopped before it). */
  settleUnstarted(outcome: (i: number) => Outcome): void {
    for (let k = 0; k < this.outcomes.length; k++) {
      if (!this.started[k] && !this.outcomes[k]) this.outcomes[k] = outcome(k);
    }
  }

  /** Outcomes not written yet (the early ones first), from now on counted as written. */
  takeReady(): Outcome[] {
    const ready = this.early;
    this.early = [];
    for (let k = 0; k < this.outcomes.length; k++) {
      const o = this.outcomes[k];
      if (o && !this.written[k]) {
        this.written[k] = true;
        ready.push(o);
      }
    }
    return ready;
  }

  /** Queues the write of every outcome not yet written; resolves when all queued writes are done. */
  flush(): Promise<void> {
    const ready = this.takeReady();
    if (ready.length > 0) this.writes = this.writes.then(() => this.write(ready));
    return this.writes;
  }

  /** At row i: a flush in the background when a group's worth of rows went by since the last one. */
  flushIfDue(i: number): void {
    if (i < this.flushAt) return;
    void this.flush().catch(() => {});
    this.flushAt = i + this.every;
  }
}
