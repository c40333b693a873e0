// @pagecast/client: a typed client of the Pagecast API for scripts and services, authenticated by an API key.
export { createPagecastClient } from './client';
export type { PagecastClient, PagecastClientOptions } from './client';
export { expectOk, isOk, isPagecastError, PagecastError } from './errors';
export type { OkResponse, PagecastResponse } from './errors';
// The contract itself (for ts-rest's own helpers, e.g. `@ts-rest/react-query`) and the entities the routes
// answer with, so a caller can name them without depending on @pagecast/contract directly.
export { contract } from '@pagecast/contract';
export type {
  Campaign,
  CampaignDetail,
  CampaignStatus,
  Contract,
  CreateCampaignBody,
  ErrorBody,
  InboxFilter,
  MessageReceived,
  Page,
  Paging,
  Recipient,
  Tag,
  TagListItem,
} from '@pagecast/contract';
