export { assertPageAdmin, requireAdmin, requireOperator, type PageRow } from './guards.js';
export {
  JWT_EXPIRES_IN,
  SESSION_TTL_MS,
  signAdminToken,
  type AuthContext,
  type JwtClaims,
  type Role,
} from './jwt.js';
export {
  endSessions,
  listActiveSessions,
  openSession,
  ownsSession,
  sessionState,
  type SessionState,
} from '../modules/sessions/index.js';
