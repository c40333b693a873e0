import type PgBoss from 'pg-boss';

/** pg-boss's own schema in the application database (jobs/boss.ts starts pg-boss in it). */
export const BOSS_SCHEMA = 'pgboss';

/** pg-boss queue names. Campaigns are started by polling the campaigns table (modules/campaigns/dispatch/scheduler.ts),
 * and webhook deliveries are swept from their own table (webhook-sweeper.ts): neither needs a queue. */
export const PAGE_SYNC_QUEUE = 'page-sync';
export const CAMPAIGN_BATCH_QUEUE = 'campaign-batch';
export const DATA_DELETION_QUEUE = 'data-deletion';
/** Page access re-read from Facebook: one admin ({ adminId }), or every admin (the schedule, no data). */
export const PAGE_ACCESS_QUEUE = 'page-access';

export const QUEUES = [
  PAGE_SYNC_QUEUE,
  CAMPAIGN_BATCH_QUEUE,
  DATA_DELETION_QUEUE,
  PAGE_ACCESS_QUEUE,
] as const;
export type QueueName = (typeof QUEUES)[number];

/** A page-sync job: the `page_syncs` row it runs. */
export interface PageSyncJobData {
  syncId: string;
}

/** pg-boss options of a sync job: retries resume from the saved cursor, so they are cheap and safe. */
export const PAGE_SYNC_SEND_OPTIONS = {
  retryLimit: 20,
  retryDelay: 2,
  retryBackoff: true,
  // A backstop only: dead workers are detected sooner through the lease (see the watchdog below).
  expireInSeconds: 4 * 60 * 60,
} as const;

/**
 * Asks for one admin's page access to be read again from Facebook (after a Graph refusal), once at a time
 * per admin (jobs/page-access.ts runs it). Without pg-boss (tests without jobs), nothing is asked.
 */
export async function requestRecheck(boss: PgBoss | undefined, adminId: string): Promise<void> {
  if (!boss) return;
  await boss.send(PAGE_ACCESS_QUEUE, { adminId }, { singletonKey: adminId, retryLimit: 2 });
}
