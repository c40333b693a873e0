import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { assertPageAdmin } from '../../auth/guards.js';
import type { ModuleDeps } from '../shared/deps.js';
import { withAdmin } from '../shared/route-guard.js';
import { createSubscriptionService } from '../subscription/index.js';
import { createPagesService } from './service.js';
import { readSyncStatus, startPageSync } from './sync.js';

const s = initServer();
const routes = contract.pages;

export const pagesRouter = (deps: ModuleDeps) => {
  const pages = createPagesService(deps);
  const subscription = createSubscriptionService(deps);
  return s.router(routes, {
    // A key limited to some pages sees only those.
    listPages: withAdmin(async (_args, { adminId, apiKey }) => {
      const all = await pages.listPages(adminId);
      const only = apiKey?.pageIds;
      return { status: 200, body: only ? all.filter((p) => only.includes(p.pageId)) : all };
    }),
    getPage: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await pages.getPage(adminId, params.pageId),
    })),
    getOverview: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await pages.getOverview(adminId, params.pageId),
    })),
    syncPage: withAdmin(async ({ params }, { adminId }) => {
      const page = await assertPageAdmin(deps.pool, adminId, params.pageId, 'messaging');
      const { jobId } = await startPageSync(deps.pool, deps.boss, page.id);
      return { status: 202, body: { jobId } };
    }),
    syncStatus: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await readSyncStatus(deps.pool, deps.boss, adminId, params.jobId),
    })),
    getSubscription: withAdmin(async (_args, { adminId }) => ({
      status: 200,
      body: await subscription.getSubscription(adminId),
    })),
  });
};
