// Starting and reading page syncs (spec §4 "Sync", §7 pages/sync, pages/sync-status, addUsersByPage).
// The job id the client tracks is the page_syncs row id, which is also the pg-boss job id: one id end to end.
import { randomUUID } from 'node:crypto';
import type { SyncStatus } from '@pagecast/contract';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { inTransaction } from '../../db/client.js';
import { ConflictError, UnavailableError } from '../../errors.js';
import {
  PAGE_SYNC_QUEUE,
  PAGE_SYNC_SEND_OPTIONS,
  type PageSyncJobData,
} from '../../queues/index.js';
import * as syncRepo from './sync-repo.js';

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
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = await inTransaction(pool, async (tx): Promise<StartedSync | null> => {
      const id = randomUUID();
      if (await syncRepo.insertWaitingSync(tx, id, pageUuid)) {
        await boss.send(PAGE_SYNC_QUEUE, { syncId: id } satisfies PageSyncJobData, {
          ...PAGE_SYNC_SEND_OPTIONS,
          id,
          db: { executeSql: (text, values) => tx.query(text, values) },
        });
        return { jobId: id, status: 'waiting', created: true };
      }
      const row = await syncRepo.activeSync(tx, pageUuid);
      return row ? { jobId: row.id, status: row.status, created: false } : null;
    });
    if (started) return started;
    // The active sync finished between our insert and select: try again.
  }
  throw new ConflictError('The page sync could not be started, please try again');
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
  const row = await syncRepo.adminSync(pool, adminId, jobId);
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
