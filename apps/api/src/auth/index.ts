export { assertPageAdmin, requireAdmin, requireOperator, type PageRow } from './guards.js';
export {
  JWT_EXPIRES_IN,
  signAdminToken,
  type AuthContext,
  type JwtClaims,
  type Role,
} from './jwt.js';
