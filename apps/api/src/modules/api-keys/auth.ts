// The key checks of the request path (auth/jwt.ts#ApiKeyChecks), one set per API process: the key's state by
// its hash through a cache kept current by the sessions NOTIFY (a revoke names the key's id as the ended
// session: repo.ts#revokeKey), its last use written at most once a minute, and its own rate limit.
import type pg from 'pg';
import type { Logger } from 'pino';
import type { ApiKeyChecks, ApiKeyState } from '../../auth/jwt.js';
import { createNotifiedCache } from '../../auth/notified-cache.js';
import type { RealtimeHub } from '../../realtime/index.js';
import { keyState, touchKey } from './repo.js';
import { createKeyRateLimiter } from './rate-limit.js';

/** Every cached key is in one group: an admin-wide end of sessions (rare) drops them all. */
const GROUP = 'api-keys';
const CACHE_MAX = 10_000;
/** A key's answer is trusted this long at most, NOTIFY or not; its last use is written as often. */
const MAX_AGE_MS = 60_000;

// The checks of this process's apps (two in the tests that run two API processes in one): a key revoked here is
// withheld from them before its NOTIFY is even sent.
const live = new Set<{ revoking: (hash: string) => void }>();

/** Called by revokeKey before its UPDATE: no cached or newly read answer for the key until its NOTIFY. */
export function apiKeyRevoking(hash: string): void {
  for (const checks of live) checks.revoking(hash);
}

export interface ApiKeyAuth extends ApiKeyChecks {
  close: () => Promise<void>;
}

export function createApiKeyAuth(options: {
  pool: pg.Pool;
  events: Pick<RealtimeHub, 'onSessionEnded' | 'connection' | 'ready'>;
  perMinute: number;
  log?: Pick<Logger, 'warn'>;
}): ApiKeyAuth {
  const { pool, events } = options;
  // A notice names the key's id; the cache is by hash (what a request brings). Ids of keys read here.
  const hashOf = new Map<string, string>();
  const cache = createNotifiedCache<ApiKeyState>({
    load: async (hash) => {
      const state = await keyState(pool, hash);
      if (state.state === 'active') {
        hashOf.set(state.keyId, hash);
        if (hashOf.size > CACHE_MAX) hashOf.delete(hashOf.keys().next().value as string);
      }
      return state;
    },
    // A refusal is read again every time: a guessed key must not fill the cache.
    keep: (s) => s.state === 'active',
    events,
    onChange: (listener) =>
      events.onSessionEnded((ended) => {
        if (ended.sessionId === undefined) return listener({ group: GROUP });
        // Unknown here: nothing cached, but the drop still voids a read in flight.
        listener({ group: GROUP, key: hashOf.get(ended.sessionId) ?? `id:${ended.sessionId}` });
      }),
    max: CACHE_MAX,
    maxAgeMs: MAX_AGE_MS,
  });
  const limiter = createKeyRateLimiter({
    pool,
    perMinute: options.perMinute,
    ...(options.log ? { log: options.log } : {}),
  });
  const lastTouch = new Map<string, number>();
  const checks = { revoking: (hash: string) => cache.changing({ group: GROUP, key: hash }) };
  live.add(checks);

  return {
    state: (hash) => cache.get(hash, GROUP),
    used(keyId, ip) {
      const t = Date.now();
      if ((lastTouch.get(keyId) ?? 0) > t - MAX_AGE_MS) return;
      lastTouch.set(keyId, t);
      if (lastTouch.size > CACHE_MAX) lastTouch.delete(lastTouch.keys().next().value as string);
      touchKey(pool, keyId, ip).catch((err: unknown) =>
        options.log?.warn({ err }, 'could not record an API key use'),
      );
    },
    hit: limiter.hit,
    async close() {
      live.delete(checks);
      cache.close();
      await limiter.close();
    },
  };
}
