// Starting a campaign at its time: the campaigns table is the schedule. Every worker process polls it
// (cheap, indexed on (status, scheduled_time)). Up to 10 s ahead, a due campaign gets its audience snapshot
// (one row per recipient, INSERT ... SELECT) and its 'campaign-batch' jobs (pg-boss insert on the same
// connection, startAfter = the scheduled time) in ONE transaction; at its time it turns processing. A crash
// before COMMIT leaves the campaign as it was, so another poll does it; after COMMIT its batches are
// durable. A cancelled campaign is not pending, so it never turns processing and its batches send nothing.
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { CAMPAIGN_BATCH_QUEUE } from './queues.js';

export const EMPTY_AUDIENCE_REASON = 'No recipients: the audience was empty when the campaign started.';
export const TAG_DELETED_REASON = 'No recipients: the tag was deleted before the campaign started.';

/** pg-boss options of a batch job: a dead worker's job is retried; duplicates are harmless (SKIP LOCKED). */
export const BATCH_JOB_OPTIONS = {
  retryLimit: 20,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
} as const;

export interface StartedCampaign {
  id: string;
  audience: number;
  batches: number;
}

/** Campaigns due within this lead get their audience snapshot early, so the first send is not delayed by it. */
export const PREPARE_LEAD_MS = 10_000;

interface DueRow {
  id: string;
  page_id: string;
  tag_id: string | null;
  audience_kind: 'all' | 'tag';
  audience_count: number;
  scheduled_time: Date;
}

type Tx = pg.PoolClient;

async function inTx<T>(pool: pg.Pool, fn: (client: Tx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const out = await fn(client);
    await client.query('commit');
    return out;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** The audience snapshot (idempotent) and its batch jobs, which start no earlier than `startAfter`. */
async function snapshot(client: Tx, boss: PgBoss, c: DueRow, batchSize: number, startAfter?: Date) {
  const inserted = await client.query(
    `insert into campaign_recipients (campaign_id, contact_id, psid, batch_no, state)
     select $1, ct.id, ct.psid, ((row_number() over (order by ct.id)) - 1) / $4, 'queued'
     from contacts ct
     where ct.page_id = $2
       and ($3 = 'all' or exists (select 1 from contact_tags x where x.contact_id = ct.id and x.tag_id = $5))
     on conflict do nothing`,
    [c.id, c.page_id, c.audience_kind, batchSize, c.tag_id],
  );
  const audience = inserted.rowCount ?? 0;
  const batches = Math.ceil(audience / batchSize);
  if (audience > 0) {
    await client.query('update campaigns set audience_count = $2 where id = $1', [c.id, audience]);
    await boss.insert(
      Array.from({ length: batches }, (_, batchNo) => ({
        name: CAMPAIGN_BATCH_QUEUE,
        data: { campaignId: c.id, batchNo },
        ...(startAfter ? { startAfter } : {}),
        ...BATCH_JOB_OPTIONS,
      })),
      { db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) } },
    );
  }
  return { audience, batches };
}

/**
 * Snapshots the audience of campaigns due within PREPARE_LEAD_MS and enqueues their batches to start at the
 * scheduled time. The campaign stays pending (cancel still works: its batches then find nothing to send).
 */
export async function prepareDueCampaigns(pool: pg.Pool, boss: PgBoss, batchSize: number): Promise<number> {
  let largest = 0;
  const prepared = await inTx(pool, async (client) => {
    const { rows } = await client.query<DueRow>(
      `select id, page_id, tag_id, audience_kind, audience_count, scheduled_time from campaigns
       where status = 'pending' and audience_count = 0 and scheduled_time > now()
         and scheduled_time <= now() + $1 * interval '1 millisecond'
       order by scheduled_time limit 5 for update skip locked`,
      [PREPARE_LEAD_MS],
    );
    let n = 0;
    for (const c of rows) {
      const { audience } = await snapshot(client, boss, c, batchSize, c.scheduled_time);
      largest = Math.max(largest, audience);
      if (audience > 0) n++;
    }
    return n;
  });
  await refreshRecipientStats(pool, largest);
  return prepared;
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
    const { rows } = await pool.query<{ reltuples: number }>(
      `select reltuples::float8 as reltuples from pg_class where oid = 'campaign_recipients'::regclass`,
    );
    const known = Number(rows[0]?.reltuples ?? -1);
    if (known >= 0 && audience < known * 0.1) return;
    await pool.query('analyze campaign_recipients');
  } catch {
    // statistics stay as they were
  }
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
  const started = await inTx(pool, async (client) => {
    const due = await client.query<DueRow>(
      `select id, page_id, tag_id, audience_kind, audience_count, scheduled_time from campaigns
       where status = 'pending' and scheduled_time <= now()
       order by scheduled_time limit 1 for update skip locked`,
    );
    const c = due.rows[0];
    if (!c) return undefined;
    const { audience, batches } =
      c.audience_count > 0 ? { audience: c.audience_count, batches: 0 } : await snapshot(client, boss, c, batchSize);
    if (audience === 0) {
      await client.query(
        `update campaigns set status = 'completed', started_at = now(), completed_at = now(), audience_count = 0,
           status_reason = $2 where id = $1`,
        [c.id, c.audience_kind === 'tag' && !c.tag_id ? TAG_DELETED_REASON : EMPTY_AUDIENCE_REASON],
      );
    } else {
      await client.query(
        `update campaigns set status = 'processing', started_at = coalesce(started_at, now()) where id = $1`,
        [c.id],
      );
    }
    return { id: c.id, audience, batches };
  });
  if (started && started.batches > 0) await refreshRecipientStats(pool, started.audience);
  return started;
}

/** A prepared batch that runs before the scheduler's tick flips its campaign to processing itself. */
export async function startIfDue(pool: pg.Pool, campaignId: string): Promise<void> {
  await pool.query(
    `update campaigns set status = 'processing', started_at = now()
     where id = $1 and status = 'pending' and scheduled_time <= now() and audience_count > 0`,
    [campaignId],
  );
}

/** Re-enqueues batch jobs for the given batches (rescue after a worker died). */
export async function enqueueBatches(boss: PgBoss, campaignId: string, batchNos: number[]): Promise<void> {
  if (batchNos.length === 0) return;
  await boss.insert(
    batchNos.map((batchNo) => ({
      name: CAMPAIGN_BATCH_QUEUE,
      data: { campaignId, batchNo },
      ...BATCH_JOB_OPTIONS,
    })),
  );
}
