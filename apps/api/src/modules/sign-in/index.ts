// The sign-in module's public face: what the rest of the API may use (the import-graph rule in
// .dependency-cruiser.cjs refuses a reach into its other files).
export { recheckAdminPages } from './page-access-check.js';
export { adminsWithValidToken, adminTimeZone, findAdmin, setAdminTimeZone } from './repo.js';
