// SQL of page syncs (docs/page-sync.md): the page_syncs row is the sync's state and its pg-boss job's id.
// A worker holds a sync through its lease (lease_owner, lease_until); every write of a running sync checks
// it, so a worker that lost the sync to another can no longer move it.
import { sql } from 'drizzle-orm';
import { dz, inTransaction, type Sql } from '../../db/client.js';
import { upsertContacts, type ContactUpsert } from '../contacts/index.js';
import { type HistoryMessage, storeHistory } from '../inbox/index.js';
import { markPageSynced } from '../page-rows/index.js';

export type ActiveSyncStatus = 'waiting' | 'running';

/** A new 'waiting' sync of the page with this id, unless one is active already (false then). */
export async function insertWaitingSync(db: Sql, id: string, pageUuid: string): Promise<boolean> {
  const inserted = await db.query(
    `insert into page_syncs (id, page_id, job_id, status) values ($1::uuid, $2, $1::text, 'waiting')
     on conflict (page_id) where status in ('waiting', 'running') do nothing
     returning id`,
    [id, pageUuid],
  );
  return inserted.rowCount === 1;
}

/** The page's waiting or running sync, if any. */
export async function activeSync(
  db: Sql,
  pageUuid: string,
): Promise<{ id: string; status: ActiveSyncStatus } | undefined> {
  const { rows } = await db.query<{ id: string; status: ActiveSyncStatus }>(
    `select id, status from page_syncs where page_id = $1 and status in ('waiting', 'running')`,
    [pageUuid],
  );
  return rows[0];
}

/** A sync of a page the admin manages, or undefined (unknown id and another admin's sync alike). */
export async function adminSync(
  db: Sql,
  adminId: string,
  syncId: string,
): Promise<
  { status: string; processed: number; total: number | null; error: string | null } | undefined
> {
  const { rows } = await db.query<{
    status: string;
    processed: number;
    total: number | null;
    error: string | null;
  }>(
    `select s.status, s.processed, s.total, s.error
       from page_syncs s
       join page_admins pa on pa.page_id = s.page_id and pa.admin_id = $2
      where s.id = $1`,
    [syncId, adminId],
  );
  return rows[0];
}

export type ClaimedSync = {
  id: string;
  pageUuid: string;
  fbPageId: string;
  pageTokenEnc: string | null;
  cursor: string | null;
  processed: number;
};

export type ClaimResult = ClaimedSync | 'done' | 'failed' | 'held';

/** Takes the sync's lease for `owner` (running from now); else why not: ended, or another worker's. */
export async function claimSync(
  db: Sql,
  syncId: string,
  owner: string,
  leaseMs: number,
): Promise<ClaimResult> {
  const { rows } = await dz(db).execute<ClaimedSync>(sql`
    update page_syncs s
       set status = 'running', lease_owner = ${owner},
           lease_until = now() + make_interval(secs => ${leaseMs / 1000}),
           started_at = coalesce(s.started_at, now()), updated_at = now()
      from pages p
     where s.id = ${syncId} and p.id = s.page_id
       and s.status in ('waiting', 'running')
       and (s.lease_until is null or s.lease_until < now())
    returning s.id, s.page_id as "pageUuid", p.fb_page_id as "fbPageId",
              p.page_token_enc as "pageTokenEnc", s.cursor, s.processed`);
  if (rows[0]) return rows[0];
  const { rows: state } = await dz(db).execute<{ status: string }>(
    sql`select status from page_syncs where id = ${syncId}`,
  );
  const status = state[0]?.status;
  if (status === undefined || status === 'completed') return 'done';
  if (status === 'failed') return 'failed';
  return 'held';
}

/**
 * Contacts (with their recent messages), cursor and progress of one page of results, atomically, only while `owner` holds the lease:
 * the progress so far, or null when the lease was lost (nothing written).
 */
export async function saveSyncPage(
  db: Sql,
  sync: ClaimedSync,
  owner: string,
  contacts: ContactUpsert[],
  history: readonly HistoryMessage[],
  nextCursor: string | null,
  leaseMs: number,
): Promise<number | null> {
  return inTransaction(db, async (tx) => {
    // Lock our row first: a lost lease aborts before anything is written.
    const { rows } = await dz(tx).execute<{ processed: number }>(sql`
      update page_syncs
         set cursor = ${nextCursor}, processed = processed + ${contacts.length},
             graph_calls = graph_calls + 1,
             lease_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
       where id = ${sync.id} and lease_owner = ${owner} and status = 'running'
      returning processed`);
    if (!rows[0]) return null;
    await upsertContacts(tx, sync.pageUuid, contacts);
    await storeHistory(tx, sync.pageUuid, history);
    return rows[0].processed;
  });
}

/** A rate-limit answer: counted, and the lease stretched over the wait. */
export async function recordSyncRateLimit(
  db: Sql,
  syncId: string,
  owner: string,
  leaseMs: number,
): Promise<void> {
  await dz(db).execute(sql`
    update page_syncs
       set rate_limit_hits = rate_limit_hits + 1,
           lease_until = greatest(lease_until, now() + make_interval(secs => ${leaseMs / 1000})),
           updated_at = now()
     where id = ${syncId} and lease_owner = ${owner}`);
}

/** The sync completed (and the page is fully synced); false when the lease was lost (nothing written). */
export async function markSyncCompleted(
  db: Sql,
  sync: ClaimedSync,
  owner: string,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const { rows } = await dz(tx).execute(sql`
      update page_syncs
         set status = 'completed', total = processed, finished_at = now(), lease_owner = null,
             lease_until = null, error = null, updated_at = now()
       where id = ${sync.id} and lease_owner = ${owner} and status = 'running'
      returning id`);
    if (!rows[0]) return false;
    await markPageSynced(tx, sync.pageUuid);
    return true;
  });
}

/** The sync failed with `message` for the admin (unless it ended already). */
export async function markSyncFailed(db: Sql, syncId: string, message: string): Promise<void> {
  await dz(db).execute(sql`
    update page_syncs
       set status = 'failed', error = ${message}, finished_at = now(), lease_owner = null,
           lease_until = null, updated_at = now()
     where id = ${syncId} and status in ('waiting', 'running')`);
}

/** Syncs whose lease lapsed while running, or that have not moved for a minute (the watchdog's suspects). */
export async function staleSyncs(
  db: Sql,
): Promise<Array<{ id: string; status: string; leaseLapsed: boolean; quiet: boolean }>> {
  const { rows } = await dz(db).execute<{
    id: string;
    status: string;
    leaseLapsed: boolean;
    quiet: boolean;
  }>(sql`
    select id, status, (status = 'running' and lease_until < now()) as "leaseLapsed",
           (updated_at < now() - interval '1 minute') as quiet
      from page_syncs
     where (status = 'running' and lease_until < now())
        or (status in ('waiting', 'running') and updated_at < now() - interval '1 minute')`);
  return rows;
}
