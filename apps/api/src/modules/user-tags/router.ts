import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { requireAdmin } from '../../auth/index.js';
import type { ModuleDeps } from '../deps.js';
import * as service from './service.js';

const s = initServer();
const routes = contract.userTags;

export const userTagsRouter = ({ db }: ModuleDeps) =>
  s.router(routes, {
    getUserTags: async ({ params, request }) => {
      const { adminId } = await requireAdmin(request);
      return {
        status: 200,
        body: await service.getUserTags(db, adminId, params.pageId, params.userId),
      };
    },
    addUserTag: async ({ body, request }) => {
      const { adminId } = await requireAdmin(request);
      await service.addUserTag(db, adminId, body);
      return { status: 200, body: { success: true, message: service.USER_TAG_MESSAGES.added } };
    },
    removeUserTag: async ({ body, request }) => {
      const { adminId } = await requireAdmin(request);
      await service.removeUserTag(db, adminId, body);
      return { status: 200, body: { success: true, message: service.USER_TAG_MESSAGES.removed } };
    },
  });
