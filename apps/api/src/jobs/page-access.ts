// The 'page-access' queue: re-reads admins' pages and tasks from Facebook (modules/sign-in/page-access-check.ts).
// A job with an adminId re-checks that admin (sent after a Graph token or role error, or by the campaign
// worker before a campaign's start); the schedule's job, every PAGE_ACCESS_RECHECK_MINUTES (an hour unless
// set), re-checks every admin with a valid user token, one after the other. A loss holds their campaigns.
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { sleep } from '../lib/sleep.js';
import { recheckAdminPages } from '../modules/sign-in/index.js';
import { adminsWithValidToken } from '../modules/sign-in/index.js';
import type { ModuleDeps } from '../modules/shared/deps.js';
import { PAGE_ACCESS_QUEUE } from '../queues/index.js';

/**
 * The sweep's cron for a re-check every `minutes`: under an hour, every `minutes` minutes (rounded to a divisor
 * of 60, so the gaps stay even); else every whole number of hours at minute 17 (off the hour's crowd).
 */
export function pageAccessSchedule(minutes: number): string {
  if (minutes < 60) {
    const step = [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30].filter((d) => d <= minutes).at(-1) ?? 1;
    return step === 1 ? '* * * * *' : `*/${step} * * * *`;
  }
  const hours = Math.min(24, Math.round(minutes / 60));
  return hours === 1 ? '17 * * * *' : hours >= 24 ? '17 0 * * *' : `17 */${hours} * * *`;
}
/** Between two admins of a sweep: /me/accounts calls stay far below the app's rate limit. */
const SWEEP_PAUSE_MS = 250;

export async function registerPageAccessWorker(
  boss: PgBoss,
  deps: Pick<ModuleDeps, 'pool' | 'graph' | 'tokens' | 'config'>,
  logger?: Logger,
): Promise<void> {
  await boss.work<{ adminId?: string }>(
    PAGE_ACCESS_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async (jobs) => {
      for (const job of jobs) {
        const adminId = job.data?.adminId;
        if (typeof adminId === 'string') await recheckAdminPages(deps, adminId);
        else await sweep(deps, logger);
      }
    },
  );
  await boss.schedule(PAGE_ACCESS_QUEUE, pageAccessSchedule(deps.config.pageAccessRecheckMinutes));
}

/** Re-checks every admin with a valid user token; one admin's failure does not stop the others. */
export async function sweep(
  deps: Pick<ModuleDeps, 'pool' | 'graph' | 'tokens'>,
  logger?: Pick<Logger, 'warn'>,
): Promise<{ checked: number; failed: number }> {
  const rows = await adminsWithValidToken(deps.pool);
  let failed = 0;
  for (const [i, { id }] of rows.entries()) {
    if (i > 0) await sleep(SWEEP_PAUSE_MS);
    try {
      await recheckAdminPages(deps, id);
    } catch (err) {
      failed++;
      logger?.warn({ err, adminId: id }, 'page access re-check failed: the next sweep tries again');
    }
  }
  return { checked: rows.length, failed };
}
