import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { SESSION_TTL_MS, signAdminToken } from '../../auth/index.js';
import { openSession } from '../sessions/index.js';
import { assertSameOrigin, fromBrowser, setSessionCookies } from '../../auth/cookies.js';
import type { ModuleDeps } from '../shared/deps.js';
import { createSignInService } from './service.js';

const s = initServer();
const routes = contract.signIn;

export const signInRouter = (deps: ModuleDeps) => {
  const signIn = createSignInService(deps);
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
  });
};
