import { z } from 'zod';

/** The one error body every route answers with (validation errors add `fieldErrors`). */
export const ErrorBody = z.object({
  message: z.string(),
  fieldErrors: z.record(z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Social-network ids (page id, user id, PSID) are digit strings. */
export const GraphId = z.string().regex(/^\d{1,32}$/, 'Must be a numeric id');
export const Uuid = z.string().uuid('Must be a valid id');
/** Platform access tokens are printable ASCII: anything else cannot be one (and would bloat Graph URLs). */
export const TOKEN_CHARS = /^[\x21-\x7e]+$/;
export const IsoDateTime = z.string().datetime({ offset: true });

/** A `limit` query parameter: a whole number from 1 to `max`, `fallback` when absent. */
export const pageSize = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

/** Who may call a route: drives the server's auth hook and the generated authorization tests. */
export type RouteAuth = 'public' | 'admin' | 'operator';

/**
 * What an API key may do (Account → API keys, `Authorization: Bearer pck_…`), each a set of routes: `read`
 * every read of the pages it may use, `inbox:send` working conversations (send, read, status, assign, notes,
 * subscription requests), `tags:write` tags and tagging, `campaigns:write` campaigns and their templates.
 */
export const API_KEY_SCOPES = ['read', 'inbox:send', 'tags:write', 'campaigns:write'] as const;

/** The entity whose page a route addressed by another id acts on (a key limited to some pages is held to them). */
export type RoutePageOf = 'campaign' | 'tag' | 'template' | 'page-sync';

export interface RouteMeta {
  auth: RouteAuth;
  /** The route's `pageId` (path, query or body) must be a page the caller manages: else 404. */
  pageScoped?: boolean;
  /**
   * The scope an API key needs for this admin route (403 naming it otherwise). Absent: the route takes a
   * sign-in session only (keys, sessions, account and page settings), and a key gets 403.
   */
  scope?: (typeof API_KEY_SCOPES)[number];
  /** For a route addressed by an entity's id: that entity's page is the one a key must be allowed. */
  pageOf?: RoutePageOf;
  /** Rate limit per client per minute: sign-in, deletion, bulk and Graph-calling routes (a 429 past it). */
  rateLimitPerMinute?: number;
  /** Route handled outside ts-rest (raw body, streaming): declared here for docs and tests. */
  raw?: boolean;
}
export const meta = (m: RouteMeta) => m;

/**
 * The error statuses a route answers, each with the error body: `errors(404, 409)`. Each route lists only
 * what its handler (and the hooks in front of it) can really answer; the shared sets below cover the common
 * cases, a route adds its own (409 for a conflict, 422, 429 for a rate limit, 413 for a body, ...).
 */
export function errors<S extends number>(...statuses: S[]): { [K in S]: typeof ErrorBody } {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBody])) as { [K in S]: typeof ErrorBody };
}

/**
 * Every route: 400 (a broken rule, or NUL characters anywhere in the request), 500 (a fault) and 503 (the
 * database, or a service behind the route, is not available right now).
 */
export const publicErrors = errors(400, 500, 503);
/**
 * Routes for a signed-in admin: also 401 (no, expired or invalid token) and 403 (a write authenticated by the
 * session cookie that does not prove it came from the app itself: CROSS_SITE_REFUSED, CSRF_TOKEN_REFUSED).
 */
export const authErrors = { ...publicErrors, ...errors(401, 403) };

/**
 * The browser's session (docs/architecture.md "Auth"): an httpOnly cookie page scripts cannot read, plus a
 * readable CSRF cookie the app echoes in the CSRF header on every POST/PUT/PATCH/DELETE.
 */
export const SESSION_COOKIE = 'pagecast_session';
export const CSRF_COOKIE = 'pagecast_csrf';
/**
 * In production both cookies carry this prefix: the browser then keeps them only if Secure, host-only and
 * on Path=/, so no sibling subdomain can plant a session of its own under the same name (cookie tossing).
 */
export const HOST_COOKIE_PREFIX = '__Host-';
export const CSRF_HEADER = 'x-csrf-token';
/** The 403 of a cookie-authenticated write sent by another site (its Origin or Sec-Fetch-Site says so). */
export const CROSS_SITE_REFUSED = 'Request refused: it was sent by another site, not by Pagecast.';
/** The 403 of a cookie-authenticated write without the CSRF header matching this session. */
export const CSRF_TOKEN_REFUSED =
  'Request refused: the CSRF token is missing or does not match your session. Reload the page and try again.';
/**
 * Routes about a page or record the admin must manage: also 403 (the admin's Facebook tasks on that page do
 * not allow this, e.g. sending without the messaging task) and 404 (another admin's reads as unknown).
 */
export const pageErrors = { ...authErrors, ...errors(403, 404) };
/**
 * Every POST, PUT, PATCH and DELETE: 413 (a body over the 1 MB limit) and 415 (a body in a content type the
 * route does not read). Fastify reads a body sent with these methods before the handler runs, even on a
 * route that takes none.
 */
export const bodyErrors = errors(413, 415);
/** pageErrors for routes that take a body: also bodyErrors. */
export const writeErrors = { ...pageErrors, ...bodyErrors };
/**
 * Routes an API key may call (`metadata.scope`): also 429, the key's own rate limit, whatever the route's
 * own limits. A key without the route's scope, or limited to other pages, gets the 403 the sets above have.
 */
export const apiKeyErrors = errors(429);
/**
 * Routes with path params: also 414, a param over 100 characters (the router refuses it before anything
 * else runs).
 */
export const pathParamErrors = errors(414);

export const SuccessBody = z.object({ success: z.literal(true), message: z.string().optional() });
