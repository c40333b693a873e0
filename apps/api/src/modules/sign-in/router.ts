import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
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
      const result = await signIn.registerUserAdmin(body, {
        log: request.log,
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
        server: request.server,
      });
      setSessionCookies(request, reply, result.session);
      const browser = fromBrowser(request);
      return {
        status: 200,
        body: {
          ...(browser ? {} : { jwt: result.session.jwt }),
          user: result.user,
          accounts: result.accounts,
        },
      };
    },
  });
};
