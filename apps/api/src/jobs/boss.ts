import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { QUEUES } from './queues.js';

export * from './queues.js';

export const BOSS_SCHEMA = 'pgboss';

/**
 * pg-boss on the application database, in its own schema. Queues are created up front (pg-boss 10 needs
 * createQueue before send/work); later issues may re-create one with a policy (e.g. page-sync singleton)
 * through a migration of their own.
 */
export async function startBoss(
  connectionString: string,
  logger?: Pick<Logger, 'error'>,
): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString,
    schema: BOSS_SCHEMA,
    application_name: 'pagecast-jobs',
    max: 5,
  });
  // Without a listener an 'error' event would crash the process; pg-boss retries on its own.
  boss.on('error', (err) => logger?.error({ err }, 'pg-boss error'));
  await boss.start();
  for (const name of QUEUES) {
    if (await boss.getQueue(name)) continue;
    try {
      await boss.createQueue(name);
    } catch (err) {
      // Another replica created it between our check and create.
      if (!(await boss.getQueue(name))) throw err;
    }
  }
  return boss;
}

/** Lets active jobs finish (up to `timeoutMs`) before closing pg-boss's pool. */
export async function stopBoss(boss: PgBoss, timeoutMs = 10_000): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
}
