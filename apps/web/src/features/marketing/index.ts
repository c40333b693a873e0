// The marketing feature's face: what other features, routes and entries may use; its other files are its own.
export { MarketingPage } from './marketing-page';
export { useMarketingSetupQuery } from './queries';
