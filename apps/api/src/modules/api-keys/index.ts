// The api-keys module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files).
export { createApiKeyAuth, type ApiKeyAuth } from './auth.js';
export { apiKeysRouter } from './router.js';
