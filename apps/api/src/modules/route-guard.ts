import type { AppRoute } from '@ts-rest/core';
import type { RouteMeta } from '@pagecast/contract';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { requireAdmin, requireOperator } from '../auth/guards.js';

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

/** onRoute hook: the contract's `rateLimitPerMinute` becomes @fastify/rate-limit's per-route config. */
export function applyRouteRateLimit(routeOptions: RouteOptions): void {
  const route = (routeOptions.config as { tsRestRoute?: AppRoute } | undefined)?.tsRestRoute;
  const perMinute = route ? routeMeta(route).rateLimitPerMinute : undefined;
  if (!perMinute) return;
  routeOptions.config = {
    ...routeOptions.config,
    rateLimit: { max: perMinute, timeWindow: '1 minute' },
  };
}
