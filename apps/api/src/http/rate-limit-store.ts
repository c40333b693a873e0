// @fastify/rate-limit's counters kept in Postgres instead of each process's memory, so the sign-in and
// deletion limits hold however many API replicas run (and whichever one a client reaches).
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

/** One statement per request: count the hit, or start a new window when the last one has passed. */
const INCR = `
  insert into rate_limits as r (key, window_start, hits) values ($1, now(), 1)
  on conflict (key) do update set
    hits = case when r.window_start + $2 * interval '1 millisecond' <= now() then 1 else r.hits + 1 end,
    window_start = case when r.window_start + $2 * interval '1 millisecond' <= now() then now()
                        else r.window_start end
  returning hits,
    greatest(0, (extract(epoch from r.window_start + $2 * interval '1 millisecond' - now()) * 1000))::int
      as ttl`;

/** Windows long gone are deleted now and then (about one request in 200), never on every request. */
const CLEANUP = `delete from rate_limits where window_start < now() - interval '1 day'`;
const CLEANUP_EVERY = 200;

/**
 * Counts one hit of `key` in its fixed window of `windowMs` (the same table and statement as the route
 * limits): how many hits the window holds now, and how long until it ends. For limits a handler applies
 * itself, after it knows what the request is (a chat send and its kind).
 */
export async function countHit(
  pool: Pick<pg.Pool, 'query'>,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttlMs: number }> {
  const { rows } = await pool.query<{ hits: number; ttl: number }>(INCR, [key, windowMs]);
  return { current: rows[0]?.hits ?? 1, ttlMs: rows[0]?.ttl ?? windowMs };
}

export function postgresRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  let sinceCleanup = 0;
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    /** Route scope of the keys (each route counts apart, as the plugin's own stores do). */
    private readonly scope: string;

    constructor(_options?: unknown, scope = '') {
      this.scope = scope;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      if (++sinceCleanup >= CLEANUP_EVERY) {
        sinceCleanup = 0;
        pool.query(CLEANUP).catch(() => {});
      }
      countHit(pool, this.scope + key, timeWindow).then(
        ({ current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
        // The database away: the error handler answers 503 (Retry-After), as for any request then.
        (err: Error) => callback(err),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route as `routeInfo` beside the typed options.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const method = typeof route?.method === 'string' ? route.method : '';
      const url = typeof route?.url === 'string' ? route.url : '';
      return new PostgresRateLimitStore(undefined, `${this.scope}${method}${url}-`);
    }
  }
  return PostgresRateLimitStore;
}

/**
 * Adds hits to fixed windows named by their key (the window is in the key, e.g. `apikey:<id>:<minute>`), in
 * one statement for the whole batch; answers each window's total over every process. For limits counted in
 * memory and shared every second (API keys: modules/api-keys/rate-limit.ts), so a request costs no query.
 */
export async function addHits(
  pool: Pick<pg.Pool, 'query'>,
  batch: ReadonlyArray<{ key: string; windowStart: Date; hits: number }>,
): Promise<Map<string, number>> {
  if (batch.length === 0) return new Map();
  const { rows } = await pool.query<{ key: string; hits: number }>(
    `insert into rate_limits as r (key, window_start, hits)
     select * from unnest($1::text[], $2::timestamptz[], $3::int[])
     on conflict (key) do update set hits = r.hits + excluded.hits
     returning key, hits`,
    [batch.map((b) => b.key), batch.map((b) => b.windowStart), batch.map((b) => b.hits)],
  );
  return new Map(rows.map((r) => [r.key, r.hits]));
}
