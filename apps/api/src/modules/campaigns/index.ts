// The campaigns module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files).
export { campaignCounters } from './counters.js';
export { registerCampaignWorker } from './dispatch/worker.js';
export { CAMPAIGN_COLUMNS, CAMPAIGN_FROM, type CampaignRow, toCampaign } from './repo.js';
export { syncAdminHolds } from './holds.js';
export { deliverOnReturn } from './returns.js';
export { parseRecipientMetadata } from './recipient-metadata.js';
export {
  noteTemplatePath,
  TEMPLATE_PATH_REASON_TEXTS,
  templatePathReason,
} from './template-path.js';
