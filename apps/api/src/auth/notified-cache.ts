// A per-process cache of database answers that another process may change, kept current by Postgres
// NOTIFY (realtime/hub.ts): the session check (session-cache.ts) and page access (page-access-cache.ts).
// Correct only because every change of what it caches NOTIFYs: a notification drops the key's (or its
// group's) entries, so from its arrival on every process reads the new answer. Notifications missed while
// the LISTEN connection is down are why nothing is answered from the cache unless the connection that read
// the answer is still the one listening (none while it is down: every read goes to the database).

/** What the cache needs from the realtime hub. */
export interface CacheEvents {
  /** The LISTEN connection in place (a new number after each reconnect), or null while none is. */
  connection: () => number | null;
  /** Starts the LISTEN connection (the hub opens it lazily). */
  ready: () => Promise<void>;
}

/** One key's answer, or (without `key`) every answer of a group (an admin). */
export type CacheTarget = { group: string; key?: string | undefined };

export interface NotifiedCacheOptions<S> {
  /** The database read. */
  load: (key: string, group: string) => Promise<S>;
  /** Whether an answer may be kept (default: every answer). */
  keep?: (state: S) => boolean;
  events: CacheEvents;
  /** Calls its argument with each notified change; returns the unsubscribe. */
  onChange: (listener: (target: CacheTarget) => void) => () => void;
  /** Entries kept (the oldest go first). */
  max: number;
  /** How long an answer is trusted, notification or not. */
  maxAgeMs: number;
  now?: () => number;
}

export interface NotifiedCache<S> {
  /** The key's answer; `notAfter` (ms since the epoch) bounds how long it is kept. */
  get: (key: string, group: string, notAfter?: number) => Promise<S>;
  /** This process is changing what `target` reads: no cached or newly read answer until its NOTIFY. */
  changing: (target: CacheTarget) => void;
  readonly size: number;
  close: () => void;
}

interface Entry<S> {
  group: string;
  state: S;
  until: number;
  /** The LISTEN connection in place when the answer was read. */
  connection: number;
}

export function createNotifiedCache<S>(options: NotifiedCacheOptions<S>): NotifiedCache<S> {
  const { events, load, max, maxAgeMs } = options;
  const keep = options.keep ?? (() => true);
  const now = options.now ?? Date.now;
  // Insertion order is age order, and eviction takes the oldest: no entry is trusted past maxAgeMs anyway,
  // and a hit leaves the map as it is (moving the entry to the end, delete then set, made V8 allocate a new
  // table per request, kept past young-generation collections: bench/FINDINGS.md).
  const entries = new Map<string, Entry<S>>();
  // Keys ('k:<key>') and groups ('g:<group>') being changed here, until their NOTIFY arrives (or, if the
  // changing transaction rolled back and none ever comes, until this time).
  const withheld = new Map<string, number>();
  // Bumped by every invalidation: a read that was in flight while one arrived does not store its answer.
  let generation = 0;

  const drop = (target: CacheTarget) => {
    generation++;
    if (target.key !== undefined) {
      entries.delete(target.key);
      return;
    }
    for (const [key, entry] of entries) if (entry.group === target.group) entries.delete(key);
  };
  const withheldKey = (target: CacheTarget) =>
    target.key !== undefined ? `k:${target.key}` : `g:${target.group}`;
  const isWithheld = (key: string, group: string) => {
    const t = now();
    for (const mark of [`k:${key}`, `g:${group}`]) {
      const until = withheld.get(mark);
      if (until === undefined) continue;
      if (until > t) return true;
      withheld.delete(mark);
    }
    return false;
  };

  const offChange = options.onChange((target) => {
    withheld.delete(withheldKey(target));
    drop(target);
  });
  // Listen from the start: until the connection is up every read goes to the database.
  events.ready().catch(() => {});

  return {
    async get(key, group, notAfter) {
      const connection = events.connection();
      if (connection === null) {
        entries.clear();
        return load(key, group);
      }
      const hit = entries.get(key);
      if (hit) {
        if (hit.group === group && hit.connection === connection && hit.until > now())
          return hit.state;
        entries.delete(key);
      }
      if (isWithheld(key, group)) return load(key, group);
      const before = generation;
      const state = await load(key, group);
      if (generation === before && events.connection() === connection && keep(state)) {
        entries.set(key, {
          group,
          state,
          until: Math.min(now() + maxAgeMs, notAfter ?? Infinity),
          connection,
        });
        if (entries.size > max) entries.delete(entries.keys().next().value as string);
      }
      return state;
    },
    changing(target) {
      const t = now();
      // A change that touched no row sends no NOTIFY: its mark would stay, so lapsed ones go here.
      for (const [mark, until] of withheld) if (until <= t) withheld.delete(mark);
      withheld.set(withheldKey(target), t + maxAgeMs);
      drop(target);
    },
    get size() {
      return entries.size;
    },
    close() {
      offChange();
      entries.clear();
      withheld.clear();
    },
  };
}
