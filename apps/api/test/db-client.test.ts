import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createDb,
  dz,
  inTransaction,
  openConnections,
  parseTimestamptz,
  statement,
} from '../src/db/client.js';
import { createTestDatabase } from './helpers/db.js';

const pgParser = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text');
const time = (v: unknown) => (v instanceof Date ? v.getTime() : v);

describe('parseTimestamptz', () => {
  it("gives pg's own Date for every shape Postgres writes (fractions, offsets, BC, infinity, old years)", () => {
    const samples = [
      '2025-11-22 01:53:30+00',
      '2025-11-22 01:53:30.1+00',
      '2025-11-22 01:53:30.291+00',
      '2025-11-22 01:53:30.123456+00',
      '2025-11-22 01:53:30.000001-08',
      '2025-11-22 01:53:30.5+05:30',
      '1987-02-28 23:59:59.999999+05:45:30',
      '0099-01-01 00:00:00+00',
      '0005-06-07 08:09:10.5+00',
      '2000-01-01 00:00:00+00 BC',
      'infinity',
      '-infinity',
    ];
    for (let i = 0; i < 2000; i++) {
      const d = new Date(Date.UTC(1970, 0, 1) + Math.floor(Math.random() * 4e12));
      const frac =
        i % 7
          ? `.${String(i * 7919)
              .padStart(6, '0')
              .slice(0, i % 7)}`
          : '';
      const offset = ['+00', '-03:30', '+14', '-11'][i % 4];
      samples.push(`${d.toISOString().slice(0, 19).replace('T', ' ')}${frac}${offset}`);
    }
    for (const s of samples) expect(time(parseTimestamptz(s)), s).toEqual(time(pgParser(s)));
  });

  it('is what the pool answers with', async () => {
    const database = await createTestDatabase({ migrated: false });
    try {
      const { rows } = await database.pool.query<{ at: Date }>(
        `select '2025-11-22 01:53:30.291456+00'::timestamptz as at`,
      );
      expect(rows[0]?.at).toEqual(new Date('2025-11-22T01:53:30.291Z'));
    } finally {
      await database.drop();
    }
  });
});

describe('statement', () => {
  it('refuses one name for two different texts (pg would answer the first text for both)', () => {
    statement('db_client_test', 'select 1');
    expect(() => statement('db_client_test', 'select 1')).not.toThrow();
    expect(() => statement('db_client_test', 'select 2')).toThrow(/already taken/);
  });
});

describe('keepConnections', () => {
  it("opens the pool's connections up front and never closes them for idleness (a campaign worker's)", async () => {
    const database = await createTestDatabase({ migrated: false });
    const worker = createDb(database.url, {
      max: 3,
      applicationName: 'pagecast-keep-test',
      keepConnections: true,
    });
    try {
      await openConnections(worker.pool);
      const { rows } = await database.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where application_name = 'pagecast-keep-test'`,
      );
      expect(rows[0]?.n).toBe(3);
      expect(worker.pool.idleCount).toBe(3);
      // pg-pool's default closes a connection idle for 10 s; 0 turns that off.
      expect(worker.pool.options.idleTimeoutMillis).toBe(0);
      expect(database.pool.options.idleTimeoutMillis).not.toBe(0);
    } finally {
      await worker.close();
      await database.drop();
    }
  });
});

describe('inTransaction', () => {
  it('runs raw and drizzle statements on one client, commits on return and rolls back on a throw', async () => {
    const database = await createTestDatabase({ migrated: false });
    const { pool } = database;
    try {
      await pool.query('create table t (n int)');
      expect(dz(pool)).toBe(database.db);
      await inTransaction(pool, async (tx) => {
        await tx.query('insert into t values (1)');
        // The drizzle handle on the client sees the uncommitted row: it is the same transaction.
        const seen = await dz(tx).execute<{ n: number }>(sql`select count(*)::int as n from t`);
        expect(seen.rows[0]?.n).toBe(1);
        expect(dz(tx)).toBe(dz(tx));
      });
      await expect(
        inTransaction(pool, async (tx) => {
          await dz(tx).execute(sql`insert into t values (2)`);
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      const { rows } = await pool.query<{ n: number }>('select n from t order by n');
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await database.drop();
    }
  });

  it("given a transaction's client, runs in a savepoint of it: a caught failure undoes only its part", async () => {
    const database = await createTestDatabase({ migrated: false });
    const { pool } = database;
    try {
      await pool.query('create table t (n int)');
      await inTransaction(pool, async (tx) => {
        await tx.query('insert into t values (1)');
        await inTransaction(tx, (inner) => inner.query('insert into t values (2)'));
        await inTransaction(tx, async (inner) => {
          await inner.query('insert into t values (3)');
          throw new Error('undo 3');
        }).catch(() => {});
      });
      const { rows } = await pool.query<{ n: number }>('select n from t order by n');
      expect(rows).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      await database.drop();
    }
  });
});
