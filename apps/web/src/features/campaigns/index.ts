// The campaigns feature's face: what other features, routes and entries may use; its other files are its own.
export { analyticsSearch, CampaignAnalyticsPage } from './campaign-analytics-page';
export { ScheduleCampaignPage } from './schedule-campaign-page';
