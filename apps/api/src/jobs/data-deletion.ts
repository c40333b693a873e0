// The 'data-deletion' queue (docs/data-deletion.md): deletes one user's data; see src/modules/deletion/service.ts.
import type PgBoss from 'pg-boss';
import type { ModuleDeps } from '../modules/shared/deps.js';
import { runDeletionJob } from '../modules/deletion/index.js';
import { DATA_DELETION_QUEUE } from '../queues/index.js';

export interface DataDeletionJob {
  fbUserId: string;
}

export async function registerDataDeletionWorker(
  boss: PgBoss,
  deps: Pick<ModuleDeps, 'pool'>,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<string> {
  return boss.work<DataDeletionJob>(
    DATA_DELETION_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async (jobs) => {
      for (const job of jobs) {
        if (typeof job.data?.fbUserId !== 'string') continue; // malformed: nothing to retry
        await runDeletionJob(deps.pool, job.data.fbUserId);
      }
    },
  );
}
