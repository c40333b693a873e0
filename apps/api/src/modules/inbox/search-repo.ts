// SQL of the inbox search (docs/inbox.md §4): a case-insensitive substring of a contact's name, of the
// list's preview or of any stored message of the contact (history the page sync brought included).
// Served by the trigram GIN indexes that lead with page_id (migrations 0016, 0017): each part is an
// uncorrelated read of ONE page's entries, so another tenant's data never enters a search, and the planner
// joins the matching ids to the contacts instead of probing every contact's messages.
import { adminPage } from '../../auth/guards.js';
import { inTransaction, type Sql } from '../../db/client.js';
import type pg from 'pg';

/**
 * Trigrams need three characters: a shorter search would read every message of the page, so it matches
 * names and previews only.
 */
export const MESSAGE_SEARCH_MIN = 3;

/** `%`, `_` and `\` are literal in a search. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * The condition on `contacts c` that `q` matches. With `page` (the page's uuid as an expression that does
 * not read `c`: a placeholder, or the statement's page row): `c.id` is one of the ids of the page's
 * contacts whose name or preview contains it or that have a message that does, read once from the indexes
 * (an uncorrelated subquery the planner turns into a semi-join; an array of ids would be compared one by
 * one for each contact). With `page` null: each contact is tested
 * on its own (its name, its preview, its own messages through messages_contact_recent_idx), for a walk
 * over a bounded number of contacts in list order: a scalar subquery, as an EXISTS under OR may be planned
 * as one hashed read of every page's matching messages, and fenced (OFFSET 0) so that a contact's few
 * messages are read by contact, never through the page-wide trigram index once per contact.
 */
export function textMatch(q: string, param: (v: unknown) => string, page: string | null): string {
  const pattern = param(likePattern(q));
  if (page === null)
    return `(c.name ilike ${pattern} or c.last_message_preview ilike ${pattern}${
      q.length >= MESSAGE_SEARCH_MIN
        ? ` or (select true from (select m.text from messages m where m.contact_id = c.id offset 0) m
             where m.text ilike ${pattern} limit 1)`
        : ''
    })`;
  return `c.id in (${matchingIds(q, pattern, page)})`;
}

/** The ids of `page`'s contacts whose name, preview or a message contains `q` (a contact may repeat). */
function matchingIds(q: string, pattern: string, page: string): string {
  return `select x.id from contacts x where x.page_id = ${page} and x.name ilike ${pattern}
    union all select x.id from contacts x
     where x.page_id = ${page} and x.last_message_preview ilike ${pattern}${
       q.length >= MESSAGE_SEARCH_MIN
         ? `
    union all select m.contact_id from messages m where m.page_id = ${page} and m.text ilike ${pattern}`
         : ''
     }`;
}

/**
 * How many index hits `q` has on the page (names, previews, messages), as the planner estimates them from
 * the columns' statistics (for `%q%`: the share of ANALYZE's sampled values that contain it, and the page's
 * share of the rows): a plan, no row read. Tells a rare term (read every match from the indexes) from a
 * common one (walk the list) for the cost of planning; a wrong guess costs time, never results. Null: the
 * admin does not manage the page.
 */
export async function estimatedHits(
  db: Sql,
  adminId: string,
  fbPageId: string,
  q: string,
): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>(
    `select p.id from ${adminPage('$1', '$2', 'messaging')}`,
    [fbPageId, adminId],
  );
  const page = rows[0]?.id;
  if (page === undefined) return null;
  // The page's uuid as a value (not a subquery), so the planner weighs this page's share of the rows.
  const { rows: plan } = await db.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    `explain (format json) ${matchingIds(q, '$2', '$1::uuid')}`,
    [page, likePattern(q)],
  );
  return plan[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
}

/**
 * Index hits a search reads at most to name every match of a rare term (estimatedHits below this): then
 * only those contacts are sorted by recency. A term with more is common enough that a walk in list order
 * finds a page of results among the most recent contacts (5 % of a page of 100,000 contacts).
 */
export const MATCH_CAP = 5000;

/**
 * The page's contacts that `q` matches, read from the trigram indexes alone (no contact is sorted or
 * joined): at most `cap` index hits, and `complete` when fewer matched, so they are all the matches. The
 * three sources are read one after the other under one LIMIT, so a common word stops after `cap` rows of
 * the first source that has them. Null: the admin does not manage the page.
 */
export async function matchingContacts(
  db: Sql,
  adminId: string,
  fbPageId: string,
  q: string,
  cap = MATCH_CAP,
): Promise<{ ids: string[]; complete: boolean } | null> {
  const { rows } = await db.query<{ id: string | null }>(
    `select h.id from (select p.id from ${adminPage('$1', '$2', 'messaging')}) p
       left join lateral (select x.id from (${matchingIds(q, '$3', 'p.id')}) x limit $4) h on true`,
    [fbPageId, adminId, likePattern(q), cap],
  );
  if (rows.length === 0) return null;
  const hits = rows.flatMap((r) => (r.id === null ? [] : [r.id]));
  return { ids: [...new Set(hits)], complete: hits.length < cap };
}

/**
 * The newest message of each contact that contains `q` (the line a search result shows), by contact id.
 * Reads each listed contact's messages only (messages_contact_recent_idx), so it costs one page of results.
 */
export async function matchingLines(
  db: Sql,
  contactIds: readonly string[],
  q: string,
): Promise<Map<string, string>> {
  if (contactIds.length === 0 || q.length < MESSAGE_SEARCH_MIN) return new Map();
  const { rows } = await db.query<{ id: string; text: string }>(
    `select c.id, hit.text from unnest($1::uuid[]) as c(id)
       cross join lateral (select m.text from (select m.text from messages m where m.contact_id = c.id
         order by m.created_at desc, m.id desc offset 0) m where m.text ilike $2 limit 1) hit`,
    [contactIds, likePattern(q)],
  );
  return new Map(rows.map((r) => [r.id, r.text]));
}

/**
 * Runs a search's statements in one transaction whose statements each stop after `timeoutMs`: a search
 * too broad for the page answers in bounded time, and holds a connection no longer.
 */
export async function withSearchTimeout<T>(
  pool: Sql,
  timeoutMs: number,
  fn: (tx: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return inTransaction(pool, async (tx) => {
    // Custom plans: the pool forces generic ones (db/client.ts), but how selective a pattern is decides
    // between the trigram indexes and a walk, and a generic plan cannot know it.
    await tx.query(
      `select set_config('statement_timeout', $1, true), set_config('plan_cache_mode', 'force_custom_plan', true)`,
      [`${timeoutMs}ms`],
    );
    return fn(tx);
  });
}

/** No search can start now: as many run as may, and as many wait (`own`: of this tenant's). */
export class SearchGateFull extends Error {
  constructor(readonly own: boolean) {
    super(own ? 'search gate: tenant queue full' : 'search gate full');
  }
}

/** SEARCH_CONCURRENCY and SEARCH_QUEUE, and the share of each that one tenant may hold. */
export interface SearchGateLimits {
  concurrency: number;
  queue: number;
  perTenant: number;
  queuePerTenant: number;
}

/**
 * At most `concurrency` searches run at once (each holds a pooled connection for its transaction), and at
 * most `queue` wait; another is refused at once (SearchGateFull), so a burst of searches can neither take
 * every connection of the pool nor queue without bound. Shared fairly between tenants (admins): one runs
 * at most `perTenant` and queues at most `queuePerTenant`, each in its own queue, and a freed slot goes to
 * the next tenant in turn (round-robin), so one tenant's flood waits behind itself while others pass.
 */
export class SearchGate {
  private running = 0;
  private queued = 0;
  private readonly runningOf = new Map<string, number>();
  /** Each waiting tenant's queue; Map order is the round-robin turn (a served tenant goes to the back). */
  private readonly queues = new Map<string, Array<() => void>>();
  constructor(private readonly limits: SearchGateLimits) {}

  async run<T>(tenant: string, fn: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency && this.share(tenant) < this.limits.perTenant) {
      this.take(tenant);
    } else {
      const own = this.queues.get(tenant) ?? [];
      if (this.queued >= this.limits.queue) throw new SearchGateFull(false);
      if (own.length >= this.limits.queuePerTenant) throw new SearchGateFull(true);
      // Served by `next`, which takes the slot for this one before it resolves.
      await new Promise<void>((resolve) => {
        own.push(resolve);
        this.queues.set(tenant, own);
        this.queued++;
      });
    }
    try {
      return await fn();
    } finally {
      this.running--;
      const left = this.share(tenant) - 1;
      if (left > 0) this.runningOf.set(tenant, left);
      else this.runningOf.delete(tenant);
      this.next();
    }
  }

  private share(tenant: string): number {
    return this.runningOf.get(tenant) ?? 0;
  }

  private take(tenant: string) {
    this.running++;
    this.runningOf.set(tenant, this.share(tenant) + 1);
  }

  /** Free slots go to the waiting tenants in turn, each under its share. */
  private next(): void {
    for (const [tenant, waiting] of this.queues) {
      if (this.running >= this.limits.concurrency) return;
      if (this.share(tenant) >= this.limits.perTenant) continue;
      const resolve = waiting.shift();
      this.queues.delete(tenant);
      if (waiting.length > 0) this.queues.set(tenant, waiting);
      if (!resolve) continue;
      this.queued--;
      this.take(tenant);
      resolve();
      // The map changed under the loop: start the turn again from its (new) front.
      return this.next();
    }
  }
}

/** Postgres cancelled the statement: it ran past statement_timeout (SQLSTATE 57014). */
export const isStatementTimeout = (err: unknown): boolean =>
  !!err && typeof err === 'object' && (err as { code?: unknown }).code === '57014';
