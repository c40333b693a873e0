import type { AppRoute } from '@ts-rest/core';
import type { RouteMeta } from '@pagecast/contract';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { requireAdmin, requireOperator } from '../../auth/guards.js';
import type { AuthContext } from '../../auth/jwt.js';

export function routeMeta(route: AppRoute): RouteMeta {
  // Fail closed: a route without metadata needs a signed-in admin.
  return (route.metadata as RouteMeta | undefined) ?? { auth: 'admin' };
}

/**
 * onRequest guard from the contract's `metadata.auth`. It runs before ts-rest validates the request,
 * so an anonymous caller gets 401 and learns nothing about the body rules of a private route.
 */
export function routeGuard(route: AppRoute) {
  const { auth } = routeMeta(route);
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (auth === 'admin') await requireAdmin(request);
    else if (auth === 'operator') await requireOperator(request);
  };
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
