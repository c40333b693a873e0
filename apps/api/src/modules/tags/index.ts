// The tags module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files).
export { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from './repo.js';
