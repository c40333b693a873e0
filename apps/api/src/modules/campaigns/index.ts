// The campaigns module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files).
export * as dispatchRepo from './dispatch-repo.js';
export { applyMarksToSent, campaignCounters } from './counters.js';
export { heartbeat, type Outcome, retireWorker } from './dispatch-repo.js';
export { ProgressPublisher, publishCampaignsSafely } from './live.js';
export {
  CONVERSATION_READS_EXHAUSTED,
  CONVERSATION_UNMATCHABLE,
  CONVERSATION_UNREADABLE,
  CREATOR_LOST_ACCESS_REASON,
  EMPTY_AUDIENCE_REASON,
  MARKETING_BUDGET_REASON,
  MARKETING_COOLDOWN_REASON,
  MARKETING_FREQUENCY_REASON,
  MARKETING_LOGIN_REASON,
  MARKETING_NOT_READY_REASON,
  MARKETING_OPTED_OUT_REASON,
  MARKETING_PERMISSION_REASON,
  MARKETING_REGION_REASON,
  MARKETING_RETRY_LATER_REASON,
  MARKETING_TOKEN_REASON,
  MARKETING_UNAVAILABLE_REASON,
  marketingSetupReason,
  NO_MESSAGING_ADMIN_REASON,
  PAGE_RESTRICTED_REASON,
  PERMISSION_REASON,
  RECONCILE_MAX_READS,
  RECONCILE_WINDOW_MS,
  RESEND_UNPROVEN,
  TAG_DELETED_REASON,
  TEMPLATE_PARAMS_REASON,
  TEMPLATE_PATH_REASON_TEXTS,
  TEMPLATE_REFUSED_REASON,
  templatePathReason,
  TOKEN_INVALID_REASON,
  UNKNOWN_OUTCOME_MESSAGE,
  UNREACHABLE_AUDIENCE_REASON,
  UTILITY_PERMISSION_REASON,
} from './reasons.js';
export { recipientMetadata } from './recipient-metadata.js';
export { CAMPAIGN_COLUMNS, CAMPAIGN_FROM, type CampaignRow, toCampaign } from './repo.js';
export { deliverOnReturn } from './returns.js';
export { registerCampaignWorker } from './dispatch/worker.js';
