// The session check of every authenticated request (sessions.ts#sessionState), cached per process: a
// busy admin's requests cost no round trip for it. Correct only because every end of a session NOTIFYs the
// API processes (sessions.ts#endSessions): a notification drops that session's (or admin's) entries, so
// from its arrival on every process refuses the session. Notifications missed while the LISTEN connection
// is down are why nothing is answered from the cache unless the connection that read the answer is still
// the one listening (none while it is down: every check goes to the database).
import type { SessionEnded } from '../realtime/channel.js';

/** What the cache needs from the realtime hub (realtime/hub.ts). */
export interface SessionEvents {
  /** The LISTEN connection in place (a new number after each reconnect), or null while none is. */
  connection: () => number | null;
  onSessionEnded: (listener: (ended: SessionEnded) => void) => () => void;
  /** Starts the LISTEN connection (the hub opens it lazily). */
  ready: () => Promise<void>;
}

// Generic over the state (sessions.ts#SessionState) so that sessions.ts, which calls sessionsEnding, is not
// imported back from here.
export interface SessionCacheOptions<S> {
  /** The database check (sessions.ts#sessionState on the app's pool). */
  load: (sessionId: string, adminId: string) => Promise<S>;
  events: SessionEvents;
  /** Sessions kept (least recently used go first). */
  max?: number;
  /**
   * How long an answer is trusted. The database check refreshes `last_seen_at` when it is a minute old,
   * so a minute keeps that refresh at about once a minute per session.
   */
  maxAgeMs?: number;
  now?: () => number;
}

/** Sessions, or all of an admin's, being ended (sessions.ts#endSessions). */
export type EndingTarget = { adminId: string; sessionId?: string };

export interface SessionCache<S> {
  /** The session's state; `notAfter` (ms since the epoch, e.g. the JWT's exp) bounds the cached answer. */
  state: (sessionId: string, adminId: string, notAfter?: number) => Promise<S>;
  /** This process is ending sessions: no cached or newly read answer for them until the NOTIFY arrives. */
  ending: (target: EndingTarget) => void;
  readonly size: number;
  close: () => void;
}

interface Entry<S> {
  adminId: string;
  state: S;
  until: number;
  /** The LISTEN connection in place when the answer was read. */
  connection: number;
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
  const max = options.max ?? SESSION_CACHE_MAX;
  const maxAgeMs = options.maxAgeMs ?? SESSION_CACHE_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const { events, load } = options;
  // Insertion order is recency order: a hit moves its entry to the end, eviction takes the first.
  const entries = new Map<string, Entry<S>>();
  // Sessions ('s:<id>') and admins ('a:<id>') being ended here, until their NOTIFY arrives (or, if the
  // ending transaction rolled back and none ever comes, until this time).
  const withheld = new Map<string, number>();
  // Bumped by every invalidation: a check that was reading while one arrived does not store its answer.
  let generation = 0;

  const drop = (target: EndingTarget) => {
    generation++;
    if (target.sessionId) {
      entries.delete(target.sessionId);
      return;
    }
    for (const [key, entry] of entries) if (entry.adminId === target.adminId) entries.delete(key);
  };
  const withheldKeys = (target: EndingTarget) =>
    target.sessionId ? [`s:${target.sessionId}`] : [`a:${target.adminId}`];
  const isWithheld = (sessionId: string, adminId: string) => {
    const t = now();
    for (const key of [`s:${sessionId}`, `a:${adminId}`]) {
      const until = withheld.get(key);
      if (until === undefined) continue;
      if (until > t) return true;
      withheld.delete(key);
    }
    return false;
  };

  const offEnded = events.onSessionEnded((ended) => {
    const target: EndingTarget =
      ended.sessionId !== undefined
        ? { adminId: '', sessionId: ended.sessionId }
        : { adminId: ended.adminId };
    for (const key of withheldKeys(target)) withheld.delete(key);
    drop(target);
  });
  // Listen from the start: until the connection is up every check goes to the database.
  events.ready().catch(() => {});

  const cache: SessionCache<S> = {
    async state(sessionId, adminId, notAfter) {
      const connection = events.connection();
      if (connection === null) {
        entries.clear();
        return load(sessionId, adminId);
      }
      const hit = entries.get(sessionId);
      if (hit) {
        entries.delete(sessionId);
        if (hit.adminId === adminId && hit.connection === connection && hit.until > now()) {
          entries.set(sessionId, hit);
          return hit.state;
        }
      }
      if (isWithheld(sessionId, adminId)) return load(sessionId, adminId);
      const before = generation;
      const state = await load(sessionId, adminId);
      if (generation === before && events.connection() === connection) {
        entries.set(sessionId, {
          adminId,
          state,
          until: Math.min(now() + maxAgeMs, notAfter ?? Infinity),
          connection,
        });
        if (entries.size > max) entries.delete(entries.keys().next().value as string);
      }
      return state;
    },
    ending(target) {
      const t = now();
      // An end that changed no row sends no NOTIFY: its mark would stay, so lapsed ones go here.
      for (const [key, until] of withheld) if (until <= t) withheld.delete(key);
      for (const key of withheldKeys(target)) withheld.set(key, t + maxAgeMs);
      drop(target);
    },
    get size() {
      return entries.size;
    },
    close() {
      offEnded();
      caches.delete(cache);
      entries.clear();
      withheld.clear();
    },
  };
  caches.add(cache);
  return cache;
}
