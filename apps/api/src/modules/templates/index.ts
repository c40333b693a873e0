// The templates module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files).
export { TEMPLATE_PATH_REASON_TEXTS, templatePathReason } from './path-reasons.js';
export { findPageTemplate } from './repo.js';
export {
  applyTemplateStatus,
  TEMPLATE_STATUS_FIELDS,
  type TemplateStatusChange,
} from './status-webhook.js';
export { syncPageTemplates } from './sync.js';
