import type { AppRoute } from '@ts-rest/core';
import type { RouteMeta } from '@pagecast/contract';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { requireAdmin, requireOperator } from '../../auth/guards.js';
import type { AuthContext } from '../../auth/jwt.js';
import { API_KEY_MESSAGES } from '@pagecast/contract';
import { assertKeyMayCall, keyAllowsPage } from '../../auth/api-keys.js';
import { keyPageNotFound, requestPage } from '../../auth/key-pages.js';
import type { Sql } from '../../db/client.js';
import { RateLimitedError } from '../../errors.js';
import { HttpError } from '../../http/errors.js';

export function routeMeta(route: AppRoute): RouteMeta {
  // Fail closed: a route without metadata needs a signed-in admin.
  return (route.metadata as RouteMeta | undefined) ?? { auth: 'admin' };
}

/**
 * onRequest guard from the contract's `metadata.auth`. It runs before ts-rest validates the request,
 * so an anonymous caller gets 401 and learns nothing about the body rules of a private route.
 */
export function routeGuard(route: AppRoute) {
  const meta = routeMeta(route);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (meta.auth === 'public') return;
    const auth = await requireAdmin(request);
    if (auth.apiKey) {
      countKeyRequest(request, reply, auth.apiKey.keyId);
      assertKeyMayCall(meta, auth.apiKey);
    } else if (meta.auth === 'operator') await requireOperator(request);
  };
}

/**
 * A key's own limit, counted on every request it makes: the RateLimit-* headers on each answer, 429 with
 * Retry-After past it.
 */
function countKeyRequest(request: FastifyRequest, reply: FastifyReply, keyId: string): void {
  const { limit, remaining, resetSeconds } = request.server.apiKeys.hit(keyId);
  reply.header('ratelimit-limit', limit);
  reply.header('ratelimit-remaining', Math.max(0, remaining));
  reply.header('ratelimit-reset', resetSeconds);
  if (remaining < 0)
    throw new RateLimitedError(API_KEY_MESSAGES.rateLimited(resetSeconds), resetSeconds);
}

/**
 * preHandler of the contract routes: a key limited to some pages acts only on those (404 otherwise, as for a
 * page its admin does not manage). After the body is parsed, since some routes name the page in it.
 */
export function keyPageGuard(db: Sql) {
  return async (request: FastifyRequest): Promise<void> => {
    const grant = request.auth?.apiKey;
    const route = (request.routeOptions.config as { tsRestRoute?: AppRoute }).tsRestRoute;
    if (!grant || grant.pageIds === null || !route) return;
    await assertKeyPage(db, request, routeMeta(route), request);
  };
}

/** The key's page check on one request's parts (the live stream calls it with its own params). */
export async function assertKeyPage(
  db: Sql,
  request: FastifyRequest,
  meta: RouteMeta,
  parts: { params?: unknown; query?: unknown; body?: unknown },
): Promise<void> {
  const grant = request.auth?.apiKey;
  if (!grant || grant.pageIds === null) return;
  const page = await requestPage(db, meta, parts);
  if (page !== undefined && !keyAllowsPage(grant, page))
    throw new HttpError(404, keyPageNotFound(meta));
}

/**
 * A contract handler of an admin route, called with the signed-in admin. The onRequest guard already
 * verified the token (routeGuard); this hands its result to the handler (cached on the request).
 */
export function withAdmin<A extends { request: FastifyRequest }, R>(
  handler: (args: A, auth: AuthContext) => Promise<R>,
): (args: A) => Promise<R> {
  return async (args) => handler(args, await requireAdmin(args.request));
}

/** withAdmin for operator routes: the handler gets an operator (the guard answered 403 to others). */
export function withOperator<A extends { request: FastifyRequest }, R>(
  handler: (args: A, auth: AuthContext) => Promise<R>,
): (args: A) => Promise<R> {
  return async (args) => handler(args, await requireOperator(args.request));
}

/** onRoute hook: the contract's `rateLimitPerMinute` becomes @fastify/rate-limit's per-route config. */
export function applyRouteRateLimit(routeOptions: RouteOptions): void {
  const route = (routeOptions.config as { tsRestRoute?: AppRoute } | undefined)?.tsRestRoute;
  const perMinute = route ? routeMeta(route).rateLimitPerMinute : undefined;
  if (!perMinute) return;
  routeOptions.config = {
    ...routeOptions.config,
    rateLimit: {
      max: perMinute,
      timeWindow: '1 minute',
      // Thrown to the error handler, which answers it as `{ message }` (with the plugin's Retry-After); an
      // Error, since Fastify sends any other thrown value as a 200 body.
      errorResponseBuilder: (_request: unknown, context: { after: string }) =>
        Object.assign(new Error(rateLimitMessage(context.after)), { statusCode: 429 }),
    },
  };
}

/** The 429 of a route's per-minute limit. */
export const rateLimitMessage = (after: string) =>
  `Too many requests for this action: wait ${after}, then try again.`;
