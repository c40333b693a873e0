import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { SESSION_TTL_MS, signAdminToken } from '../../auth/index.js';
import { endSessions, openSession } from '../sessions/index.js';
import { assertSameOrigin, fromBrowser, setSessionCookies } from '../../auth/cookies.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import { createDeletionService } from '../deletion/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import { withOperator } from '../shared/route-guard.js';
import { findAdmin } from '../deletion/index.js';
import { createSignInService } from './service.js';

const s = initServer();
const routes = contract.admin;

export const adminRouter = (deps: ModuleDeps) => {
  const signIn = createSignInService(deps);
  const deletion = createDeletionService(deps);
  return s.router(routes, {
    // Public and rate limited (contract metadata): the social network token is the credential.
    // A browser gets the session as cookies and no jwt in the body (auth/cookies.ts); other clients get both.
    registerUserAdmin: async ({ body, request, reply }) => {
      // Another site cannot sign the browser in to an account of its choosing (login CSRF).
      assertSameOrigin(request);
      const result = await signIn.registerUserAdmin(body, request.log);
      const sessionId = await openSession(deps.pool, {
        adminId: result.adminId,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
      });
      const jwt = signAdminToken(request.server, {
        adminId: result.adminId,
        userId: result.user.userId,
        role: result.role,
        sessionId,
      });
      const exp = request.server.jwt.decode<{ exp: number }>(jwt)?.exp ?? 0;
      setSessionCookies(request, reply, { jwt, sessionId, exp });
      const browser = fromBrowser(request);
      return {
        status: 200,
        body: { ...(browser ? {} : { jwt }), user: result.user, accounts: result.accounts },
      };
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
    // Operators only: every session of the user ends (a stolen token, a departed employee).
    endUserSessions: withOperator(async ({ params }, auth) => {
      if (!deps.config.operatorUserIds.includes(auth.userId)) {
        throw new ForbiddenError('Operator access required');
      }
      const admin = await findAdmin(deps.pool, params.id);
      if (!admin) throw new NotFoundError('User not found');
      const endedSessions = await endSessions(deps.pool, { adminId: admin.id }, 'operator');
      return { status: 200 as const, body: { success: true as const, endedSessions } };
    }),
  });
};
