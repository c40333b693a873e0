// The session check of every authenticated request (modules/sessions/repo.ts#sessionState), cached per
// process (notified-cache.ts): a busy admin's requests cost no round trip for it. Every end of a session
// NOTIFYs the API processes (modules/sessions/repo.ts#endSessions), which drops that session's (or admin's)
// entries.
import type { SessionEnded } from '../realtime/channel.js';
import { type CacheEvents, createNotifiedCache } from './notified-cache.js';

/** What the cache needs from the realtime hub (realtime/hub.ts). */
export interface SessionEvents extends CacheEvents {
  onSessionEnded: (listener: (ended: SessionEnded) => void) => () => void;
}

// Generic over the state (auth/jwt.ts#SessionState) so that the sessions repo, which calls
// sessionsEnding, is not imported back from here.
export interface SessionCacheOptions<S> {
  /** The database check (the sessions repo's sessionState on the app's pool). */
  load: (sessionId: string, adminId: string) => Promise<S>;
  events: SessionEvents;
  /** Sessions kept (the oldest go first). */
  max?: number;
  /**
   * How long an answer is trusted. The database check refreshes `last_seen_at` when it is a minute old,
   * so a minute keeps that refresh at about once a minute per session.
   */
  maxAgeMs?: number;
  now?: () => number;
}

/** Sessions, or all of an admin's, being ended (modules/sessions/repo.ts#endSessions). */
export type EndingTarget = { adminId: string; sessionId?: string };

export interface SessionCache<S> {
  /** The session's state; `notAfter` (ms since the epoch, e.g. the JWT's exp) bounds the cached answer. */
  state: (sessionId: string, adminId: string, notAfter?: number) => Promise<S>;
  /** This process is ending sessions: no cached or newly read answer for them until the NOTIFY arrives. */
  ending: (target: EndingTarget) => void;
  readonly size: number;
  close: () => void;
}

export const SESSION_CACHE_MAX = 10_000;
export const SESSION_CACHE_MAX_AGE_MS = 60_000;

// The caches of this process's apps (one in production, two in the tests that run two API processes): a
// session ended here is withheld from them before its NOTIFY is even sent (endSessions).
const caches = new Set<Pick<SessionCache<unknown>, 'ending'>>();

/**
 * Called by endSessions before its UPDATE. The NOTIFY reaches this process's own listener only after the
 * commit, asynchronously: without this, the next request here could still be answered from the cache.
 */
export function sessionsEnding(target: EndingTarget): void {
  for (const cache of caches) cache.ending(target);
}

export function createSessionCache<S>(options: SessionCacheOptions<S>): SessionCache<S> {
  const { events } = options;
  const inner = createNotifiedCache<S>({
    load: options.load,
    events,
    onChange: (listener) =>
      events.onSessionEnded((ended) =>
        listener({ group: ended.adminId ?? '', key: ended.sessionId }),
      ),
    max: options.max ?? SESSION_CACHE_MAX,
    maxAgeMs: options.maxAgeMs ?? SESSION_CACHE_MAX_AGE_MS,
    ...(options.now ? { now: options.now } : {}),
  });
  const cache: SessionCache<S> = {
    state: inner.get,
    ending: (target) => inner.changing({ group: target.adminId, key: target.sessionId }),
    get size() {
      return inner.size;
    },
    close() {
      caches.delete(cache);
      inner.close();
    },
  };
  caches.add(cache);
  return cache;
}
