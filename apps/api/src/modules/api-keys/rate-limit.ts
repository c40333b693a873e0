// Each API key's own limit: requests per minute, in fixed windows aligned to the minute. Counted in memory on
// the request path (no query per request: the key's p99 stays the session's) and shared with the other API
// processes every second through rate_limits (http/rate-limit-store.ts#addHits), so a key sending to several
// replicas is held to one limit, give or take a second of the other replicas' traffic.
import type pg from 'pg';
import type { Logger } from 'pino';
import { addHits } from '../../http/rate-limit-store.js';

const WINDOW_MS = 60_000;

interface Counter {
  window: number;
  /** Every process's hits as of the last exchange, this process's sent ones included. */
  shared: number;
  /** This process's hits being sent now. */
  sending: number;
  /** This process's hits not yet sent. */
  pending: number;
}

export interface KeyRateLimiter {
  hit: (keyId: string) => { limit: number; remaining: number; resetSeconds: number };
  /** Sends the pending counts now (the timer does it every `flushMs`). */
  flush: () => Promise<void>;
  close: () => Promise<void>;
}

export function createKeyRateLimiter(options: {
  pool: Pick<pg.Pool, 'query'>;
  perMinute: number;
  flushMs?: number;
  log?: Pick<Logger, 'warn'>;
  now?: () => number;
}): KeyRateLimiter {
  const { pool, perMinute } = options;
  const now = options.now ?? Date.now;
  const counters = new Map<string, Counter>();
  let flushing: Promise<void> | null = null;

  const counterOf = (keyId: string, window: number): Counter => {
    let c = counters.get(keyId);
    if (!c || c.window !== window) {
      c = { window, shared: 0, sending: 0, pending: 0 };
      counters.set(keyId, c);
    }
    return c;
  };

  async function exchange(): Promise<void> {
    const current = Math.floor(now() / WINDOW_MS);
    const batch: { counter: Counter; key: string; windowStart: Date; hits: number }[] = [];
    for (const [keyId, c] of counters) {
      // A past window: its counts no longer matter to anyone.
      if (c.window < current) counters.delete(keyId);
      else if (c.pending > 0) {
        batch.push({
          counter: c,
          key: `apikey:${keyId}:${c.window}`,
          windowStart: new Date(c.window * WINDOW_MS),
          hits: c.pending,
        });
        c.sending += c.pending;
        c.pending = 0;
      }
    }
    if (batch.length === 0) return;
    let totals: Map<string, number> | null = null;
    try {
      totals = await addHits(pool, batch);
    } catch (err) {
      options.log?.warn({ err }, 'could not share the API keys request counts');
    }
    for (const b of batch) {
      b.counter.sending -= b.hits;
      const total = totals?.get(b.key);
      // The database away: keep them here, sent with the next exchange.
      if (total === undefined) b.counter.pending += b.hits;
      else b.counter.shared = Math.max(b.counter.shared, total);
    }
  }

  const flush = () => {
    flushing ??= exchange().finally(() => {
      flushing = null;
    });
    return flushing;
  };
  const timer = setInterval(() => void flush(), options.flushMs ?? 1000);
  timer.unref();

  return {
    hit(keyId) {
      const t = now();
      const window = Math.floor(t / WINDOW_MS);
      const c = counterOf(keyId, window);
      c.pending++;
      return {
        limit: perMinute,
        remaining: perMinute - (c.shared + c.sending + c.pending),
        resetSeconds: Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - t) / 1000)),
      };
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
