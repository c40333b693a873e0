import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../deps.js';
import { notImplemented } from '../not-implemented.js';

const s = initServer();
// Meta's app callbacks (form posts with a signed_request). Probes and the webhook are raw routes.
const { dataDeletionCallback, deauthorizeCallback } = contract.system;
export const facebookContract = { dataDeletionCallback, deauthorizeCallback };

export const facebookRouter = (_deps: ModuleDeps) =>
  s.router(facebookContract, {
    dataDeletionCallback: notImplemented(dataDeletionCallback),
    deauthorizeCallback: notImplemented(deauthorizeCallback),
  });
