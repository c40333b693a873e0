import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../shared/deps.js';
import { withAdmin } from '../shared/route-guard.js';
import { createSavedRepliesService } from './service.js';

const s = initServer();
const routes = contract.savedReplies;

export const savedRepliesRouter = (deps: ModuleDeps) => {
  const replies = createSavedRepliesService(deps);
  return s.router(routes, {
    listSavedReplies: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: { replies: await replies.list(adminId, params.pageId) },
    })),
    createSavedReply: withAdmin(async ({ params, body }, { adminId }) => ({
      status: 201,
      body: { reply: await replies.create(adminId, params.pageId, body) },
    })),
    updateSavedReply: withAdmin(async ({ params, body }, { adminId }) => ({
      status: 200,
      body: { reply: await replies.update(adminId, params.pageId, params.id, body) },
    })),
    deleteSavedReply: withAdmin(async ({ params }, { adminId }) => {
      await replies.remove(adminId, params.pageId, params.id);
      return { status: 200, body: { success: true } };
    }),
  });
};
