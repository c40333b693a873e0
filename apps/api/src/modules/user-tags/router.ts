import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../deps.js';
import { notImplemented } from '../not-implemented.js';

const s = initServer();
const routes = contract.userTags;

export const userTagsRouter = (_deps: ModuleDeps) =>
  s.router(routes, {
    getUserTags: notImplemented(routes.getUserTags),
    addUserTag: notImplemented(routes.addUserTag),
    removeUserTag: notImplemented(routes.removeUserTag),
  });
