// The data model (docs/architecture.md), one file per aggregate; drizzle-kit reads them all
// (drizzle.config.ts) and generates migrations from them. Columns are snake_case in SQL, camelCase in TS.
// Changes go through new migrations (docs/CONTRIBUTING.md); never edit an applied one.
// drizzle's .desc() indexes are DESC NULLS LAST: keyset queries order the same way to use them.
// State enums the contract declares (campaign, recipient and template statuses, plans) are its lists,
// so the API and its clients cannot drift apart; they are plain text columns, so no migration follows.
export * from './admins.js';
export * from './api-keys.js';
export * from './pages.js';
export * from './contacts.js';
export * from './marketing.js';
export * from './notes.js';
export * from './templates.js';
export * from './campaigns.js';
export * from './platform.js';
export * from './outbound-webhooks.js';
