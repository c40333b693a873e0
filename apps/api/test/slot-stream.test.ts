import { describe, expect, it } from 'vitest';
import {
  pacerStats,
  type SlotReservation,
} from '../src/modules/campaigns/dispatch/page-send-pacer.js';
import { SlotStream } from '../src/modules/campaigns/dispatch/slot-stream.js';

/** A stream on a hand-moved clock; `reserve` hands out runs of 10 ms slots from `nextAt`. */
function stream(opts: { checkLateness?: boolean } = {}) {
  const clock = { now: 0, nextAt: 1000 };
  const reserved: number[] = [];
  const s = new SlotStream({
    toleranceMs: 5,
    checkLateness: opts.checkLateness ?? true,
    now: () => clock.now,
    reserve: async (count) => {
      reserved.push(count);
      const run: SlotReservation = { firstAt: clock.nextAt, intervalMs: 10, count };
      clock.nextAt += count * 10;
      return run;
    },
  });
  const none = async () => false;
  return { s, clock, reserved, none };
}

describe('SlotStream', () => {
  it('hands out the slots of its runs in order, across runs', async () => {
    const { s, none, reserved } = stream();
    s.push({ firstAt: 0, intervalMs: 10, count: 2 });
    s.push({ firstAt: 50, intervalMs: 10, count: 2 });
    expect(s.ahead()).toBe(4);
    const taken = [];
    for (let k = 0; k < 4; k++) taken.push(await s.take(none, 1));
    expect(taken).toEqual([0, 10, 50, 60]);
    expect(s.ahead()).toBe(0);
    expect(reserved).toEqual([]);
  });

  it('takes a slot up to the tolerance late, and gives up only the slots that went by', async () => {
    const { s, clock, none } = stream();
    s.push({ firstAt: 0, intervalMs: 10, count: 6 });
    clock.now = 4;
    expect(await s.take(none, 1)).toBe(0); // 4 ms late: within tolerance
    clock.now = 31;
    // Slots at 10 and 20 went by (21 and 11 ms late); the slot at 30 is 1 ms late: taken.
    expect(await s.take(none, 1)).toBe(30);
    expect(s.ahead()).toBe(2);
    expect(await s.take(none, 1)).toBe(40);
  });

  it('reserves what is missing when every slot left went by, and uses slots already on their way first', async () => {
    const { s, clock, reserved } = stream();
    s.push({ firstAt: 0, intervalMs: 10, count: 3 });
    clock.now = 100;
    let refills = 0;
    const refill = async () => {
      refills++;
      if (refills > 1) return false;
      s.push({ firstAt: 200, intervalMs: 10, count: 1 }); // a group being booked lands
      return true;
    };
    expect(await s.take(refill, 3)).toBe(200);
    expect(reserved).toEqual([]);
    expect(await s.take(refill, 2)).toBe(1000);
    expect(reserved).toEqual([2]);
    expect(await s.take(refill, 1)).toBe(1010);
  });

  it('never skips when lateness does not matter (unthrottled)', async () => {
    const { s, clock, none } = stream({ checkLateness: false });
    s.push({ firstAt: 0, intervalMs: 0.001, count: 2 });
    clock.now = 1e6;
    expect(await s.take(none, 1)).toBe(0);
    expect(await s.take(none, 1)).toBe(0.001);
  });
});

describe('SlotStream at the tolerance, and its counters', () => {
  it('takes a slot exactly the tolerance late', async () => {
    const { s, clock, none } = stream();
    s.push({ firstAt: 0, intervalMs: 10, count: 2 });
    clock.now = 5;
    expect(await s.take(none, 1)).toBe(0);
  });

  it('counts the slots given up and the runs reserved again', async () => {
    const { s, clock, none } = stream();
    const { lateSkips, lateRenewals } = pacerStats;
    s.push({ firstAt: 0, intervalMs: 10, count: 3 });
    clock.now = 15;
    expect(await s.take(none, 1)).toBe(10);
    expect(pacerStats.lateSkips - lateSkips).toBe(1);
    clock.now = 1000;
    expect(await s.take(none, 1)).toBe(1000);
    expect(pacerStats.lateRenewals - lateRenewals).toBe(1);
  });

  it("runs on this process's monotonic clock unless given one", async () => {
    const s = new SlotStream({
      toleranceMs: 5,
      checkLateness: true,
      reserve: () => Promise.reject(new Error('no reservation expected')),
    });
    const ahead = performance.now() + 60_000;
    s.push({ firstAt: ahead, intervalMs: 10, count: 1 });
    expect(await s.take(async () => false, 1)).toBe(ahead);
  });
});
