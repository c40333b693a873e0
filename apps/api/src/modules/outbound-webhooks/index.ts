// The outbound-webhooks module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files). Flows below the edges record their events
// with recordOutboundEvent in their own transactions; the job workers run the delivery worker.
export { recordOutboundEvent, OUTBOUND_CHANNEL, type OutboundEventInput } from './outbox.js';
export { outboundWebhooksRouter } from './router.js';
export {
  startDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from './delivery.js';
