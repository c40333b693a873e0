import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { assertPageAdmin, requireAdmin } from '../../auth/index.js';
import type { ModuleDeps } from '../deps.js';
import { deletionStatus, requestDeletion, verifyOwnToken } from '../deletion/service.js';
import { startPageSync } from '../pages/sync.js';

const s = initServer();
const routes = contract.user;

export const userRouter = (deps: ModuleDeps) =>
  s.router(routes, {
    // Importing a page's users IS the page sync: same job, joined when one is already under way.
    addUsersByPage: async ({ body, request }) => {
      const { adminId } = await requireAdmin(request);
      const page = await assertPageAdmin(deps.db, adminId, body.pageId);
      const { jobId, status } = await startPageSync(deps.pool, deps.boss, page.id);
      return { status: 202 as const, body: { jobId, status } };
    },
    // Public (rate limited): the social network token proves who is asking; only one's own data goes.
    deleteUser: async ({ body }) => {
      await verifyOwnToken(deps, body.userId, body.accessToken);
      await requestDeletion(deps, body.userId);
      return { status: 200 as const, body: { success: true } };
    },
    deletionStatus: async ({ params }) => ({
      status: 200 as const,
      body: await deletionStatus(deps.db, params.id),
    }),
  });
