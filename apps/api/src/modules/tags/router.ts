import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../deps.js';
import { notImplemented } from '../not-implemented.js';

const s = initServer();
const routes = contract.tags;

export const tagsRouter = (_deps: ModuleDeps) =>
  s.router(routes, {
    listTags: notImplemented(routes.listTags),
    createTag: notImplemented(routes.createTag),
    updateTag: notImplemented(routes.updateTag),
    deleteTag: notImplemented(routes.deleteTag),
  });
