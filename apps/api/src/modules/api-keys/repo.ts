// The api_keys table: the only writer. Keys are looked up by the SHA-256 of their text (auth/api-keys.ts);
// revoking one NOTIFYs the API processes on the sessions channel with the key's id as the session, so their
// key caches drop it and the key's live streams close, as for an ended session.
import type { ApiKey, ApiKeyScope } from '@pagecast/contract';
import { inTransaction, runStatement, statement, type Sql } from '../../db/client.js';
import type { ApiKeyState } from '../../auth/jwt.js';
import { SESSION_CHANNEL, type SessionEnded } from '../../realtime/channel.js';

const COLUMNS = `id, name, prefix, scopes, page_ids, created_at, expires_at, last_used_at, last_used_ip`;

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  page_ids: string[] | null;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toApiKey(r: KeyRow): ApiKey {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes,
    pageIds: r.page_ids ?? 'all',
    createdAt: new Date(r.created_at).toISOString(),
    expiresAt: iso(r.expires_at),
    lastUsedAt: iso(r.last_used_at),
    lastUsedIp: r.last_used_ip,
    status: r.expires_at && new Date(r.expires_at).getTime() <= Date.now() ? 'expired' : 'active',
  };
}

export interface KeyInsert {
  adminId: string;
  name: string;
  prefix: string;
  hash: string;
  scopes: ApiKeyScope[];
  pageIds: string[] | null;
  expiresAt: string | null;
  /** The most keys the admin may hold: the insert is refused (null) past it, in the same statement. */
  max: number;
}

/**
 * Inserts the key unless the admin already holds `max` keys; null when refused. In a transaction: the admin's
 * row is locked first, so creations at once are counted one after the other.
 */
export async function insertKey(db: Sql, k: KeyInsert): Promise<ApiKey | null> {
  return inTransaction(db, async (tx) => {
    const { rowCount } = await tx.query(`select 1 from admins where id = $1 for update`, [
      k.adminId,
    ]);
    if (!rowCount) return null;
    // A statement of its own, after the lock: it sees the keys the creations before it committed.
    const { rows: held } = await tx.query<{ n: number }>(
      `select count(*)::int as n from api_keys where admin_id = $1 and revoked_at is null`,
      [k.adminId],
    );
    if ((held[0]?.n ?? 0) >= k.max) return null;
    const { rows } = await tx.query<KeyRow>(
      `insert into api_keys (admin_id, name, prefix, key_hash, scopes, page_ids, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
      [k.adminId, k.name, k.prefix, k.hash, k.scopes, k.pageIds, k.expiresAt],
    );
    return toApiKey(rows[0] as KeyRow);
  });
}

/** The admin's keys that are not revoked, newest first (expired ones too, marked so). */
export async function listKeys(db: Sql, adminId: string): Promise<ApiKey[]> {
  const { rows } = await db.query<KeyRow>(
    `select ${COLUMNS} from api_keys where admin_id = $1 and revoked_at is null
      order by created_at desc, id`,
    [adminId],
  );
  return rows.map(toApiKey);
}

/**
 * Revokes the admin's key and announces it; false when they hold no such key (or it is revoked already).
 * `revoking` runs first with the key's hash (this process's cache withholds it until the NOTIFY arrives).
 */
export async function revokeKey(
  db: Sql,
  adminId: string,
  keyId: string,
  revoking: (hash: string) => void,
): Promise<boolean> {
  const { rows: found } = await db.query<{ key_hash: string }>(
    `select key_hash from api_keys where id = $1 and admin_id = $2 and revoked_at is null`,
    [keyId, adminId],
  );
  const hash = found[0]?.key_hash;
  if (!hash) return false;
  revoking(hash);
  const { rowCount } = await db.query(
    `update api_keys set revoked_at = now() where id = $1 and revoked_at is null`,
    [keyId],
  );
  if (!rowCount) return false;
  const event: SessionEnded = { sessionId: keyId, reason: 'api_key_revoked' };
  await db.query('select pg_notify($1, $2)', [SESSION_CHANNEL, JSON.stringify(event)]);
  return true;
}

// Every key-authenticated request that misses the cache runs this: prepared, one round trip.
const KEY_STATE = statement(
  'api_key_state',
  `select k.id, k.admin_id, a.fb_user_id, a.token_status, k.scopes, k.page_ids, k.expires_at
     from api_keys k join admins a on a.id = k.admin_id
    where k.key_hash = $1 and k.revoked_at is null`,
);

/**
 * The key's state by its hash: refused when unknown or revoked, suspended while Facebook refuses its admin's
 * sign-in (expiry is checked on each request).
 */
export async function keyState(db: Sql, hash: string): Promise<ApiKeyState> {
  const [row] = await runStatement<{
    id: string;
    admin_id: string;
    fb_user_id: string;
    token_status: string;
    scopes: ApiKeyScope[];
    page_ids: string[] | null;
    expires_at: Date | null;
  }>(db, KEY_STATE, [hash]);
  if (!row) return { state: 'refused' };
  // Access follows Facebook: while it refuses the admin's sign-in (their sessions were ended), so are their keys.
  if (row.token_status !== 'valid') return { state: 'suspended' };
  return {
    state: 'active',
    keyId: row.id,
    adminId: row.admin_id,
    userId: row.fb_user_id,
    scopes: row.scopes,
    pageIds: row.page_ids,
    expiresAt: row.expires_at ? new Date(row.expires_at).getTime() : null,
  };
}

/** The key's last use (the request check calls it at most once a minute per key and process). */
export async function touchKey(db: Sql, keyId: string, ip: string): Promise<void> {
  await db.query(`update api_keys set last_used_at = now(), last_used_ip = $2 where id = $1`, [
    keyId,
    ip,
  ]);
}

/** Which of these pages (social ids) the admin manages. */
export async function managedPages(
  db: Sql,
  adminId: string,
  fbPageIds: string[],
): Promise<Set<string>> {
  const { rows } = await db.query<{ fb_page_id: string }>(
    `select p.fb_page_id from pages p join page_admins pa on pa.page_id = p.id
      where pa.admin_id = $1 and p.fb_page_id = any($2::text[])`,
    [adminId, fbPageIds],
  );
  return new Set(rows.map((r) => r.fb_page_id));
}
