import { z } from 'zod';
import { c } from './c';
import {
  API_KEY_SCOPES,
  GraphId,
  IsoDateTime,
  SuccessBody,
  Uuid,
  authErrors,
  bodyErrors,
  errors,
  meta,
  pathParamErrors,
  writeErrors,
} from './common';

/**
 * API keys (Account → 'API keys'): a backend calls the API as the admin who made the key, on the pages and
 * with the scopes the key names. The key's text (`pck_` + 43 base64url characters, 256 random bits) is shown
 * once, at creation; only its SHA-256 is kept. Managed with a sign-in session only: a key never manages keys.
 */
export const API_KEY_PREFIX = 'pck_';
export const API_KEY_LIMITS = {
  nameMax: 60,
  /** Keys an admin may hold at once (revoked ones do not count). */
  perAdmin: 25,
  /** How far ahead an expiry may be set: two years. */
  expiryMaxDays: 730,
} as const;

export const API_KEY_MESSAGES = {
  nameRequired: 'Name the key, e.g. the system that will use it',
  nameTooLong: `Use at most ${API_KEY_LIMITS.nameMax} characters`,
  pagesRequired: 'Choose at least one page, or all pages',
  scopesRequired: 'Choose at least one scope',
  expiryPast: 'Choose an expiry date in the future',
  expiryTooFar: 'Choose an expiry date within two years',
  tooMany: `You have ${API_KEY_LIMITS.perAdmin} keys: revoke one you no longer use first.`,
  pageNotManaged: 'You do not manage this page',
  notFound: 'API key not found',
  revoked: 'API key revoked. Requests with it are refused from now on.',
  /** 401: a key that is unknown, revoked or expired (one answer, so a guess learns nothing). */
  refused: 'This API key is not valid: it was revoked, it expired, or it never existed.',
  /** 401 while Facebook refuses the key's admin (their sessions were ended): a sign-in makes it work again. */
  suspended:
    'This API key is paused: Facebook no longer accepts its admin’s sign-in. It works again once they log in to Pagecast.',
  /** 403 on a route its scopes do not cover; the scope is named. */
  missingScope: (scope: string) => `This API key lacks the ${scope} scope.`,
  /** 403 on a route that takes a sign-in session only (keys, sessions, account and page settings). */
  sessionOnly: 'This route needs a sign-in session: API keys cannot call it.',
  /** 429 of a key's own limit. */
  rateLimited: (seconds: number) =>
    `This API key sent too many requests: wait ${seconds} s, then try again.`,
} as const;

export const ApiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** The pages a key may use: some of the admin's, or 'all' (every page they manage, now and later). */
export const ApiKeyPages = z.union([
  z.literal('all'),
  z.array(GraphId).min(1, API_KEY_MESSAGES.pagesRequired).max(500),
]);

export const ApiKey = z.object({
  id: Uuid,
  name: z.string(),
  /** The key's first characters (`pck_` and 8 more), to tell keys apart; never the whole key. */
  prefix: z.string(),
  scopes: z.array(ApiKeyScope),
  pageIds: ApiKeyPages,
  createdAt: IsoDateTime,
  expiresAt: IsoDateTime.nullable(),
  lastUsedAt: IsoDateTime.nullable(),
  /** The address of the key's last request (as the proxy in front reports it). */
  lastUsedIp: z.string().nullable(),
  status: z.enum(['active', 'expired']),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const CreateApiKeyBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_LIMITS.nameMax, API_KEY_MESSAGES.nameTooLong),
  pageIds: ApiKeyPages,
  /** Read-only when left out. */
  scopes: z
    .array(ApiKeyScope)
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .max(API_KEY_SCOPES.length)
    .default(['read'])
    .transform((s) => [...new Set(s)]),
  expiresAt: IsoDateTime.optional()
    .refine((v) => v === undefined || Date.parse(v) > Date.now(), API_KEY_MESSAGES.expiryPast)
    .refine(
      (v) =>
        v === undefined ||
        Date.parse(v) <= Date.now() + API_KEY_LIMITS.expiryMaxDays * 24 * 60 * 60 * 1000,
      API_KEY_MESSAGES.expiryTooFar,
    ),
});
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBody>;

export const apiKeysContract = c.router({
  createApiKey: {
    method: 'POST',
    path: '/api/v1/me/api-keys',
    summary:
      'Create an API key: its text is in this answer only (store it now), then only its prefix',
    body: CreateApiKeyBody,
    responses: {
      ...authErrors,
      ...bodyErrors,
      ...errors(409, 429),
      201: z.object({ key: z.string(), apiKey: ApiKey }),
    },
    metadata: meta({ auth: 'admin', rateLimitPerMinute: 20 }),
  },
  listApiKeys: {
    method: 'GET',
    path: '/api/v1/me/api-keys',
    summary: "The signed-in admin's API keys that are not revoked, newest first",
    responses: { ...authErrors, 200: z.array(ApiKey) },
    metadata: meta({ auth: 'admin' }),
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/api/v1/me/api-keys/:keyId',
    summary: 'Revoke an API key: every API process refuses it from now on',
    pathParams: z.object({ keyId: Uuid }),
    body: c.noBody(),
    responses: { ...writeErrors, ...pathParamErrors, 200: SuccessBody },
    metadata: meta({ auth: 'admin' }),
  },
});
