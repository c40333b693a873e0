import { createRequire } from 'node:module';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Sql } from '../db/client.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { BOSS_SCHEMA, QUEUES } from '../queues/index.js';

// pg-boss, and the queries of the workers on pg-boss's own tables (its job table is read and written in a
// few places where its API has no call for it). Queueing and reading campaign batches and cancelling a
// deletion's queued jobs are calls of the modules, so they sit below them, in queues/, with the schema name.

const JOB_TABLE = `${BOSS_SCHEMA}.job`;

/**
 * pg-boss 10 calls `complete` / `fail` after each handler WITHOUT awaiting or catching them: with Postgres
 * down (restart, failover) the rejection is unhandled and kills the process. We patch its Manager once so
 * those calls retry through a short outage (a job left 'active' would otherwise wait for its expiry) and
 * then report to the 'error' event instead; callers that await still see the outcome.
 */
function makeJobOutcomesOutageSafe(): void {
  const require = createRequire(import.meta.url);
  const Manager = require('pg-boss/src/manager.js') as {
    prototype: Record<PropertyKey, unknown>;
  };
  const proto = Manager.prototype;
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;
  for (const name of ['complete', 'fail'] as const) {
    const original = proto[name] as (this: unknown, ...args: unknown[]) => Promise<unknown>;
    const wrapped = function (
      this: { emit: (event: string, err: unknown) => boolean },
      ...args: unknown[]
    ) {
      const attempt = async () => {
        for (let i = 0; ; i++) {
          try {
            return await original.apply(this, args);
          } catch (err) {
            if (i >= OUTCOME_RETRIES || !isDatabaseUnavailable(err)) throw err;
            await new Promise((r) => setTimeout(r, Math.min(4000, 500 * 2 ** i)));
          }
        }
      };
      const result = attempt();
      // Marks the promise handled for pg-boss's fire-and-forget calls; awaiting callers still get the error.
      result.catch((err: unknown) => this.emit('error', err));
      return result;
    };
    // PgBoss exposes the manager's functions under their `.name` (boss.fail, boss.complete): keep it.
    Object.defineProperty(wrapped, 'name', { value: name });
    proto[name] = wrapped;
  }
}
const PATCHED = Symbol.for('pagecast.pgboss.outcomesOutageSafe');
/** 0.5 + 1 + 2 + 4 x 12 s: about a minute of outage, retried at most 4 s apart. */
const OUTCOME_RETRIES = 15;

/**
 * pg-boss on the application database, in its own schema. Queues are created up front (pg-boss 10 needs
 * createQueue before send/work); a queue that needs a policy (e.g. a singleton) is re-created by a migration of its own.
 */
export async function startBoss(
  connectionString: string,
  logger?: Pick<Logger, 'error'>,
): Promise<PgBoss> {
  makeJobOutcomesOutageSafe();
  const boss = new PgBoss({
    connectionString,
    schema: BOSS_SCHEMA,
    application_name: 'pagecast-jobs',
    max: 5,
  });
  // Without a listener an 'error' event would crash the process; pg-boss retries on its own.
  boss.on('error', (err) => logger?.error({ err }, 'pg-boss error'));
  await boss.start();
  try {
    // Replicas starting together (API + workers on a fresh database) deadlock inside pg-boss's createQueue
    // (it creates a partition and takes table locks in varying order): one creator at a time.
    await withAdvisoryLock(connectionString, QUEUE_SETUP_LOCK, async () => {
      for (const name of QUEUES) {
        if (!(await boss.getQueue(name))) await boss.createQueue(name);
      }
    });
  } catch (err) {
    await boss.stop({ graceful: false }).catch(() => {});
    throw err;
  }
  return boss;
}

/** Key of the session advisory lock that serialises queue creation across processes. */
const QUEUE_SETUP_LOCK = 0x7061_6763; // 'pagc'

async function withAdvisoryLock<T>(
  connectionString: string,
  key: number,
  fn: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString, application_name: 'pagecast-jobs-setup' });
  client.on('error', () => {}); // a dropped connection releases the lock; the query in flight fails instead
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await fn();
  } finally {
    await client.end().catch(() => {});
  }
}

/** Lets active jobs finish (up to `timeoutMs`) before closing pg-boss's pool. */
export async function stopBoss(boss: PgBoss, timeoutMs = 10_000): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
}

// ---- any queue ----------------------------------------------------------------------------------------

/** The state of each of these jobs of `queue` that still exists (id -> state). */
export async function jobStates(
  pool: Sql,
  queue: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<{ id: string; state: string }>(
    `select id::text, state::text from ${JOB_TABLE} where name = $1 and id = any($2::uuid[])`,
    [queue, ids],
  );
  return new Map(rows.map((r) => [r.id, r.state]));
}

/** No more retries for this job: its current failure is final (no retry can fix it). */
export async function stopRetrying(pool: Sql, queue: string, jobId: string): Promise<void> {
  await pool.query(
    `update ${JOB_TABLE} set retry_limit = retry_count where id = $1::uuid and name = $2`,
    [jobId, queue],
  );
}
