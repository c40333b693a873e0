// The marketing module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files).
export { adAccountOf, adminGrant, stopCampaignSubscriptions } from './repo.js';
export { isPermissionRefusal, marketingPermissionError, marketingUserToken } from './service.js';
export {
  applyOptin,
  marketingEvent,
  type MarketingValue,
  type OptinItem,
  syncPageSubscribers,
} from './subscribers.js';
