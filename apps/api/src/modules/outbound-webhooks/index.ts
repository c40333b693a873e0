// The outbound-webhooks module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files). Flows below the edges record their events
// with recordOutboundEvent in their own transactions.
export {
  OUTBOUND_CHANNEL,
  pageSubscribes,
  recordOutboundEvent,
  type OutboundEventInput,
} from './outbox.js';
