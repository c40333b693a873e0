// The inbox feature's face: what other features, routes and entries may use; its other files are its own.
export { InboxPage } from './inbox-page';
export { connectLiveEvents } from './live-events';
