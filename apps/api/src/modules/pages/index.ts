// The pages module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files).
export {
  claimSync,
  markSyncCompleted,
  markSyncFailed,
  recordSyncRateLimit,
  saveSyncPage,
  staleSyncs,
} from './sync-repo.js';
export { listAdminPages } from './repo.js';
export { startPageSync } from './sync.js';
export { markPageTokenInvalid } from '../page-rows/index.js';
