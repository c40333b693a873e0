// Housekeeping every campaign worker runs on a timer: its heartbeat (the lease of the rows it claims),
// flagging rows whose worker died mid-send as 'unknown' (never re-sent), re-enqueueing batches whose job
// died with rows still queued, and completing campaigns with nothing left to send.
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { BOSS_SCHEMA } from './boss.js';
import { completeIfDone, UNKNOWN_OUTCOME_MESSAGE } from './campaign-batch.js';
import { enqueueBatches } from './campaign-dispatch.js';
import { CAMPAIGN_BATCH_QUEUE } from './queues.js';

export async function heartbeat(pool: pg.Pool, workerId: string, campaignIds: string[]): Promise<void> {
  await pool.query(
    `insert into campaign_workers (id, heartbeat_at, campaign_ids) values ($1, now(), $2::uuid[])
     on conflict (id) do update set heartbeat_at = now(), campaign_ids = excluded.campaign_ids`,
    [workerId, campaignIds],
  );
}

export async function retireWorker(pool: pg.Pool, workerId: string): Promise<void> {
  await pool.query('delete from campaign_workers where id = $1', [workerId]);
}

export async function campaignStatuses(
  pool: pg.Pool,
  ids: string[],
): Promise<Array<{ id: string; status: string }>> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<{ id: string; status: string }>(
    'select id, status from campaigns where id = any($1::uuid[])',
    [ids],
  );
  return rows;
}

/**
 * Rows left in 'sending' by a worker whose heartbeat stopped (SIGKILL, crash, lost machine), or claimed
 * absurdly long ago. An attempted row's request may have reached the platform: flagged 'unknown', never
 * re-sent. A row claimed but not yet attempted goes back to the queue.
 */
export async function flagStaleSends(pool: pg.Pool, staleMs: number): Promise<number> {
  // Claimed but never attempted (no sent_at): provably unsent, so simply queued again.
  const { rowCount } = await pool.query(
    `update campaign_recipients r set
       state = case when r.sent_at is null then 'queued' else 'unknown' end,
       error_message = case when r.sent_at is null then null else $2 end,
       worker_id = case when r.sent_at is null then null else r.worker_id end
     where r.state = 'sending'
       and (r.claimed_at < now() - interval '10 minutes'
            or not exists (select 1 from campaign_workers w
                           where w.id = r.worker_id and w.heartbeat_at > now() - $1 * interval '1 millisecond'))`,
    [staleMs, UNKNOWN_OUTCOME_MESSAGE],
  );
  return rowCount ?? 0;
}

/**
 * Rows left 'sending' under THIS (live) worker that it no longer works on: a claim whose answer was lost
 * with its connection, or a chunk whose outcomes could not be written. Same rule as for a dead worker:
 * never attempted -> queued again; attempted -> 'unknown' (never re-sent). `held` lists the
 * `campaignId/contactId` rows still in hand; `graceMs` leaves a claim just committed time to be registered.
 */
export async function releaseOrphanedClaims(
  pool: pg.Pool,
  workerId: string,
  held: string[],
  graceMs: number,
): Promise<number> {
  const { rowCount } = await pool.query(
    `update campaign_recipients r set
       state = case when r.sent_at is null then 'queued' else 'unknown' end,
       error_message = case when r.sent_at is null then null else $4 end,
       worker_id = case when r.sent_at is null then null else r.worker_id end
     where r.state = 'sending' and r.worker_id = $1
       and r.claimed_at < now() - $3 * interval '1 millisecond'
       and not ((r.campaign_id::text || '/' || r.contact_id::text) = any($2::text[]))`,
    [workerId, held, graceMs, UNKNOWN_OUTCOME_MESSAGE],
  );
  return rowCount ?? 0;
}

/**
 * Batches of processing campaigns that still hold queued rows while no live worker works on the campaign
 * and no batch job waits for it: their job died with its worker. A new job picks them up (a duplicate job
 * would only find nothing to claim).
 */
export async function rescueOrphanedBatches(pool: pg.Pool, boss: PgBoss, staleMs: number): Promise<number> {
  const { rows } = await pool.query<{ campaign_id: string; batches: number[] }>(
    `select r.campaign_id, array_agg(distinct r.batch_no) as batches
     from campaigns c join campaign_recipients r on r.campaign_id = c.id and r.state = 'queued'
     where c.status = 'processing' and c.started_at < now() - interval '5 seconds'
       and not exists (select 1 from campaign_workers w
                       where c.id = any(w.campaign_ids) and w.heartbeat_at > now() - $1 * interval '1 millisecond')
       and not exists (select 1 from ${BOSS_SCHEMA}.job j
                       where j.name = $2 and j.state in ('created', 'retry')
                         and j.data->>'campaignId' = c.id::text)
     group by r.campaign_id`,
    [staleMs, CAMPAIGN_BATCH_QUEUE],
  );
  for (const r of rows) await enqueueBatches(boss, r.campaign_id, r.batches);
  return rows.length;
}

export async function pruneWorkers(pool: pg.Pool): Promise<void> {
  await pool.query(`delete from campaign_workers where heartbeat_at < now() - interval '1 day'`);
}

export { completeIfDone };
