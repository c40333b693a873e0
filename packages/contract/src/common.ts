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

/** Who may call a route: drives the server's auth hook and the generated authorization tests. */
export type RouteAuth = 'public' | 'admin' | 'operator';
export interface RouteMeta {
  auth: RouteAuth;
  /** The route's `pageId` (path, query or body) must be a page the caller manages: else 404. */
  pageScoped?: boolean;
  /** Rate limit per client per minute, for sign-in and deletion routes. */
  rateLimitPerMinute?: number;
  /** Route handled outside ts-rest (raw body, streaming): declared here for docs and tests. */
  raw?: boolean;
}
export const meta = (m: RouteMeta) => m;

/** Error statuses every route may answer, with the error body. */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
  503: ErrorBody,
} as const;

export const SuccessBody = z.object({ success: z.literal(true), message: z.string().optional() });
