import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../deps.js';
import { deauthorizeUser, requestDeletion } from '../deletion/service.js';
import { statusUrl, verifyCallback } from './service.js';

const s = initServer();
// Meta's app callbacks (form posts with a signed_request). Probes and the webhook are raw routes.
const { dataDeletionCallback, deauthorizeCallback } = contract.system;
export const facebookContract = { dataDeletionCallback, deauthorizeCallback };

export const facebookRouter = (deps: ModuleDeps) =>
  s.router(facebookContract, {
    dataDeletionCallback: async ({ body }) => {
      const { userId } = verifyCallback(body.signed_request, deps.config);
      const request = await requestDeletion(deps, userId);
      return {
        status: 200 as const,
        body: { url: statusUrl(deps.config, userId), confirmation_code: request.confirmationCode },
      };
    },
    deauthorizeCallback: async ({ body }) => {
      const { userId } = verifyCallback(body.signed_request, deps.config);
      await deauthorizeUser(deps.db, userId);
      return { status: 200 as const, body: { success: true as const } };
    },
  });
