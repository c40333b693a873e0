import type { FastifyInstance } from 'fastify';

export type Role = 'admin' | 'operator';

/** JWT claims (CONVENTIONS "Identities"): sub = admin uuid, uid = social network user id. */
export interface JwtClaims {
  sub: string;
  uid: string;
  role: Role;
}

export interface AuthContext {
  adminId: string;
  userId: string;
  role: Role;
}

export const JWT_EXPIRES_IN = '7d';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: JwtClaims;
    user: JwtClaims;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAdmin once the bearer JWT is verified. */
    auth?: AuthContext;
  }
}

export function signAdminToken(app: FastifyInstance, auth: AuthContext): string {
  return app.jwt.sign(
    { sub: auth.adminId, uid: auth.userId, role: auth.role },
    { expiresIn: JWT_EXPIRES_IN },
  );
}
