import { z } from 'zod';
import { c } from './c';
import {
  GraphId,
  meta,
  errors,
  authErrors,
  pageErrors,
  writeErrors,
  pathParamErrors,
  apiKeyErrors,
} from './common';
import { Page, PageOverview, Subscription, SyncJob, SyncStatus } from './entities';

const pageParams = z.object({ pageId: GraphId });

export const pagesContract = c.router({
  listPages: {
    method: 'GET',
    path: '/api/v1/pages',
    summary: 'The pages the signed-in admin manages',
    responses: { ...authErrors, ...apiKeyErrors, 200: z.array(Page) },
    metadata: meta({ auth: 'admin', scope: 'read' }),
  },
  getPage: {
    method: 'GET',
    path: '/api/v1/pages/:pageId',
    summary: 'A page with its tags (only for an admin who manages it)',
    pathParams: pageParams,
    responses: { ...pageErrors, ...apiKeyErrors, ...pathParamErrors, 200: Page },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  getOverview: {
    method: 'GET',
    path: '/api/v1/pages/:pageId/overview',
    summary: 'Home screen overview of a page',
    pathParams: pageParams,
    responses: { ...pageErrors, ...apiKeyErrors, ...pathParamErrors, 200: PageOverview },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  syncPage: {
    method: 'POST',
    path: '/api/v1/pages/sync/:pageId',
    summary: "Start (or join) the sync of a page's contacts",
    pathParams: pageParams,
    body: z.object({}).optional(),
    responses: { ...writeErrors, ...errors(409, 429), ...pathParamErrors, 202: SyncJob },
    metadata: meta({ auth: 'admin', pageScoped: true, rateLimitPerMinute: 30 }),
  },
  syncStatus: {
    method: 'GET',
    path: '/api/v1/pages/sync-status/:jobId',
    summary: 'Status and progress of a page sync job',
    pathParams: z.object({ jobId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid job id') }),
    responses: { ...authErrors, ...apiKeyErrors, ...pathParamErrors, 200: SyncStatus },
    metadata: meta({ auth: 'admin', scope: 'read', pageOf: 'page-sync' }),
  },
  getSubscription: {
    method: 'GET',
    path: '/api/v1/me/subscription',
    summary: "The signed-in admin's plan, period and credits",
    responses: { ...authErrors, ...apiKeyErrors, 200: Subscription },
    metadata: meta({ auth: 'admin', scope: 'read' }),
  },
});
