import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

/**
 * Where a statement runs: the pool (each statement on any connection) or one connection checked out of it,
 * inside a transaction. Repos take this first, so a caller puts several repo calls in one transaction by
 * passing the transaction's client instead of the pool. This file is the only one that knows the driver.
 * Repos name it `sql`, or `db` where drizzle's `sql` tag is in scope.
 */
export type Sql = pg.Pool | pg.PoolClient;

/** A drizzle handle; `dz(sql)` builds it on a `Sql`, so its queries run where that `Sql` runs. */
export type Db = NodePgDatabase<typeof schema>;

const handles = new WeakMap<Sql, Db>();

/**
 * The drizzle handle on `sql`: inside a transaction, drizzle's queries run on the transaction's client.
 * One per pool and per pooled connection (the pool reuses its connections), because building one
 * walks the whole schema.
 */
export function dz(sql: Sql): Db {
  let db = handles.get(sql);
  if (db === undefined) {
    db = drizzle(sql, { schema });
    handles.set(sql, db);
  }
  return db;
}

/**
 * Runs `fn` in one transaction on one pooled connection, committed when it returns and rolled back when it
 * throws. Given a client already in a transaction, `fn` runs in a savepoint of it (as drizzle's nested
 * transactions do), so a repo function that needs a transaction composes into its caller's.
 */
export async function inTransaction<T>(
  sql: Sql,
  fn: (tx: pg.PoolClient) => Promise<T>,
): Promise<T> {
  if (!(sql instanceof pg.Pool)) return bracket(sql, SAVEPOINT, fn);
  const client = await sql.connect();
  try {
    return await bracket(client, TRANSACTION, fn);
  } finally {
    client.release();
  }
}

/**
 * Longest one statement of a read or bulk write that grows with a page (bulk tagging, audience preview,
 * campaign recipients and their CSV, counts) may run: past it Postgres cancels it (SQLSTATE 57014) and the
 * request answers 503 with Retry-After (http/error-handler.ts), never holding a connection for as long as
 * the scan would take. Inbox search has its own, shorter one (SEARCH_TIMEOUT_MS).
 */
export const STATEMENT_TIMEOUT_MS = 15_000;

/**
 * `fn` in one transaction (inTransaction) whose statements each stop after `timeoutMs`: a cancelled one
 * rolls back all of `fn`'s writes, so nothing is half-written.
 */
export async function withStatementTimeout<T>(
  sql: Sql,
  fn: (tx: pg.PoolClient) => Promise<T>,
  timeoutMs = STATEMENT_TIMEOUT_MS,
): Promise<T> {
  return inTransaction(sql, async (tx) => {
    await tx.query(`select set_config('statement_timeout', $1, true)`, [`${timeoutMs}ms`]);
    return fn(tx);
  });
}

const TRANSACTION = { begin: 'begin', commit: 'commit', rollback: 'rollback' };
const SAVEPOINT = {
  begin: 'savepoint nested',
  commit: 'release savepoint nested',
  rollback: 'rollback to savepoint nested',
};

/** `fn` between `begin` and `commit`; `rollback` when it throws (a failed rollback is not the error). */
async function bracket<T>(
  client: pg.PoolClient,
  statements: typeof TRANSACTION,
  fn: (tx: pg.PoolClient) => Promise<T>,
): Promise<T> {
  await client.query(statements.begin);
  try {
    const out = await fn(client);
    await client.query(statements.commit);
    return out;
  } catch (err) {
    await client.query(statements.rollback).catch(() => {});
    throw err;
  }
}

export interface DbHandle {
  db: Db;
  pool: pg.Pool;
  close: () => Promise<void>;
}

/**
 * A named statement: each pooled connection parses and plans it once, later calls only bind and execute
 * (the hot read paths run it on every request). One name per SQL text: pg refuses a name reused with a
 * different text, so build these once at module level, never from request data.
 */
export interface Statement {
  name: string;
  text: string;
}

const statementTexts = new Map<string, string>();

export function statement(name: string, text: string): Statement {
  const taken = statementTexts.get(name);
  if (taken !== undefined && taken !== text)
    throw new Error(`statement name ${name} is already taken`);
  statementTexts.set(name, text);
  return { name, text };
}

/** Runs `s` on the pool or on a transaction's client. */
export async function runStatement<R extends pg.QueryResultRow>(
  sql: Sql,
  s: Statement,
  values: unknown[],
): Promise<R[]> {
  const { rows } = await sql.query<R>({ name: s.name, text: s.text, values });
  return rows;
}

const pgTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (
  value: string,
) => Date;

/** Value of the fixed-width decimal digits s[from, to), or NaN. */
function digitsAt(s: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    v = v * 10 + d;
  }
  return v;
}

/**
 * timestamptz as Postgres writes it (DateStyle ISO: 'YYYY-MM-DD HH:MM:SS[.ffffff]±HH[:MM[:SS]]') to a Date,
 * the same Date pg's own parser gives (same millisecond arithmetic) at a fraction of its cost: pg's parser
 * runs three regular expressions per value and was ~10% of a list request's CPU (bench/FINDINGS.md).
 * Anything else (infinity, BC, years before 100, other styles) goes to pg's parser.
 */
export function parseTimestamptz(s: string): Date | number | null {
  const n = s.length;
  if (
    n < 22 ||
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 32 ||
    s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58
  )
    return pgTimestamptz(s);
  const year = digitsAt(s, 0, 4);
  let i = 19;
  let ms = 0;
  if (s.charCodeAt(i) === 46) {
    // 1000 * parseFloat('.ffffff') as pg's parser computes it: digits / 10^k is that same correctly
    // rounded double while the fraction fits in a double exactly (up to 15 digits; Postgres writes 6).
    let digits = 0;
    let scale = 1;
    let j = i + 1;
    for (let d = s.charCodeAt(j) - 48; j < n && d >= 0 && d <= 9; d = s.charCodeAt(++j) - 48) {
      digits = digits * 10 + d;
      scale *= 10;
    }
    if (scale > 1e15) return pgTimestamptz(s);
    ms = 1000 * (digits / scale);
    i = j;
  }
  const sign = s.charCodeAt(i);
  let offset = NaN;
  if ((sign === 43 || sign === 45) && i + 3 <= n) {
    offset = digitsAt(s, i + 1, i + 3) * 3600;
    i += 3;
    if (i < n && s.charCodeAt(i) === 58) {
      offset += digitsAt(s, i + 1, i + 3) * 60;
      i += 3;
      if (i < n && s.charCodeAt(i) === 58) {
        offset += digitsAt(s, i + 1, i + 3);
        i += 3;
      }
    }
  }
  const t =
    Date.UTC(
      year,
      digitsAt(s, 5, 7) - 1,
      digitsAt(s, 8, 10),
      digitsAt(s, 11, 13),
      digitsAt(s, 14, 16),
      digitsAt(s, 17, 19),
      ms,
    ) -
    (sign === 43 ? offset : -offset) * 1000;
  // Date.UTC reads years 0-99 as 1900-1999: pg's parser corrects that; leave such values (and junk) to it.
  if (i !== n || year < 100 || !Number.isFinite(t)) return pgTimestamptz(s);
  return new Date(t);
}

const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
    oid === (pg.types.builtins.TIMESTAMPTZ as number) && format !== 'binary'
      ? parseTimestamptz
      : (pg.types.getTypeParser(oid, format) as (
          value: string,
        ) => unknown)) as typeof pg.types.getTypeParser,
};

export function createDb(
  url: string,
  options: {
    max?: number;
    applicationName?: string;
    /**
     * Keep idle connections open (a campaign worker's). pg-pool closes a connection idle for 10 s, so a
     * worker waiting for a campaign met its first second reconnecting (TCP, SCRAM) and preparing its named
     * statements again on every connection, when its sends needed the CPU most.
     */
    keepConnections?: boolean;
  } = {},
): DbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Fail fast (e.g. /readyz) instead of waiting forever for an unreachable server.
    connectionTimeoutMillis: 5000,
    ...(options.keepConnections ? { idleTimeoutMillis: 0 } : {}),
    application_name: options.applicationName ?? 'pagecast-api',
    types: typeParsers,
    // Named statements (runStatement) keep one generic plan per connection. Left to choose, Postgres
    // re-planned the page-scoped reads on every execution (a `LIMIT $n` makes the generic plan look
    // costly), and planning took longer than running them (bench/FINDINGS.md). Only named statements are
    // affected: unnamed ones (drizzle, plain pool.query) are always planned with their values.
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle client losing its connection (db restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A checked-out client has no error listener (pg-pool removes its idle one): a connection terminated
  // between two statements of a transaction (Postgres stopped, failover) would be an unhandled 'error' event
  // and kill the process. Its next query fails instead, and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = dz(pool);
  let closed = false;
  return {
    db,
    pool,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Opens the pool's `max` connections now (with keepConnections, they stay), instead of at the first burst. */
export async function openConnections(pool: pg.Pool): Promise<void> {
  const opened = await Promise.allSettled(
    Array.from({ length: pool.options.max }, () => pool.connect()),
  );
  for (const o of opened) if (o.status === 'fulfilled') o.value.release();
  const failed = opened.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failed) throw failed.reason;
}

/** A text[] literal for `= any(...::text[])`: drizzle would expand a JS array into a row of parameters. */
export function textArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
