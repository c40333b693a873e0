// The operator's routes (contract `operator`): remove a user's data, end a user's sessions.
import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../auth/index.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import { createDeletionService } from '../deletion/index.js';
import { endSessions } from '../sessions/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import { withOperator } from '../shared/route-guard.js';
import { findAdmin } from '../sign-in/index.js';

const s = initServer();

export const operatorRouter = (deps: ModuleDeps) => {
  const deletion = createDeletionService(deps);
  // The one operator check: the JWT's role (the route guard) and the configured list, read on each call
  // so that removing an id takes effect at once, not when the operator's token expires.
  const asOperator = <A extends { request: FastifyRequest }, R>(
    handler: (args: A, auth: AuthContext) => Promise<R>,
  ) =>
    withOperator<A, R>(async (args, auth) => {
      if (!deps.config.operatorUserIds.includes(auth.userId)) {
        throw new ForbiddenError('Operator access required');
      }
      return handler(args, auth);
    });
  return s.router(contract.operator, {
    deleteByUser: asOperator(async ({ params }) => {
      const outcome = await deletion.deleteAdminAsOperator(params.id);
      return {
        status: 200 as const,
        body: { success: true as const, deletedPages: outcome.deletedPages },
      };
    }),
    // Every session of the user ends (a stolen token, a departed employee).
    endUserSessions: asOperator(async ({ params }) => {
      const admin = await findAdmin(deps.pool, params.id);
      if (!admin) throw new NotFoundError('User not found');
      const endedSessions = await endSessions(deps.pool, { adminId: admin.id }, 'operator');
      return { status: 200 as const, body: { success: true as const, endedSessions } };
    }),
  });
};
