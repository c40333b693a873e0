import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../shared/deps.js';
import { withAdmin } from '../shared/route-guard.js';
import { createTagsService, TAG_MESSAGES } from './service.js';

const s = initServer();
const routes = contract.tags;

export const tagsRouter = (deps: ModuleDeps) => {
  const tags = createTagsService(deps);
  return s.router(routes, {
    listTags: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await tags.listTags(adminId, params.pageId),
    })),
    createTag: withAdmin(async ({ body }, { adminId }) => {
      const tag = await tags.createTag(adminId, body);
      return { status: 201, body: { success: true, tag, message: TAG_MESSAGES.created } };
    }),
    updateTag: withAdmin(async ({ params, body }, { adminId }) => {
      const tag = await tags.updateTag(adminId, params.id, body);
      return { status: 200, body: { success: true, tag, message: TAG_MESSAGES.updated } };
    }),
    deleteTag: withAdmin(async ({ params }, { adminId }) => {
      await tags.deleteTag(adminId, params.id);
      return { status: 200, body: { success: true, message: TAG_MESSAGES.deleted } };
    }),
  });
};
