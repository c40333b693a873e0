import { z } from 'zod';
import { c } from './c';
import {
  GraphId,
  meta,
  errors,
  pageErrors,
  writeErrors,
  pathParamErrors,
  apiKeyErrors,
} from './common';
import { ContactSubscription, MarketingAdAccount, MarketingSetup } from './entities';
import { RecipientMatch } from './inbox';
import {
  askToSubscribeBodySchema,
  BULK_OPTIN_MAX,
  connectMarketingBodySchema,
} from './rules/marketing-rules';

const pageParams = z.object({ pageId: GraphId });

/** What a bulk 'Ask to subscribe' did (or, dry, would do) with the contacts of a filter. */
export const BulkOptinResult = z.object({
  /** Asked now (dry run: would be asked). */
  asked: z.number().int().min(0),
  skipped: z.object({
    subscribed: z.number().int().min(0),
    askedThisWeek: z.number().int().min(0),
    /** Last wrote more than 24 hours ago (or never): Meta allows the request only inside the window. */
    windowClosed: z.number().int().min(0),
    /** Beyond the batch's cap, or left when Meta asked to slow down: ask again later. */
    notAsked: z.number().int().min(0),
  }),
  /** Meta refused the request for these contacts. */
  failed: z.number().int().min(0),
});
export type BulkOptinResult = z.infer<typeof BulkOptinResult>;
const contactParams = z.object({ pageId: GraphId, userId: GraphId });

/** Marketing messages: the page's setup (the ad account Meta bills) and each contact's subscription. */
export const marketingContract = c.router({
  getMarketing: {
    method: 'GET',
    path: '/api/v1/marketing/page/:pageId',
    summary: "The page's marketing-messages setup and subscriber counts",
    pathParams: pageParams,
    responses: { ...pageErrors, ...apiKeyErrors, ...pathParamErrors, 200: MarketingSetup },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  listAdAccounts: {
    method: 'GET',
    path: '/api/v1/marketing/page/:pageId/ad-accounts',
    summary: 'The ad accounts Meta lets the signed-in admin use (to pick the one to connect)',
    pathParams: pageParams,
    responses: {
      ...pageErrors,
      ...errors(429),
      ...pathParamErrors,
      200: z.array(MarketingAdAccount),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, rateLimitPerMinute: 60 }),
  },
  connectMarketing: {
    method: 'PUT',
    path: '/api/v1/marketing/page/:pageId',
    summary: 'Connect the ad account Meta bills for the marketing messages (checked with Meta)',
    pathParams: pageParams,
    body: connectMarketingBodySchema,
    responses: {
      ...writeErrors,
      ...errors(409, 422, 429, 502),
      ...pathParamErrors,
      200: MarketingSetup,
    },
    metadata: meta({ auth: 'admin', pageScoped: true, rateLimitPerMinute: 30 }),
  },
  disconnectMarketing: {
    method: 'DELETE',
    path: '/api/v1/marketing/page/:pageId',
    summary: 'Stop using marketing messages on this page (subscribers are kept)',
    pathParams: pageParams,
    body: c.noBody(),
    responses: { ...writeErrors, ...errors(409, 429), ...pathParamErrors, 200: MarketingSetup },
    metadata: meta({ auth: 'admin', pageScoped: true, rateLimitPerMinute: 30 }),
  },
  getSubscription: {
    method: 'GET',
    path: '/api/v1/chats/:pageId/user/:userId/subscription',
    summary: "A contact's marketing-messages subscription, and whether they may be asked now",
    pathParams: contactParams,
    responses: { ...pageErrors, ...apiKeyErrors, ...pathParamErrors, 200: ContactSubscription },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  askToSubscribe: {
    method: 'POST',
    path: '/api/v1/chats/:pageId/user/:userId/subscription-request',
    summary:
      "Send Meta's opt-in request for marketing messages (inside the window, once a week per topic)",
    pathParams: contactParams,
    body: askToSubscribeBodySchema,
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...errors(409, 422, 429, 502),
      ...pathParamErrors,
      201: ContactSubscription,
    },
    metadata: meta({
      auth: 'admin',
      pageScoped: true,
      rateLimitPerMinute: 60,
      scope: 'inbox:send',
    }),
  },
  askManyToSubscribe: {
    method: 'POST',
    path: '/api/v1/chats/:pageId/subscription-requests',
    summary: `Ask everyone in an inbox filter who wrote in the last 24 h to subscribe (at most ${BULK_OPTIN_MAX}; once per topic a week)`,
    pathParams: pageParams,
    body: askToSubscribeBodySchema.extend({
      match: RecipientMatch,
      /** Count only (the confirmation's figures): nothing is sent. */
      dryRun: z.boolean().default(false),
    }),
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...errors(409, 422, 429),
      ...pathParamErrors,
      200: BulkOptinResult,
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'inbox:send' }),
  },
  unsubscribe: {
    method: 'POST',
    path: '/api/v1/chats/:pageId/user/:userId/unsubscribe',
    summary: 'Stop marketing messages to a contact (through Meta)',
    pathParams: contactParams,
    body: z.object({}).optional(),
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...errors(409, 422, 429, 502),
      ...pathParamErrors,
      200: ContactSubscription,
    },
    metadata: meta({
      auth: 'admin',
      pageScoped: true,
      rateLimitPerMinute: 60,
      scope: 'inbox:send',
    }),
  },
});
