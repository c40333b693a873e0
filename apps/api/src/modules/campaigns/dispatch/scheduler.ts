// Starting a campaign at its time: the campaigns table is the schedule. Every worker process polls it
// (cheap, indexed on (status, scheduled_time)). Up to 10 s ahead, a due campaign gets its audience snapshot
// (one row per recipient, INSERT ... SELECT) and its 'campaign-batch' jobs (pg-boss insert on the same
// connection, startAfter = the scheduled time) in ONE transaction; at its time it turns processing. A crash
// before COMMIT leaves the campaign as it was, so another poll does it; after COMMIT its batches are
// durable. A cancelled campaign is not pending, so it never turns processing and its batches send nothing.
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { inTransaction } from '../../../db/client.js';
import {
  type DueCampaign,
  analyzeRecipients,
  audienceExists,
  completeEmpty,
  insertAudienceSnapshot,
  lockCampaignsToPrepare,
  lockDueCampaign,
  markProcessing,
  recipientRowEstimate,
} from './repo/start.js';
import {
  EMPTY_AUDIENCE_REASON,
  TAG_DELETED_REASON,
  UNREACHABLE_AUDIENCE_REASON,
} from '../reasons.js';
import { enqueueBatchJobs } from '../../../queues/index.js';

export interface StartedCampaign {
  id: string;
  audience: number;
  batches: number;
}

/** Campaigns due within this lead get their audience snapshot early, so the first send is not delayed by it. */
export const PREPARE_LEAD_MS = 10_000;

/** The audience snapshot (idempotent) and its batch jobs, which start no earlier than `startAfter`. */
async function snapshot(
  client: pg.PoolClient,
  boss: PgBoss,
  c: DueCampaign,
  batchSize: number,
  startAfter?: Date,
): Promise<{ audience: number; batches: number }> {
  const audience = await insertAudienceSnapshot(client, c, batchSize);
  const batches = Math.ceil(audience / batchSize);
  if (audience > 0) {
    const batchNos = Array.from({ length: batches }, (_, batchNo) => batchNo);
    await enqueueBatchJobs(boss, c.id, batchNos, { startAfter, client });
  }
  return { audience, batches };
}

/**
 * Snapshots the audience of campaigns due within PREPARE_LEAD_MS and enqueues their batches to start at the
 * scheduled time. The campaign stays pending (cancel still works: its batches then find nothing to send).
 */
export async function prepareDueCampaigns(
  pool: pg.Pool,
  boss: PgBoss,
  batchSize: number,
): Promise<number> {
  let largest = 0;
  const prepared = await inTransaction(pool, async (client) => {
    let n = 0;
    for (const c of await lockCampaignsToPrepare(client, PREPARE_LEAD_MS)) {
      const { audience } = await snapshot(client, boss, c, batchSize, c.scheduled_time);
      largest = Math.max(largest, audience);
      if (audience > 0) n++;
    }
    return n;
  });
  await refreshRecipientStats(pool, largest);
  return prepared;
}

/**
 * Starts at most one due campaign: pending -> processing (or completed at once for an empty audience),
 * snapshotting its audience now unless it was prepared. Undefined when none is due.
 */
export async function startDueCampaign(
  pool: pg.Pool,
  boss: PgBoss,
  batchSize: number,
): Promise<StartedCampaign | undefined> {
  const started = await inTransaction(pool, async (client) => {
    const c = await lockDueCampaign(client);
    if (!c) return undefined;
    const { audience, batches } =
      c.audience_count > 0
        ? { audience: c.audience_count, batches: 0 }
        : await snapshot(client, boss, c, batchSize);
    if (audience === 0) {
      const reason =
        c.audience_kind === 'tag' && !c.tag_id
          ? TAG_DELETED_REASON
          : c.reachable_only && (await audienceExists(client, c))
            ? UNREACHABLE_AUDIENCE_REASON
            : EMPTY_AUDIENCE_REASON;
      await completeEmpty(client, c.id, reason);
    } else {
      await markProcessing(client, c.id);
    }
    return { id: c.id, audience, batches };
  });
  if (started && started.batches > 0) await refreshRecipientStats(pool, started.audience);
  return started;
}

/** Below this audience a snapshot never triggers ANALYZE (autovacuum's own pace is fine). */
const ANALYZE_MIN_AUDIENCE = 5_000;

/**
 * ANALYZE campaign_recipients after a snapshot that is a large share of it (or when it never had
 * statistics). Without them the planner takes `campaign_id = $1 and state = ...` for a handful of rows, and
 * the batch queries of a 100,000-recipient campaign got plans that walked all its rows on each call: the
 * first large campaign of a database sent at ~60% of the speed of later ones (bench/FINDINGS.md).
 * Autovacuum would catch up only after its naptime, with the campaign half sent. Best effort: a failure
 * only leaves the statistics as they were.
 */
async function refreshRecipientStats(pool: pg.Pool, audience: number): Promise<void> {
  if (audience < ANALYZE_MIN_AUDIENCE) return;
  try {
    const known = await recipientRowEstimate(pool);
    if (known >= 0 && audience < known * 0.1) return;
    await analyzeRecipients(pool);
  } catch {
    // statistics stay as they were
  }
}
