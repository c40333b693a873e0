import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { requireAdmin } from '../../auth/index.js';
import type { ModuleDeps } from '../deps.js';
import * as service from './service.js';

const s = initServer();
const routes = contract.tags;

export const tagsRouter = ({ db }: ModuleDeps) =>
  s.router(routes, {
    listTags: async ({ params, request }) => {
      const { adminId } = await requireAdmin(request);
      return { status: 200, body: await service.listTags(db, adminId, params.pageId) };
    },
    createTag: async ({ body, request }) => {
      const { adminId } = await requireAdmin(request);
      const tag = await service.createTag(db, adminId, body);
      return { status: 201, body: { success: true, tag, message: service.TAG_MESSAGES.created } };
    },
    updateTag: async ({ params, body, request }) => {
      const { adminId } = await requireAdmin(request);
      const tag = await service.updateTag(db, adminId, params.id, body);
      return { status: 200, body: { success: true, tag, message: service.TAG_MESSAGES.updated } };
    },
    deleteTag: async ({ params, request }) => {
      const { adminId } = await requireAdmin(request);
      await service.deleteTag(db, adminId, params.id);
      return { status: 200, body: { success: true, message: service.TAG_MESSAGES.deleted } };
    },
  });
