import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import type { RouteMeta } from './common';

export interface ContractRoute {
  key: string;
  route: AppRoute;
  meta: RouteMeta;
}

/** Every route of a contract, flattened: for auth hooks, docs and the generated test matrices. */
export function listRoutes(router: AppRouter, prefix = ''): ContractRoute[] {
  return Object.entries(router).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isAppRoute(value)) return [{ key: name, route: value, meta: value.metadata as RouteMeta }];
    return listRoutes(value, name);
  });
}
