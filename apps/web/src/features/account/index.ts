// The account feature's face: what other features, routes and entries may use; its other files are its own.
export { AccountPage } from './account-page';
export { restoreDisplayTimeZone, useDisplayTimeZone } from './time-zone';
