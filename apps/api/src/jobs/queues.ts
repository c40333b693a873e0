/** pg-boss queue names. Campaigns are started by polling the campaigns table (jobs/campaigns/scheduler.ts),
 * and webhook deliveries are swept from their own table (webhook-sweeper.ts): neither needs a queue. */
export const PAGE_SYNC_QUEUE = 'page-sync';
export const CAMPAIGN_BATCH_QUEUE = 'campaign-batch';
export const DATA_DELETION_QUEUE = 'data-deletion';

export const QUEUES = [PAGE_SYNC_QUEUE, CAMPAIGN_BATCH_QUEUE, DATA_DELETION_QUEUE] as const;
export type QueueName = (typeof QUEUES)[number];
