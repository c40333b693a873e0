// The public feature's face: what other features, routes and entries may use; its other files are its own.
export { DeletionStatusPage } from './deletion-status-page';
export { PrivacyPolicyPage, TermsPage } from './legal-pages';
export { RevokeAccessPage } from './revoke-access-page';
export { useDataDeletion } from './use-data-deletion';
