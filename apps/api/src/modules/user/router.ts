import { clearSessionCookies } from '../../auth/cookies.js';
import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { assertPageAdmin } from '../../auth/guards.js';
import { createDeletionService } from '../deletion/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import { startPageSync } from '../pages/index.js';
import { withAdmin } from '../shared/route-guard.js';

const s = initServer();
const routes = contract.user;

export const userRouter = (deps: ModuleDeps) => {
  const deletion = createDeletionService(deps);
  return s.router(routes, {
    // Importing a page's users IS the page sync: same job, joined when one is already under way.
    addUsersByPage: withAdmin(async ({ body }, { adminId }) => {
      const page = await assertPageAdmin(deps.pool, adminId, body.pageId, 'messaging');
      const { jobId, status } = await startPageSync(deps.pool, deps.boss, page.id);
      return { status: 202 as const, body: { jobId, status } };
    }),
    // Public (rate limited): the social network token proves who is asking; only one's own data goes.
    // Every session of the user ends; the browser that asked also forgets its session cookie.
    deleteUser: async ({ body, request, reply }) => {
      await deletion.verifyOwnToken(body.userId, body.accessToken);
      const deleted = await deletion.requestDeletion(body.userId);
      clearSessionCookies(request, reply);
      return {
        status: 200 as const,
        body: { success: true, confirmationCode: deleted.confirmationCode },
      };
    },
    deletionStatus: async ({ params }) => ({
      status: 200 as const,
      body: await deletion.deletionStatus(params.id),
    }),
  });
};
