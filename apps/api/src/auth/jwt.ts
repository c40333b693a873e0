import type { FastifyInstance } from 'fastify';
import type { ApiKeyGrant } from './api-keys.js';

export type Role = 'admin' | 'operator';

/** A session row's state as the request check reads it (modules/sessions/repo.ts#sessionState). */
export type SessionState = 'active' | 'ended' | 'expired';

/**
 * JWT claims (CONVENTIONS "Identities"): sub = admin uuid, uid = social network user id, sid = the
 * session row (modules/sessions/repo.ts) that must still be active for the token to work.
 */
export interface JwtClaims {
  sub: string;
  uid: string;
  role: Role;
  sid: string;
  /** Seconds since the epoch (set by the signer). */
  exp?: number;
}

export interface AuthContext {
  adminId: string;
  userId: string;
  role: Role;
  sessionId: string;
  /** When the JWT stops working (ms since the epoch): live streams close then. */
  expiresAt: number;
  /**
   * Set when the request came with an API key (`sessionId` is then the key's id, so the sessions NOTIFY that
   * ends it closes the key's live streams too).
   */
  apiKey?: ApiKeyGrant;
}

/** A key's state as the request check reads it (modules/api-keys): what it grants, or refused. */
export type ApiKeyState =
  | (Omit<ApiKeyGrant, 'hash'> & {
      state: 'active';
      adminId: string;
      userId: string;
      expiresAt: number | null;
    })
  | { state: 'refused' | 'suspended' };

/** The key checks of every key-authenticated request (modules/api-keys/auth.ts, wired in app.ts). */
export interface ApiKeyChecks {
  /** The key by its hash, through this process's cache (kept current by the sessions NOTIFY). */
  state: (keyHash: string) => Promise<ApiKeyState>;
  /** Records the key's use (last used time and address), at most once a minute per key and process. */
  used: (keyId: string, ip: string) => void;
  /** Counts one request of the key against its own limit. */
  hit: (keyId: string) => { limit: number; remaining: number; resetSeconds: number };
}

/** How long a sign-in lasts: the JWT's lifetime (fast-jwt's notation) and its session row's. */
export const JWT_EXPIRES_IN = '7d';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: JwtClaims;
    user: JwtClaims;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAdmin once the bearer JWT and its session are verified. */
    auth?: AuthContext;
  }
  interface FastifyInstance {
    /**
     * The session check of every authenticated request (modules/sessions/repo.ts on the app's database, through
     * this process's cache, auth/session-cache.ts); `notAfter` (ms) bounds how long the answer is cached.
     */
    sessionState: (sessionId: string, adminId: string, notAfter?: number) => Promise<SessionState>;
    apiKeys: ApiKeyChecks;
  }
}

export function signAdminToken(
  app: FastifyInstance,
  auth: Pick<AuthContext, 'adminId' | 'userId' | 'role' | 'sessionId'>,
): string {
  return app.jwt.sign(
    { sub: auth.adminId, uid: auth.userId, role: auth.role, sid: auth.sessionId },
    { expiresIn: JWT_EXPIRES_IN },
  );
}
