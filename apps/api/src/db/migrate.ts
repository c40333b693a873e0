import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { dz, type Sql } from './client.js';

export const MIGRATIONS_FOLDER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);
const MIGRATIONS_SCHEMA = 'drizzle';
const MIGRATIONS_TABLE = '__drizzle_migrations';

/**
 * Applies pending migrations on a dedicated single connection. An advisory lock serialises replicas that
 * start together (drizzle's migrator alone would race on the journal).
 */
export async function runMigrations(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1, application_name: 'pagecast-migrate' });
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migrate(drizzle(client), {
        migrationsFolder: MIGRATIONS_FOLDER,
        migrationsSchema: MIGRATIONS_SCHEMA,
        migrationsTable: MIGRATIONS_TABLE,
      });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => {});
      client.release();
    }
  } finally {
    await pool.end();
  }
}

/** Number of migration files shipped with this build (from drizzle's journal). */
export async function expectedMigrationCount(): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** How many migrations the database has applied (0 when the journal table does not exist yet). */
export async function appliedMigrationCount(db: Sql): Promise<number> {
  const table = `${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`;
  const exists = await dz(db).execute<{ t: string | null }>(
    sql`select to_regclass(${table})::text as t`,
  );
  if (!exists.rows[0]?.t) return 0;
  const res = await dz(db).execute<{ n: number }>(
    sql.raw(`select count(*)::int as n from ${table}`),
  );
  return Number(res.rows[0]?.n ?? 0);
}
