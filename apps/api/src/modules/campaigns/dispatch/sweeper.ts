// Housekeeping every campaign worker runs on a timer: its heartbeat (the lease of the rows it claims), the
// status of the campaigns it works on (cancel detection), flagging rows whose worker died mid-send as
// 'unknown' (never re-sent; 'sent' when the message's echo proved it), releasing its own orphaned claims, re-enqueueing batches whose job died with
// rows still queued, and completing campaigns with nothing left to send.
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { completeIfDone } from './repo/end.js';
import { markUnreconciled } from './repo/reconcile.js';
import {
  campaignStatuses,
  flagStaleSends,
  heartbeat,
  pruneWorkers,
  releaseOrphanedClaims,
  unattendedBatches,
} from './repo/workers.js';
import { publishCampaignsSafely } from '../live.js';
import { campaignsWithWaitingBatchJobs, enqueueBatchJobs } from '../../../queues/index.js';
import type { ActiveCampaigns, HeldRows } from './worker-state.js';

/** A claim younger than this is never taken for orphaned (its chunk may not have registered it yet). */
const ORPHANED_CLAIM_GRACE_MS = 30_000;

export interface SweeperDeps {
  pool: pg.Pool;
  boss: PgBoss;
  workerId: string;
  active: ActiveCampaigns;
  held: HeldRows;
  /** A worker whose heartbeat is older than this is dead: its 'sending' rows become 'unknown'. */
  staleAfterMs: number;
  /** An 'unknown' row of a failed or cancelled campaign whose echo has not come this long after its send is
   *  left for review, with why (a running or completed campaign's is read in its conversation: reconcile.ts). */
  reconcileWindowMs: number;
}

/** One sweep per call: `tick` counts the calls (some steps run every 2nd or 600th). */
export async function sweep(deps: SweeperDeps, tick: number): Promise<void> {
  const { pool, workerId, active } = deps;
  await heartbeat(pool, workerId, active.ids());
  for (const s of await campaignStatuses(pool, active.ids())) active.setStatus(s.id, s.status);
  await flagStaleSends(pool, deps.staleAfterMs);
  // The held list is read before the query: a row claimed meanwhile is younger than the grace period.
  await releaseOrphanedClaims(pool, workerId, deps.held.list(), ORPHANED_CLAIM_GRACE_MS);
  if (tick % 2 === 0) await rescueOrphanedBatches(pool, deps.boss, deps.staleAfterMs);
  if (tick % 10 === 0) await markUnreconciled(pool, deps.reconcileWindowMs);
  await publishCampaignsSafely(pool, await completeIfDone(pool));
  if (tick % 600 === 0) await pruneWorkers(pool);
}

/**
 * Batches of processing campaigns that still hold queued rows while no live worker works on the campaign
 * and no batch job waits for it: their job died with its worker. A new job picks them up (a duplicate job
 * would only find nothing to claim).
 */
export async function rescueOrphanedBatches(
  pool: pg.Pool,
  boss: PgBoss,
  staleMs: number,
): Promise<number> {
  const unattended = await unattendedBatches(pool, staleMs);
  if (unattended.length === 0) return 0;
  const waiting = await campaignsWithWaitingBatchJobs(
    pool,
    unattended.map((u) => u.campaignId),
  );
  const orphaned = unattended.filter((u) => !waiting.has(u.campaignId));
  for (const u of orphaned) await enqueueBatchJobs(boss, u.campaignId, u.batches);
  return orphaned.length;
}
