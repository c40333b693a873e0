// The two halves of a chunk's state (modules/campaigns/dispatch/row-ledger.ts, modules/campaigns/dispatch/booking.ts), on fakes:
// each outcome written once and in order, and no row sent without its mark and its slot.
import { describe, expect, it } from 'vitest';
import type { SlotReservation } from '../src/modules/campaigns/dispatch/page-send-pacer.js';
import { Booking } from '../src/modules/campaigns/dispatch/booking.js';
import {
  notSentOutcome,
  skippedOutcome,
  type Outcome,
} from '../src/modules/campaigns/dispatch/outcome.js';
import { RowLedger } from '../src/modules/campaigns/dispatch/row-ledger.js';

const ids = (outcomes: Outcome[]) => outcomes.map((o) => o.contactId);

describe('RowLedger', () => {
  it('writes each outcome once, the early ones with the first flush, in the order flushed', async () => {
    const writes: string[][] = [];
    const ledger = new RowLedger(3, async (o) => void writes.push(ids(o)), 2, [
      skippedOutcome('s', 'outside_window'),
    ]);
    ledger.set(1, notSentOutcome('b'));
    await ledger.flush();
    ledger.set(0, notSentOutcome('a'));
    await ledger.flush();
    await ledger.flush(); // nothing new: no write
    ledger.set(2, notSentOutcome('c'));
    await ledger.flush();
    expect(writes).toEqual([['s', 'b'], ['a'], ['c']]);
  });

  it('runs writes one after the other, and a failed write stops the chain', async () => {
    const log: string[] = [];
    let release!: () => void;
    const first = new Promise<void>((r) => (release = r));
    let calls = 0;
    const ledger = new RowLedger(
      2,
      async (o) => {
        calls++;
        log.push(`start ${ids(o).join()}`);
        if (calls === 1) await first;
        if (calls === 2) throw new Error('database away');
        log.push(`end ${ids(o).join()}`);
      },
      1,
    );
    ledger.set(0, notSentOutcome('a'));
    const one = ledger.flush();
    ledger.set(1, notSentOutcome('b'));
    const two = ledger.flush();
    await Promise.resolve();
    expect(log).toEqual(['start a']);
    release();
    await one;
    await expect(two).rejects.toThrow('database away');
    expect(log).toEqual(['start a', 'end a', 'start b']);
  });

  it('flushes in the background once a group of rows went by', async () => {
    const writes: string[][] = [];
    const ledger = new RowLedger(5, async (o) => void writes.push(ids(o)), 2);
    for (let i = 0; i < 5; i++) {
      ledger.flushIfDue(i);
      ledger.set(i, notSentOutcome(`r${i}`));
    }
    await ledger.flush();
    // Flushes due at rows 0, 2 and 4 (each before that row's outcome), then the final one.
    expect(writes).toEqual([['r0', 'r1'], ['r2', 'r3'], ['r4']]);
  });

  it('gives an outcome to the rows the chunk never started, and keeps the others', () => {
    const ledger = new RowLedger(3, async () => {}, 1);
    ledger.start(0); // its answer is still to come
    ledger.set(1, skippedOutcome('b', 'outside_window'));
    ledger.settleUnstarted((i) => notSentOutcome(`r${i}`));
    expect(ledger.takeReady().map((o) => [o.contactId, o.state])).toEqual([
      ['b', 'skipped'],
      ['r2', 'queued'],
    ]);
  });
});

/** A booking over rows r0..r(n-1) at one slot every `intervalMs`, on a hand-moved clock. */
function booking(n: number, intervalMs: number, owned = (id: string) => id !== 'gone') {
  const clock = { now: 0, nextAt: 0 };
  const calls: string[] = [];
  const b = new Booking(
    Array.from({ length: n }, (_, i) => (i === 1 && n === 6 ? 'gone' : `r${i}`)),
    {
      mark: async (rows) => {
        calls.push(`mark ${rows.join()}`);
        return rows.filter(owned);
      },
      reserve: async (count): Promise<SlotReservation> => {
        calls.push(`reserve ${count}`);
        // As the pacer: the page's next free slot, never in the past.
        const run = { firstAt: Math.max(clock.nextAt, clock.now), intervalMs, count };
        clock.nextAt = run.firstAt + count * intervalMs;
        return run;
      },
      intervalMs,
      lateToleranceMs: 5,
      now: () => clock.now,
    },
  );
  return { b, calls, clock };
}

describe('Booking', () => {
  it('sizes groups to ~50 ms of the pace, at least 4 rows', () => {
    expect(booking(1, 29).b.groupSize).toBe(4);
    expect(booking(1, 5).b.groupSize).toBe(10);
    expect(booking(1, 5).b.checkLateness).toBe(true);
    expect(booking(1, 0.01).b.checkLateness).toBe(false);
  });

  it('marks a group before reserving its slots, and only marked rows it still owns are sent', async () => {
    const { b, calls } = booking(6, 29);
    await b.markThrough(0);
    expect(calls).toEqual(['mark r0,gone,r2,r3', 'reserve 4']);
    expect(b.owns('r0')).toBe(true);
    expect(b.owns('gone')).toBe(false); // the sweeper took it back
    expect(b.owns('r4')).toBe(false); // not marked yet
    await b.markThrough(3); // within the group: no new booking
    expect(calls).toHaveLength(2);
    expect([await b.takeSlot(0), await b.takeSlot(1)]).toEqual([0, 29]);
    await b.markThrough(4);
    expect(calls).toEqual(['mark r0,gone,r2,r3', 'reserve 4', 'mark r4,r5', 'reserve 2']);
  });

  it('books the next group ahead once few slots are left, and waits for it rather than booking twice', async () => {
    const { b, calls } = booking(8, 29);
    await b.markThrough(0);
    b.prefetch(); // 4 slots ahead: too early
    expect(calls).toHaveLength(2);
    await b.takeSlot(0);
    await b.takeSlot(1);
    b.prefetch(); // 2 left: the next group is booked now
    b.prefetch(); // already under way: nothing more
    await b.markThrough(4);
    await b.settled();
    expect(calls).toEqual(['mark r0,r1,r2,r3', 'reserve 4', 'mark r4,r5,r6,r7', 'reserve 4']);
    expect(b.owns('r7')).toBe(true);
  });

  it('gives late rows the next slot still ahead, reserving only what is missing at the end', async () => {
    const { b, calls, clock } = booking(4, 10);
    await b.markThrough(0);
    clock.now = 25; // slots 0 and 10 went by; 20 is 5 ms late (tolerated)
    expect(await b.takeSlot(0)).toBe(20);
    expect(await b.takeSlot(1)).toBe(30);
    clock.now = 100;
    // The stream is dry: the rows still to come get slots from now, reserved once.
    expect(await b.takeSlot(2)).toBe(100);
    expect(await b.takeSlot(3)).toBe(110);
    expect(calls).toEqual(['mark r0,r1,r2,r3', 'reserve 4', 'reserve 2']);
  });
});
