import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { assertPageAdmin, requireAdmin } from '../../auth/index.js';
import type { ModuleDeps } from '../deps.js';
import { getSubscription } from '../subscription/service.js';
import * as service from './service.js';
import { readSyncStatus, startPageSync } from './sync.js';

const s = initServer();
const routes = contract.pages;

export const pagesRouter = (deps: ModuleDeps) =>
  s.router(routes, {
    listPages: async ({ request }) => {
      const { adminId } = await requireAdmin(request);
      return { status: 200, body: await service.listPages(deps.db, adminId) };
    },
    getPage: async ({ params, request }) => {
      const { adminId } = await requireAdmin(request);
      return { status: 200, body: await service.getPage(deps.db, adminId, params.pageId) };
    },
    getOverview: async ({ params, request }) => {
      const { adminId } = await requireAdmin(request);
      return { status: 200, body: await service.getOverview(deps.db, adminId, params.pageId) };
    },
    syncPage: async ({ params, request }) => {
      const { adminId } = await requireAdmin(request);
      const page = await assertPageAdmin(deps.db, adminId, params.pageId);
      const { jobId } = await startPageSync(deps.pool, deps.boss, page.id);
      return { status: 202, body: { jobId } };
    },
    syncStatus: async ({ params, request }) => {
      const { adminId } = await requireAdmin(request);
      return {
        status: 200,
        body: await readSyncStatus(deps.pool, deps.boss, adminId, params.jobId),
      };
    },
    getSubscription: async ({ request }) => {
      const { adminId } = await requireAdmin(request);
      return { status: 200, body: await getSubscription(deps.db, adminId) };
    },
  });
