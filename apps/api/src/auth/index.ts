export { assertPageAdmin, requireAdmin, requireOperator, type PageRow } from './guards.js';
export {
  JWT_EXPIRES_IN,
  SESSION_TTL_MS,
  signAdminToken,
  type AuthContext,
  type JwtClaims,
  type Role,
  type SessionState,
} from './jwt.js';
