import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { signAdminToken } from '../../auth/index.js';
import { ForbiddenError } from '../../errors.js';
import { createDeletionService } from '../deletion/service.js';
import type { ModuleDeps } from '../deps.js';
import { withOperator } from '../route-guard.js';
import { createSignInService } from './service.js';

const s = initServer();
const routes = contract.admin;

export const adminRouter = (deps: ModuleDeps) => {
  const signIn = createSignInService(deps);
  const deletion = createDeletionService(deps);
  return s.router(routes, {
    // Public and rate limited (contract metadata): the social network token is the credential.
    registerUserAdmin: async ({ body, request }) => {
      const result = await signIn.registerUserAdmin(body, request.log);
      const jwt = signAdminToken(request.server, {
        adminId: result.adminId,
        userId: result.user.userId,
        role: result.role,
      });
      return { status: 200, body: { jwt, user: result.user, accounts: result.accounts } };
    },
    // Operators only (contract metadata + the configured list, so removing an id takes effect at once).
    deleteByUser: withOperator(async ({ params }, auth) => {
      if (!deps.config.operatorUserIds.includes(auth.userId)) {
        throw new ForbiddenError('Operator access required');
      }
      const outcome = await deletion.deleteAdminAsOperator(params.id);
      return {
        status: 200 as const,
        body: { success: true as const, deletedPages: outcome.deletedPages },
      };
    }),
  });
};
