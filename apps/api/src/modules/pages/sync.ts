// Starting and reading page syncs (spec §4 "Sync", §7 pages/sync, pages/sync-status, addUsersByPage).
// The job id the client tracks is the page_syncs row id, which is also the pg-boss job id: one id end to end.
import { randomUUID } from 'node:crypto';
import type { SyncStatus } from '@pagecast/contract';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { ConflictError, UnavailableError } from '../../errors.js';
import { PAGE_SYNC_QUEUE } from '../../jobs/queues.js';
import { PAGE_SYNC_SEND_OPTIONS, type PageSyncJobData } from '../../jobs/page-sync.js';

export interface StartedSync {
  jobId: string;
  /** 'waiting' for a new job; the running job's status when one was already under way. */
  status: 'waiting' | 'running';
  created: boolean;
}

/**
 * Starts a sync of the page, or answers the one already waiting/running. Race-safe: the row and the queue
 * job are created in one transaction, and the partial unique index page_syncs_one_active_key makes a
 * concurrent second start wait for the first to commit, then join it.
 */
export async function startPageSync(
  pool: pg.Pool,
  boss: PgBoss | undefined,
  pageUuid: string,
): Promise<StartedSync> {
  if (!boss) throw new UnavailableError('Background jobs are not available right now');
  const client = await pool.connect();
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      await client.query('begin');
      try {
        const id = randomUUID();
        const inserted = await client.query(
          `insert into page_syncs (id, page_id, job_id, status) values ($1::uuid, $2, $1::text, 'waiting')
           on conflict (page_id) where status in ('waiting', 'running') do nothing
           returning id`,
          [id, pageUuid],
        );
        if (inserted.rowCount === 1) {
          await boss.send(PAGE_SYNC_QUEUE, { syncId: id } satisfies PageSyncJobData, {
            ...PAGE_SYNC_SEND_OPTIONS,
            id,
            db: { executeSql: (text, values) => client.query(text, values) },
          });
          await client.query('commit');
          return { jobId: id, status: 'waiting', created: true };
        }
        const active = await client.query<{ id: string; status: 'waiting' | 'running' }>(
          `select id, status from page_syncs where page_id = $1 and status in ('waiting', 'running')`,
          [pageUuid],
        );
        await client.query('commit');
        const row = active.rows[0];
        if (row) return { jobId: row.id, status: row.status, created: false };
        // The active sync finished between our insert and select: try again.
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      }
    }
    throw new ConflictError('The page sync could not be started, please try again');
  } finally {
    client.release();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** pg-boss states in the words the spec's client knows (Bull's: waiting, active, completed, failed). */
const QUEUE_STATES: Record<string, string> = {
  created: 'waiting',
  retry: 'waiting',
  active: 'active',
  completed: 'completed',
  cancelled: 'failed',
  failed: 'failed',
};

/**
 * The status of a sync job for one admin. An unknown job id and another admin's job answer the same
 * 'not_found' (200, as spec §4's client expects: it then clears the job id), so nothing leaks.
 */
export async function readSyncStatus(
  pool: pg.Pool,
  boss: PgBoss | undefined,
  adminId: string,
  jobId: string,
): Promise<SyncStatus> {
  const notFound: SyncStatus = {
    jobId,
    status: 'not_found',
    isActive: false,
    state: 'not_found',
    progress: { processed: 0, total: null },
    error: null,
  };
  if (!UUID.test(jobId)) return notFound;
  const { rows } = await pool.query<{
    status: string;
    processed: number;
    total: number | null;
    error: string | null;
  }>(
    `select s.status, s.processed, s.total, s.error
       from page_syncs s
       join page_admins pa on pa.page_id = s.page_id and pa.admin_id = $2
      where s.id = $1`,
    [jobId, adminId],
  );
  const row = rows[0];
  if (!row) return notFound;
  const status = (['waiting', 'running', 'completed', 'failed'] as const).find(
    (s) => s === row.status,
  );
  if (!status) return notFound;
  const job = boss
    ? await boss.getJobById(PAGE_SYNC_QUEUE, jobId, { includeArchive: true }).catch(() => null)
    : null;
  // Our row is the truth once it is terminal; otherwise the queue says where the job is.
  const state =
    status === 'completed' || status === 'failed'
      ? status
      : job
        ? (QUEUE_STATES[job.state] ?? job.state)
        : status === 'running'
          ? 'active'
          : 'waiting';
  return {
    jobId,
    status,
    isActive: status === 'running' || state === 'active',
    state,
    progress: { processed: row.processed, total: row.total },
    error: status === 'failed' ? (row.error ?? 'The page sync failed') : null,
  };
}
