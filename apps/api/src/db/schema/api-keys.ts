// API keys (modules/api-keys): a backend's credential, acting as the admin who made it on the pages and with the
// scopes it names. Only the key's SHA-256 is kept: the key is 256 random bits, so a fast hash cannot be walked
// back, and the request check is one indexed lookup.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins.js';
import { createdAt, ts } from './columns.js';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `pck_` and the key's next 8 characters: how the list tells keys apart. */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    /** The social ids of the pages it may use; null: every page the admin manages, now and later. */
    pageIds: text('page_ids').array(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at'),
    /** Refreshed at most once a minute per API process by the request check. */
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_admin_id_idx')
      .on(t.adminId)
      .where(sql`revoked_at is null`),
  ],
);
