// Counting sends in time windows, to judge a pace: the tests' outboxes and the dispatch benchmark's alike
// (free of vitest, so bench/ can use it).
import { must } from './assert.js';

/** The largest number of timestamps (ms) inside any half-open window [t, t + windowMs). */
export function maxInWindow(times: number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (must(sorted[end]) - must(sorted[start]) >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
