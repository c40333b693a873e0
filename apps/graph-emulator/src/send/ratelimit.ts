/**
 * Exact per-key sliding-window limiter: at most `limit` accepted calls in any 1000 ms window.
 * Keeps the timestamps of the last `limit` accepted calls in a ring buffer (O(1) per call).
 */
interface Ring {
  limit: number;
  times: Float64Array;
  head: number;
  count: number;
}

export class SlidingWindowLimiter {
  private readonly rings = new Map<string, Ring>();

  constructor(private readonly windowMs = 1000) {}

  /** Returns 0 when accepted, else the ms until a slot frees up. `limit <= 0` means unthrottled. */
  tryAcquire(key: string, limit: number, now: number): number {
    if (limit <= 0) return 0;
    let ring = this.rings.get(key);
    if (!ring || ring.limit !== limit) {
      ring = { limit, times: new Float64Array(limit), head: 0, count: 0 };
      this.rings.set(key, ring);
    }
    if (ring.count < limit) {
      ring.times[(ring.head + ring.count) % limit] = now;
      ring.count++;
      return 0;
    }
    const oldest = ring.times[ring.head] ?? 0;
    if (now - oldest >= this.windowMs) {
      ring.times[ring.head] = now;
      ring.head = (ring.head + 1) % limit;
      return 0;
    }
    return Math.max(1, oldest + this.windowMs - now);
  }

  reset(): void {
    this.rings.clear();
  }
}
