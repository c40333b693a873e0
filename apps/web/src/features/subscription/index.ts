// The subscription feature's face: what other features, routes and entries may use; its other files are its own.
export { useSubscriptionQuery } from './queries';
export { subscriptionTimeLeft } from './time-left';
