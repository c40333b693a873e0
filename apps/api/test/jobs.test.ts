import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBoss, stopBoss } from '../src/jobs/index.js';
import { BOSS_SCHEMA, QUEUES } from '../src/queues/index.js';
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
      // complete/fail are wrapped to survive a database outage (boss.ts): still exposed and working.
      const [job] = await boss.fetch(QUEUES[0]);
      expect(job?.id).toBe(id);
      await boss.complete(QUEUES[0], id as string);
      expect((await boss.getJobById(QUEUES[0], id as string))?.state).toBe('completed');
      const failing = await boss.send(QUEUES[0], { probe: 'fail' }, { retryLimit: 0 });
      await boss.fetch(QUEUES[0]);
      await boss.fail(QUEUES[0], failing as string, { message: 'no' });
      expect((await boss.getJobById(QUEUES[0], failing as string))?.state).toBe('failed');
      const res = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from information_schema.tables where table_schema = ${BOSS_SCHEMA}`,
      );
      expect(res.rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await stopBoss(again, 1000);
      await stopBoss(boss, 1000);
    }
  });

  it('starts in several processes at once on a fresh database (no deadlock creating the queues)', async () => {
    const fresh = await createTestDatabase();
    try {
      const started = await Promise.allSettled([
        startBoss(fresh.url),
        startBoss(fresh.url),
        startBoss(fresh.url),
      ]);
      const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
      for (const s of started) if (s.status === 'fulfilled') await stopBoss(s.value, 1000);
      expect(failures).toEqual([]);
    } finally {
      await fresh.drop();
    }
  });
});
