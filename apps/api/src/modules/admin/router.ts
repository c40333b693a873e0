import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../deps.js';
import { notImplemented } from '../not-implemented.js';

const s = initServer();
const routes = contract.admin;

export const adminRouter = (_deps: ModuleDeps) =>
  s.router(routes, {
    registerUserAdmin: notImplemented(routes.registerUserAdmin),
    deleteByUser: notImplemented(routes.deleteByUser),
  });
