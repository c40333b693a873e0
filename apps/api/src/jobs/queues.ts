/** pg-boss queue names (ARCHITECTURE §2). */
export const PAGE_SYNC_QUEUE = 'page-sync';
export const CAMPAIGN_DISPATCH_QUEUE = 'campaign-dispatch';
export const CAMPAIGN_BATCH_QUEUE = 'campaign-batch';
export const WEBHOOK_INGEST_QUEUE = 'webhook-ingest';
export const DATA_DELETION_QUEUE = 'data-deletion';

export const QUEUES = [
  PAGE_SYNC_QUEUE,
  CAMPAIGN_DISPATCH_QUEUE,
  CAMPAIGN_BATCH_QUEUE,
  WEBHOOK_INGEST_QUEUE,
  DATA_DELETION_QUEUE,
] as const;
export type QueueName = (typeof QUEUES)[number];
