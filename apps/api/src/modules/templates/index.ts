// The templates module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files).
export { findPageTemplate } from './repo.js';
export {
  applyTemplateStatus,
  TEMPLATE_STATUS_FIELDS,
  type TemplateStatusChange,
} from './status-webhook.js';
export { syncPageTemplates, type TemplatePathListener } from './sync.js';
