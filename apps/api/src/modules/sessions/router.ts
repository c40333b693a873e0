// The admin's own sessions (modules/sessions/repo.ts): log out, the list the account page shows, ending another.
import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { endSessions, listActiveSessions, ownsSession } from './repo.js';
import { clearSessionCookies } from '../../auth/cookies.js';
import { NotFoundError } from '../../errors.js';
import type { ModuleDeps } from '../shared/deps.js';
import { withAdmin } from '../shared/route-guard.js';
import { endOtherSessions } from './repo.js';

const s = initServer();

export const sessionsRouter = (deps: ModuleDeps) =>
  s.router(contract.sessions, {
    list: withAdmin(async (_args, { adminId, sessionId }) => ({
      status: 200 as const,
      body: { sessions: await listActiveSessions(deps.pool, adminId, sessionId) },
    })),
    // The JWT stops working everywhere; a browser also forgets its session cookie.
    logout: withAdmin(async ({ request, reply }, { adminId, sessionId }) => {
      await endSessions(deps.pool, { adminId, sessionId }, 'logout');
      clearSessionCookies(request, reply);
      return { status: 200 as const, body: { success: true as const } };
    }),
    revokeOthers: withAdmin(async (_args, { adminId, sessionId }) => ({
      status: 200 as const,
      body: { ended: await endOtherSessions(deps.pool, adminId, sessionId) },
    })),
    // Someone else's session reads as unknown (404); ending an already ended one is a no-op.
    revoke: withAdmin(async ({ params }, { adminId }) => {
      if (!(await ownsSession(deps.pool, adminId, params.id)))
        throw new NotFoundError('Session not found');
      await endSessions(deps.pool, { adminId, sessionId: params.id }, 'revoked');
      return { status: 200 as const, body: { success: true as const } };
    }),
  });
