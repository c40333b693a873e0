import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../deps.js';
import { notImplemented } from '../not-implemented.js';

const s = initServer();
const routes = contract.pages;

export const pagesRouter = (_deps: ModuleDeps) =>
  s.router(routes, {
    listPages: notImplemented(routes.listPages),
    getPage: notImplemented(routes.getPage),
    getOverview: notImplemented(routes.getOverview),
    syncPage: notImplemented(routes.syncPage),
    syncStatus: notImplemented(routes.syncStatus),
    getSubscription: notImplemented(routes.getSubscription),
  });
