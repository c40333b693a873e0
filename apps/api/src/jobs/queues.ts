/** pg-boss queue names. Campaigns are started by polling the campaigns table (jobs/campaigns/scheduler.ts),
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
