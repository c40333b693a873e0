// Deadlocks and serialization failures are how Postgres settles two transactions that cross (40P01,
// 40001): the loser is aborted having changed nothing, and running it again is the documented remedy.

import { causeChain } from './errors.js';

const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

/** True when `err` (or one of its causes) is a deadlock or serialization failure. */
export function isTransactionConflict(err: unknown): boolean {
  for (const { code } of causeChain(err))
    if (typeof code === 'string' && CONFLICT_SQLSTATES.has(code)) return true;
  return false;
}

/** Runs `fn` (a whole transaction) again when it lost a conflict, up to `attempts` times in all. */
export async function retryOnConflict<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || !isTransactionConflict(err)) throw err;
      // A short random pause, so the two do not cross again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * i));
    }
  }
}
