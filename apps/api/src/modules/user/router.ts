import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../deps.js';
import { notImplemented } from '../not-implemented.js';

const s = initServer();
const routes = contract.user;

export const userRouter = (_deps: ModuleDeps) =>
  s.router(routes, {
    addUsersByPage: notImplemented(routes.addUsersByPage),
    deleteUser: notImplemented(routes.deleteUser),
    deletionStatus: notImplemented(routes.deletionStatus),
  });
