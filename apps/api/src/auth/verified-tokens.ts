// The JWT check of every authenticated request, answered per app from the tokens it has already verified. A
// session sends the same token on every request: its signature is checked once, then the exact token text
// finds its claims here until the token's exp (never past it). @fastify/jwt's request path paid, per request,
// option merging, a full decode of the token and fast-jwt's cache key (a SHA-256 of the token) even on a
// cache hit (bench/FINDINGS.md). Revocation does not depend on this: the session check runs on every request.
import type { FastifyRequest } from 'fastify';
import { cookieNamesOf } from './cookies.js';
import type { JwtClaims } from './jwt.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's verified JWTs (app.ts): requireAdmin's signature and exp check. */
    verifiedTokens: VerifiedTokens;
  }
}

/** Tokens kept per app (the first verified goes first when full). */
export const VERIFIED_TOKENS_MAX = 10_000;

export interface VerifiedTokens {
  /** The token's claims, or throws what `verify` throws (bad signature, malformed, expired). */
  claims: (token: string) => JwtClaims;
  readonly size: number;
}

/**
 * `verify` checks a token's signature and exp (the app's @fastify/jwt verifier) and returns its claims; only
 * tokens it accepted, with an exp, are kept. Failures are never kept, so a bad token is checked every time.
 */
export function verifiedTokens(
  verify: (token: string) => JwtClaims,
  options: { max?: number; now?: () => number } = {},
): VerifiedTokens {
  const max = options.max ?? VERIFIED_TOKENS_MAX;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { claims: JwtClaims; until: number }>();
  return {
    claims(token) {
      const hit = entries.get(token);
      if (hit && now() < hit.until) return hit.claims;
      if (hit) entries.delete(token);
      // Past its exp: verify again, which answers "expired" as for any other token.
      const claims = verify(token);
      if (typeof claims?.exp === 'number') {
        entries.set(token, { claims, until: claims.exp * 1000 });
        if (entries.size > max) entries.delete(entries.keys().next().value as string);
      }
      return claims;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * The token of a request as @fastify/jwt reads it: an `Authorization: Bearer <token>` header (exactly two
 * parts), else the session cookie; undefined when a Bearer header is malformed or there is none.
 */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header && /^Bearer\s/i.test(header)) {
    const parts = header.split(' ');
    return parts.length === 2 && parts[1] ? parts[1] : undefined;
  }
  return request.cookies?.[cookieNamesOf(request).session] || undefined;
}
