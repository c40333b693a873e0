// The webhooks module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files).
export {
  PAGE_WEBHOOK_FIELDS,
  subscribeByFeature,
  subscribePageWebhooks,
} from './page-subscription.js';
export { pagesWithWebhooksOff, purgeOldEvents, staleEventIds, webhookFeaturesOff } from './repo.js';
export { INGEST_CONCURRENCY, processWebhookEvent, type IngestDeps } from './service.js';
