import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { createDeletionService } from '../deletion/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import { createFacebookService } from './service.js';

const s = initServer();
// Meta's app callbacks (form posts with a signed_request). Probes and the webhook are raw routes.
const { dataDeletionCallback, deauthorizeCallback } = contract.system;
export const facebookContract = { dataDeletionCallback, deauthorizeCallback };

export const facebookRouter = (deps: ModuleDeps) => {
  const facebook = createFacebookService(deps, createDeletionService(deps));
  return s.router(facebookContract, {
    dataDeletionCallback: async ({ body }) => ({
      status: 200 as const,
      body: await facebook.dataDeletion(body.signed_request),
    }),
    deauthorizeCallback: async ({ body }) => {
      await facebook.deauthorize(body.signed_request);
      return { status: 200 as const, body: { success: true as const } };
    },
  });
};
