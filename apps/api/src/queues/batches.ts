// The campaign batch jobs as campaign dispatch queues and reads them: below the dispatch code (which starts
// and sweeps campaigns) and jobs/ (which runs the batch worker).
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Sql } from '../db/client.js';
import { BOSS_SCHEMA, CAMPAIGN_BATCH_QUEUE } from './queues.js';

const JOB_TABLE = `${BOSS_SCHEMA}.job`;

/** pg-boss options of a batch job: a dead worker's job is retried; duplicates are harmless (SKIP LOCKED). */
export const BATCH_JOB_OPTIONS = {
  retryLimit: 20,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
} as const;

/**
 * Enqueues one 'campaign-batch' job per batch number. With `client`, on that connection (inside the
 * caller's transaction: the jobs exist exactly when the audience snapshot does).
 */
export async function enqueueBatchJobs(
  boss: PgBoss,
  campaignId: string,
  batchNos: number[],
  options: { startAfter?: Date; client?: pg.PoolClient } = {},
): Promise<void> {
  if (batchNos.length === 0) return;
  const { startAfter, client } = options;
  const jobs = batchNos.map((batchNo) => ({
    name: CAMPAIGN_BATCH_QUEUE,
    data: { campaignId, batchNo },
    // Round robin over the campaigns sending at once: every campaign's batch 0 is taken before any batch
    // 1, and so on (pg-boss takes the highest priority first). In creation order, the campaigns started
    // first held every slot and a page whose campaign came later waited for them to finish.
    priority: -batchNo,
    ...(startAfter ? { startAfter } : {}),
    ...BATCH_JOB_OPTIONS,
  }));
  if (!client) return boss.insert(jobs);
  await boss.insert(jobs, {
    db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) },
  });
}

/** Of these campaigns, those with a batch job waiting to run (created or retry). */
export async function campaignsWithWaitingBatchJobs(
  pool: Sql,
  campaignIds: string[],
): Promise<Set<string>> {
  const { rows } = await pool.query<{ campaign_id: string }>(
    `select distinct j.data->>'campaignId' as campaign_id from ${JOB_TABLE} j
     where j.name = $1 and j.state in ('created', 'retry') and j.data->>'campaignId' = any($2::text[])`,
    [CAMPAIGN_BATCH_QUEUE, campaignIds],
  );
  return new Set(rows.map((r) => r.campaign_id));
}
