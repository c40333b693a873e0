// API keys: made, listed and revoked by their admin with a sign-in session (the routes take no key). A key's
// text exists only in the answer that makes it; what is kept is its hash (auth/api-keys.ts).
import {
  API_KEY_LIMITS,
  API_KEY_MESSAGES as M,
  type ApiKey,
  type ApiKeyScope,
} from '@pagecast/contract';
import { newApiKey } from '../../auth/api-keys.js';
import type { Sql } from '../../db/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { apiKeyRevoking } from './auth.js';
import * as repo from './repo.js';

export interface CreateKeyInput {
  name: string;
  pageIds: 'all' | string[];
  scopes: ApiKeyScope[];
  expiresAt?: string | undefined;
}

export async function createApiKey(
  db: Sql,
  adminId: string,
  input: CreateKeyInput,
): Promise<{ key: string; apiKey: ApiKey }> {
  const pageIds = input.pageIds === 'all' ? null : [...new Set(input.pageIds)];
  if (pageIds) {
    const managed = await repo.managedPages(db, adminId, pageIds);
    const foreign = pageIds.findIndex((id) => !managed.has(id));
    if (foreign >= 0)
      throw new ValidationError(M.pageNotManaged, { [`pageIds.${foreign}`]: [M.pageNotManaged] });
  }
  const made = newApiKey();
  const apiKey = await repo.insertKey(db, {
    adminId,
    name: input.name,
    prefix: made.prefix,
    hash: made.hash,
    scopes: input.scopes,
    pageIds,
    expiresAt: input.expiresAt ?? null,
    max: API_KEY_LIMITS.perAdmin,
  });
  if (!apiKey) throw new ConflictError(M.tooMany);
  return { key: made.key, apiKey };
}

export const listApiKeys = (db: Sql, adminId: string) => repo.listKeys(db, adminId);

/** Another admin's key, or one revoked already, reads as unknown (404). */
export async function revokeApiKey(db: Sql, adminId: string, keyId: string): Promise<void> {
  if (!(await repo.revokeKey(db, adminId, keyId, apiKeyRevoking)))
    throw new NotFoundError(M.notFound);
}
