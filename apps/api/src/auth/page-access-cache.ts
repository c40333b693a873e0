// An admin's access to a page (guards.ts#readPageAccess), cached per process (notified-cache.ts), so the
// inbox list, read on every poll and scroll, costs one statement on its own rows. Every rewrite of an
// admin's page links or tasks (sign-in, the page access re-check, a page's deletion) NOTIFYs the API
// processes (realtime/publish.ts#announceAccessChanged), which drops that admin's entries. Only access
// is kept, never a refusal, and a refusal from the cache is read again from the database (pageIdFor).
import type { PageAccess } from './guards.js';
import { type CacheEvents, createNotifiedCache } from './notified-cache.js';

/** What the cache needs from the realtime hub (realtime/hub.ts). */
export interface PageAccessEvents extends CacheEvents {
  onAccessChanged: (listener: (adminId: string) => void) => () => void;
}

export interface PageAccessCache {
  of: (adminId: string, fbPageId: string) => Promise<PageAccess | null>;
  /** This process is rewriting the admin's access: read from the database until its NOTIFY arrives. */
  changing: (adminId: string) => void;
  close: () => void;
}

export const PAGE_ACCESS_CACHE_MAX = 10_000;
export const PAGE_ACCESS_MAX_AGE_MS = 60_000;

// The caches of this process's apps: an admin's access rewritten here is withheld from them before its
// NOTIFY is even sent (the NOTIFY reaches this process's own listener only after the commit).
const caches = new Set<PageAccessCache>();

/** Called in the transaction that rewrites the admin's page links, before it commits. */
export function pageAccessChanging(adminId: string): void {
  for (const cache of caches) cache.changing(adminId);
}

export function createPageAccessCache(options: {
  load: (adminId: string, fbPageId: string) => Promise<PageAccess | null>;
  events: PageAccessEvents;
  now?: () => number;
}): PageAccessCache {
  const { events, load } = options;
  const inner = createNotifiedCache<PageAccess | null>({
    // The key is `<adminId>/<fbPageId>`, its group the admin.
    load: (key, adminId) => load(adminId, key.slice(adminId.length + 1)),
    keep: (access) => access !== null,
    events,
    onChange: (listener) => events.onAccessChanged((adminId) => listener({ group: adminId })),
    max: PAGE_ACCESS_CACHE_MAX,
    maxAgeMs: PAGE_ACCESS_MAX_AGE_MS,
    ...(options.now ? { now: options.now } : {}),
  });
  const cache: PageAccessCache = {
    of: (adminId, fbPageId) => inner.get(`${adminId}/${fbPageId}`, adminId),
    changing: (adminId) => inner.changing({ group: adminId }),
    close() {
      caches.delete(cache);
      inner.close();
    },
  };
  caches.add(cache);
  return cache;
}
