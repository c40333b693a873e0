// The browser's session (docs/architecture.md "Auth"): the JWT in an httpOnly cookie no page script can read,
// and the CSRF proof every cookie-authenticated write must bring. Bearer clients (tests, benches, scripts)
// are untouched: a browser never adds an Authorization header by itself, so a Bearer request is not CSRF-able.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import {
  CROSS_SITE_REFUSED,
  CSRF_COOKIE,
  CSRF_HEADER,
  CSRF_TOKEN_REFUSED,
  HOST_COOKIE_PREFIX,
  SESSION_COOKIE,
} from '@pagecast/contract';
import { HttpError } from '../http/errors.js';

export interface SessionCookieConfig {
  /** Keys the CSRF token to the session (the JWT secret: nobody without it can mint one). */
  secret: string;
  /** Origins whose pages may write with the cookie (WEB_ORIGIN, PUBLIC_URL); the API's own origin too. */
  origins: string[];
  /** Production always sets Secure (TLS in front); elsewhere only requests that came over https do. */
  isProduction: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: SessionCookieConfig;
  }
}

/**
 * The cookies' names and paths. In production: `__Host-` names, which the browser keeps only when Secure,
 * host-only and on Path=/, so a sibling subdomain cannot toss in a session of its own; the session cookie is
 * then sent on every path of the origin (still httpOnly and SameSite=Strict). Elsewhere (plain http on
 * localhost, where no browser keeps a Secure cookie) the session cookie goes to the API only (Path=/api).
 */
export function sessionCookieNames(isProduction: boolean) {
  return isProduction
    ? {
        session: `${HOST_COOKIE_PREFIX}${SESSION_COOKIE}`,
        csrf: `${HOST_COOKIE_PREFIX}${CSRF_COOKIE}`,
        sessionPath: '/',
        csrfPath: '/',
      }
    : { session: SESSION_COOKIE, csrf: CSRF_COOKIE, sessionPath: '/api', csrfPath: '/' };
}
const PRODUCTION_NAMES = sessionCookieNames(true);
const DEV_NAMES = sessionCookieNames(false);
/** The names this server uses (a request without the app's decoration, as in unit tests: the dev ones). */
export const cookieNamesOf = (request: FastifyRequest) =>
  request.server?.sessionCookie?.isProduction ? PRODUCTION_NAMES : DEV_NAMES;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What is used of a reply (@ts-rest/fastify hands handlers a reply typed with other generics). */
interface CookieReply {
  setCookie(name: string, value: string, options: CookieSerializeOptions): unknown;
  clearCookie(name: string, options: CookieSerializeOptions): unknown;
}

/**
 * The CSRF token of a session: HMAC of its id. Stateless, and bound to the session, so a cookie planted by a
 * sibling host (which can write cookies but not read ours) cannot pair with a header of the attacker's choosing.
 */
export function csrfToken(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');
}

// Plain http on localhost (dev, e2e) cannot keep a Secure cookie in every browser; production is behind TLS.
const secure = (request: FastifyRequest) =>
  request.server.sessionCookie.isProduction || request.protocol === 'https';

/**
 * Sign-in: the session cookie (httpOnly, SameSite=Strict; Path=/api, or `__Host-` on / in production) and the
 * readable CSRF cookie, both lasting exactly as long as the JWT (its `exp`).
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: CookieReply,
  session: { jwt: string; sessionId: string; exp: number },
): void {
  const maxAge = Math.max(0, session.exp - Math.floor(Date.now() / 1000));
  const names = cookieNamesOf(request);
  const common = { sameSite: 'strict' as const, secure: secure(request), maxAge };
  reply.setCookie(names.session, session.jwt, {
    ...common,
    httpOnly: true,
    path: names.sessionPath,
  });
  reply.setCookie(names.csrf, csrfToken(request.server.sessionCookie.secret, session.sessionId), {
    ...common,
    httpOnly: false,
    path: names.csrfPath,
  });
}

/** Log out, data deletion: the browser forgets both cookies (the session row is ended as well). */
export function clearSessionCookies(request: FastifyRequest, reply: CookieReply): void {
  const names = cookieNamesOf(request);
  const common = { sameSite: 'strict' as const, secure: secure(request) };
  reply.clearCookie(names.session, { ...common, httpOnly: true, path: names.sessionPath });
  reply.clearCookie(names.csrf, { ...common, path: names.csrfPath });
}

/** A browser's request: it carries headers no page script can set or remove. */
export const fromBrowser = (request: FastifyRequest) =>
  request.headers['sec-fetch-site'] !== undefined || request.headers.origin !== undefined;

/** This request's own origin as the browser would write it. */
const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Refuses (403) a write another site's page made the browser send: Sec-Fetch-Site other than same-origin, or
 * an Origin that is not the app's. Browsers send at least one of them on every POST/PUT/PATCH/DELETE.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') throw new HttpError(403, CROSS_SITE_REFUSED);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const allowed = request.server.sessionCookie.origins;
  if (!allowed.includes(origin) && origin !== ownOrigin(request)) {
    throw new HttpError(403, CROSS_SITE_REFUSED);
  }
}

/**
 * The CSRF check of a request authenticated by the session cookie: same origin, and the CSRF header equal
 * to this session's token (double submit: only the app's own scripts can read the CSRF cookie).
 */
export function assertCsrf(request: FastifyRequest, sessionId: string): void {
  if (!UNSAFE.has(request.method)) return;
  assertSameOrigin(request);
  const given = request.headers[CSRF_HEADER];
  const expected = Buffer.from(csrfToken(request.server.sessionCookie.secret, sessionId));
  const actual = Buffer.from(typeof given === 'string' ? given : '');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new HttpError(403, CSRF_TOKEN_REFUSED);
  }
}
