import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { requireOperator, signAdminToken } from '../../auth/index.js';
import { HttpError } from '../../http/errors.js';
import { deleteAdminAsOperator } from '../deletion/service.js';
import type { ModuleDeps } from '../deps.js';
import { registerUserAdmin } from './service.js';

const s = initServer();
const routes = contract.admin;

export const adminRouter = (deps: ModuleDeps) =>
  s.router(routes, {
    // Public and rate limited (contract metadata): the social network token is the credential.
    registerUserAdmin: async ({ body, request }) => {
      const result = await registerUserAdmin(deps, body, request.log);
      const jwt = signAdminToken(request.server, {
        adminId: result.adminId,
        userId: result.user.userId,
        role: result.role,
      });
      return { status: 200, body: { jwt, user: result.user, accounts: result.accounts } };
    },
    // Operators only (contract metadata + the configured list, so removing an id takes effect at once).
    deleteByUser: async ({ params, request }) => {
      const auth = await requireOperator(request);
      if (!deps.config.operatorUserIds.includes(auth.userId)) {
        throw new HttpError(403, 'Operator access required');
      }
      const outcome = await deleteAdminAsOperator(deps.db, params.id);
      return { status: 200 as const, body: { success: true as const, deletedPages: outcome.deletedPages } };
    },
  });
