// API keys on the request path (modules/api-keys makes and stores them): the key's format, its hash, what a
// verified key grants, and the checks of a contract route's metadata against it (scope, pages). A key is a
// Bearer token that starts with `pck_`; everything else in the Authorization header is a session JWT.
import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  type ApiKeyScope,
  type RouteMeta,
} from '@pagecast/contract';
import { HttpError } from '../http/errors.js';

/** `pck_` and 43 base64url characters: 32 random bytes (256 bits). */
const KEY_SHAPE = /^pck_[A-Za-z0-9_-]{43}$/;
/** How much of the key the list shows: `pck_` and 8 characters (48 bits: tells keys apart, proves nothing). */
const SHOWN_CHARS = API_KEY_PREFIX.length + 8;

export const isApiKeyToken = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** Hex SHA-256 of the key's text: what is stored and looked up. */
export const apiKeyHash = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new key: its text (shown once), the prefix the list shows, and the hash stored. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, prefix: key.slice(0, SHOWN_CHARS), hash: apiKeyHash(key) };
}

/** A key's text as sent: the shape is checked before any lookup, so junk costs no query. */
export const wellFormedApiKey = (token: string): boolean => KEY_SHAPE.test(token);

/** What a verified key allows: set on the request's AuthContext (auth/jwt.ts). */
export interface ApiKeyGrant {
  keyId: string;
  /** What the key check looks it up by (a live stream re-checks its key with it after a reconnect). */
  hash: string;
  scopes: readonly ApiKeyScope[];
  /** The social ids of the pages it may use; null: every page its admin manages. */
  pageIds: readonly string[] | null;
}

/** The key's answer for a route: 403 for a session-only route or a missing scope. */
export function assertKeyMayCall(meta: RouteMeta, grant: ApiKeyGrant): void {
  if (meta.auth !== 'admin' || !meta.scope) throw new HttpError(403, API_KEY_MESSAGES.sessionOnly);
  if (!grant.scopes.includes(meta.scope))
    throw new HttpError(403, API_KEY_MESSAGES.missingScope(meta.scope));
}

/** Whether a key limited to some pages may use this one (by its social id). */
export const keyAllowsPage = (grant: ApiKeyGrant, fbPageId: string): boolean =>
  grant.pageIds === null || grant.pageIds.includes(fbPageId);
