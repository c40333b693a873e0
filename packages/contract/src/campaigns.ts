import { z } from 'zod';
import { c } from './c';
import {
  GraphId,
  Uuid,
  meta,
  errors,
  pageErrors,
  pageSize,
  writeErrors,
  pathParamErrors,
  apiKeyErrors,
} from './common';
import { CAMPAIGN_PAGE_SIZE, CAMPAIGN_PAGE_SIZE_MAX } from './constants';
import {
  AudiencePreview,
  Campaign,
  CampaignDetail,
  CampaignListResponse,
  CampaignRecipient,
  CampaignSpend,
  PageMeta,
  RecipientFilter,
} from './entities';
import { AudienceQueryParam } from './rules/audience-rules';
import { createCampaignBodySchema, testCampaignMessageBodySchema } from './rules/campaign-rules';

/** What the review before Confirm shows besides the audience preview (docs/campaigns.md "Review"). */
export const CampaignReview = z.object({
  /** The audience's first contact, whose name the preview shows (null: nobody in it). */
  sample: z
    .object({
      name: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
    })
    .nullable(),
  /**
   * The admin's own conversation with the page, where 'Send a test to me' goes: `open` (they wrote within
   * 24 hours), `closed` (longer ago), `none` (Meta maps no PSID for them on this page: they never wrote to it).
   */
  testConversation: z.enum(['open', 'closed', 'none']),
});
export type CampaignReview = z.infer<typeof CampaignReview>;

const paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: pageSize(CAMPAIGN_PAGE_SIZE_MAX, CAMPAIGN_PAGE_SIZE),
};
const campaignParams = z.object({ campaignId: Uuid });

export const campaignsContract = c.router({
  listCampaigns: {
    method: 'GET',
    path: '/api/v1/campaigns/page/:pageId',
    summary: "The page's campaigns, newest first, paged",
    pathParams: z.object({ pageId: GraphId }),
    query: z.object(paging),
    responses: { ...pageErrors, ...apiKeyErrors, ...pathParamErrors, 200: CampaignListResponse },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  createCampaign: {
    method: 'POST',
    path: '/api/v1/campaigns/create',
    summary: 'Schedule a campaign to all users, one tag, or a combined audience',
    body: createCampaignBodySchema,
    responses: { ...writeErrors, ...apiKeyErrors, ...errors(429), 201: Campaign },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'campaigns:write' }),
  },
  audiencePreview: {
    method: 'GET',
    path: '/api/v1/campaigns/page/:pageId/audience',
    summary: 'How many recipients a campaign would reach, inside the window and by message tag',
    pathParams: z.object({ pageId: GraphId }),
    /** `audience`: the CampaignAudience as JSON (spec §10.9); `tagId` alone is the single-tag audience. */
    query: z.object({ tagId: Uuid.optional(), audience: AudienceQueryParam.optional() }),
    responses: { ...pageErrors, ...apiKeyErrors, ...pathParamErrors, 200: AudiencePreview },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  campaignReview: {
    method: 'GET',
    path: '/api/v1/campaigns/page/:pageId/review',
    summary:
      'The review before Confirm: a contact to preview with, and whether a test can reach the admin',
    pathParams: z.object({ pageId: GraphId }),
    /** The audience as for audiencePreview: the preview's contact is one of it. */
    query: z.object({ tagId: Uuid.optional(), audience: AudienceQueryParam.optional() }),
    responses: {
      ...pageErrors,
      ...apiKeyErrors,
      ...errors(429),
      ...pathParamErrors,
      200: CampaignReview,
    },
    // Asks Meta for the admin's page-scoped id each time.
    metadata: meta({ auth: 'admin', pageScoped: true, rateLimitPerMinute: 30, scope: 'read' }),
  },
  sendTestMessage: {
    method: 'POST',
    path: '/api/v1/campaigns/page/:pageId/test',
    summary:
      "Send the campaign message, filled with the admin's name, to the admin's own conversation",
    pathParams: z.object({ pageId: GraphId }),
    body: testCampaignMessageBodySchema,
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...errors(409, 422, 429, 502, 503),
      ...pathParamErrors,
      200: z.object({ sentTo: z.string() }),
    },
    metadata: meta({
      auth: 'admin',
      pageScoped: true,
      rateLimitPerMinute: 10,
      scope: 'campaigns:write',
    }),
  },
  getCampaign: {
    method: 'GET',
    path: '/api/v1/campaigns/:campaignId',
    summary: 'A campaign with its delivery funnel',
    pathParams: campaignParams,
    responses: { ...pageErrors, ...apiKeyErrors, ...pathParamErrors, 200: CampaignDetail },
    metadata: meta({ auth: 'admin', scope: 'read', pageOf: 'campaign' }),
  },
  getCampaignSpend: {
    method: 'GET',
    path: '/api/v1/campaigns/:campaignId/spend',
    summary: "What Meta billed for the campaign's paid marketing messages (Meta's insights)",
    pathParams: campaignParams,
    responses: {
      ...pageErrors,
      ...apiKeyErrors,
      ...errors(422, 429, 502, 503),
      ...pathParamErrors,
      200: CampaignSpend,
    },
    metadata: meta({ auth: 'admin', rateLimitPerMinute: 30, scope: 'read', pageOf: 'campaign' }),
  },
  listCampaignRecipients: {
    method: 'GET',
    path: '/api/v1/campaigns/:campaignId/recipients',
    summary: "A campaign's recipients with their outcome, paged and filterable",
    pathParams: campaignParams,
    query: z.object({ ...paging, outcome: RecipientFilter.optional() }),
    responses: {
      ...pageErrors,
      ...apiKeyErrors,
      ...pathParamErrors,
      200: z.object({ data: z.array(CampaignRecipient), meta: PageMeta }),
    },
    metadata: meta({ auth: 'admin', scope: 'read', pageOf: 'campaign' }),
  },
  exportCampaignRecipients: {
    method: 'GET',
    path: '/api/v1/campaigns/:campaignId/recipients.csv',
    summary: "A campaign's recipients as CSV",
    pathParams: campaignParams,
    responses: {
      ...pageErrors,
      ...apiKeyErrors,
      ...pathParamErrors,
      200: c.otherResponse({ contentType: 'text/csv', body: c.type<string>() }),
    },
    metadata: meta({ auth: 'admin', scope: 'read', pageOf: 'campaign' }),
  },
  tagCampaignRecipients: {
    method: 'POST',
    path: '/api/v1/campaigns/:campaignId/recipients/tag',
    summary:
      "Tags the campaign's recipients of a filter (all when none) with one of the page's tags",
    pathParams: campaignParams,
    body: z.object({ tagId: Uuid, outcome: RecipientFilter.optional() }),
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...errors(429),
      ...pathParamErrors,
      200: z.object({
        /** Recipients of the filter. */
        matched: z.number().int(),
        /** Of those, how many did not have the tag yet (0 when run again). */
        tagged: z.number().int(),
        /** More matched than TAG_RECIPIENTS_MAX (constants): only that many were tagged. */
        capped: z.boolean(),
      }),
    },
    metadata: meta({
      auth: 'admin',
      rateLimitPerMinute: 20,
      scope: 'tags:write',
      pageOf: 'campaign',
    }),
  },
  cancelCampaign: {
    method: 'POST',
    path: '/api/v1/campaigns/:campaignId/cancel',
    summary: 'Cancel a pending or processing campaign',
    pathParams: campaignParams,
    body: z.object({}).optional(),
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...errors(409),
      ...pathParamErrors,
      200: Campaign,
    },
    metadata: meta({ auth: 'admin', scope: 'campaigns:write', pageOf: 'campaign' }),
  },
  stopReturns: {
    method: 'POST',
    path: '/api/v1/campaigns/:campaignId/stop-returns',
    summary: 'Stop delivering on return: nobody who writes from now on is sent the campaign',
    pathParams: campaignParams,
    body: z.object({}).optional(),
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...errors(409),
      ...pathParamErrors,
      200: Campaign,
    },
    metadata: meta({ auth: 'admin', scope: 'campaigns:write', pageOf: 'campaign' }),
  },
});
