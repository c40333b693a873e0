import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../shared/deps.js';
import { recipientQuery } from '../inbox/index.js';
import { withAdmin } from '../shared/route-guard.js';
import { createUserTagsService, USER_TAG_MESSAGES } from './service.js';

const s = initServer();
const routes = contract.userTags;

export const userTagsRouter = (deps: ModuleDeps) => {
  const userTags = createUserTagsService(deps);
  return s.router(routes, {
    getUserTags: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await userTags.getUserTags(adminId, params.pageId, params.userId),
    })),
    addUserTag: withAdmin(async ({ body }, { adminId }) => {
      await userTags.addUserTag(adminId, body);
      return { status: 200, body: { success: true, message: USER_TAG_MESSAGES.added } };
    }),
    bulkUserTags: withAdmin(async ({ body }, { adminId }) => ({
      status: 200,
      body: await userTags.bulkUserTags(adminId, { ...body, match: recipientQuery(body.match) }),
    })),
    removeUserTag: withAdmin(async ({ body }, { adminId }) => {
      await userTags.removeUserTag(adminId, body);
      return { status: 200, body: { success: true, message: USER_TAG_MESSAGES.removed } };
    }),
  });
};
