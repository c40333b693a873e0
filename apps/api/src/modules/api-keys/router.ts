import { API_KEY_MESSAGES, contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../shared/deps.js';
import { withAdmin } from '../shared/route-guard.js';
import { createApiKey, listApiKeys, revokeApiKey } from './service.js';

const s = initServer();

// Session-only routes (no `scope` in the contract): the route guard refuses a key before these run.
export const apiKeysRouter = (deps: ModuleDeps) =>
  s.router(contract.apiKeys, {
    createApiKey: withAdmin(async ({ body }, { adminId }) => ({
      status: 201 as const,
      body: await createApiKey(deps.pool, adminId, body),
    })),
    listApiKeys: withAdmin(async (_args, { adminId }) => ({
      status: 200 as const,
      body: await listApiKeys(deps.pool, adminId),
    })),
    revokeApiKey: withAdmin(async ({ params }, { adminId }) => {
      await revokeApiKey(deps.pool, adminId, params.keyId);
      return {
        status: 200 as const,
        body: { success: true as const, message: API_KEY_MESSAGES.revoked },
      };
    }),
  });
