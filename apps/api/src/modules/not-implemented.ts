import type { AppRoute } from '@ts-rest/core';
import { HttpError } from '../http/errors.js';

/**
 * Handler for a route a later issue builds: an honest 501, never a fake success. Thrown (not returned) so
 * it fits any route's response type and skips response validation.
 */
export function notImplemented(route: AppRoute) {
  const what = route.summary ?? `${route.method} ${route.path}`;
  return async (): Promise<never> => {
    throw new HttpError(501, `${what} is not implemented yet`);
  };
}
