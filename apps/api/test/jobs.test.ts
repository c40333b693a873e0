import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOSS_SCHEMA, QUEUES, startBoss, stopBoss } from '../src/jobs/index.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('pg-boss', () => {
  it('runs in its own schema with every queue created, and starts twice without error', async () => {
    const boss = await startBoss(database.url);
    const again = await startBoss(database.url);
    try {
      const ours = (await boss.getQueues())
        .map((q) => q.name)
        .filter((n) => !n.startsWith('__pgboss'));
      expect(ours.sort()).toEqual([...QUEUES].sort());
      const id = await boss.send(QUEUES[0], { probe: true });
      expect(id).toBeTruthy();
      const res = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from information_schema.tables where table_schema = ${BOSS_SCHEMA}`,
      );
      expect(res.rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await stopBoss(again, 1000);
      await stopBoss(boss, 1000);
    }
  });
});
