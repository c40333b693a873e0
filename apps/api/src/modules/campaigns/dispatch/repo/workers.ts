// Dispatch SQL, workers and recovery: heartbeats, stale sends, orphaned claims, unattended batches.
// Raw SQL on the pool: the hot statements are measured (bench/FINDINGS.md) and rely on exact plans; those
// run for every group of sends are named, so each connection parses and plans them once.
import { type Sql } from '../../../../db/client.js';
import { UNKNOWN_OUTCOME_MESSAGE } from '../../reasons.js';

/** A worker's lease: rows it claims count as alive while its heartbeat is fresh. */
export async function heartbeat(sql: Sql, workerId: string, campaignIds: string[]): Promise<void> {
  await sql.query(
    `insert into campaign_workers (id, heartbeat_at, campaign_ids) values ($1, now(), $2::uuid[])
     on conflict (id) do update set heartbeat_at = now(), campaign_ids = excluded.campaign_ids`,
    [workerId, campaignIds],
  );
}

export async function retireWorker(sql: Sql, workerId: string): Promise<void> {
  await sql.query('delete from campaign_workers where id = $1', [workerId]);
}

export async function pruneWorkers(sql: Sql): Promise<void> {
  await sql.query(`delete from campaign_workers where heartbeat_at < now() - interval '1 day'`);
}

export async function campaignStatuses(
  sql: Sql,
  ids: string[],
): Promise<Array<{ id: string; status: string }>> {
  if (ids.length === 0) return [];
  const { rows } = await sql.query<{ id: string; status: string }>(
    'select id, status from campaigns where id = any($1::uuid[])',
    [ids],
  );
  return rows;
}

/**
 * Rows left in 'sending' by a worker whose heartbeat stopped (SIGKILL, crash, lost machine), or claimed
 * absurdly long ago. An attempted row's request may have reached the platform: flagged 'unknown', never
 * re-sent. A row claimed but not yet attempted (no sent_at) provably never went out: queued again.
 */
export async function flagStaleSends(sql: Sql, staleMs: number): Promise<number> {
  return settleLeftovers(
    sql,
    `r.state = 'sending'
       and (r.claimed_at < now() - interval '10 minutes'
            or not exists (select 1 from campaign_workers w
                           where w.id = r.worker_id and w.heartbeat_at > now() - $2 * interval '1 millisecond'))`,
    [staleMs],
  );
}

/**
 * The outcome of rows a worker left 'sending' (`where`, over `campaign_recipients r`, with its values from
 * $2): never attempted -> queued again; attempted and proven by the message's echo (a message id kept by
 * reconcileFromEcho) -> 'sent', counted; attempted without proof -> 'unknown', never re-sent. Returns how
 * many rows it settled.
 */
async function settleLeftovers(sql: Sql, where: string, values: unknown[]): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `with u as (
       update campaign_recipients r set
         state = case when r.sent_at is null then 'queued'
                      when r.message_id is not null then 'sent' else 'unknown' end,
         error_message = case when r.sent_at is null or r.message_id is not null then null else $1 end,
         reconciled_by = case when r.sent_at is not null and r.message_id is not null then 'echo'
                              else r.reconciled_by end,
         worker_id = case when r.sent_at is null then null else r.worker_id end
       where ${where}
       returning r.campaign_id, r.state),
     c as (
       update campaigns c set dispatched_count = c.dispatched_count + s.n
         from (select campaign_id, count(*)::int as n from u where state = 'sent' group by campaign_id) s
        where c.id = s.campaign_id)
     select count(*)::int as n from u`,
    [UNKNOWN_OUTCOME_MESSAGE, ...values],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Rows left 'sending' under THIS (live) worker that it no longer works on: a claim whose answer was lost
 * with its connection, or a chunk whose outcomes could not be written. Same rule as for a dead worker:
 * never attempted -> queued again; attempted -> 'unknown' (never re-sent), or 'sent' when its echo came. `held` lists the
 * `campaignId/contactId` rows still in hand; `graceMs` leaves a claim just committed time to be registered.
 */
export async function releaseOrphanedClaims(
  sql: Sql,
  workerId: string,
  held: string[],
  graceMs: number,
): Promise<number> {
  return settleLeftovers(
    sql,
    `r.state = 'sending' and r.worker_id = $2
       and r.claimed_at < now() - $4 * interval '1 millisecond'
       and not ((r.campaign_id::text || '/' || r.contact_id::text) = any($3::text[]))`,
    [workerId, held, graceMs],
  );
}

/**
 * Batches of processing campaigns (started over 5 s ago) that still hold queued rows while no live worker
 * works on the campaign. Whether a batch job still waits for them is pg-boss's to say (jobs/boss.ts).
 */
export async function unattendedBatches(
  sql: Sql,
  staleMs: number,
): Promise<Array<{ campaignId: string; batches: number[] }>> {
  const { rows } = await sql.query<{ campaign_id: string; batches: number[] }>(
    `select r.campaign_id, array_agg(distinct r.batch_no) as batches
     from campaigns c join campaign_recipients r on r.campaign_id = c.id and r.state = 'queued'
       -- A row waiting (a marketing campaign's warm-up) is rescued once its time has come.
       and (r.not_before is null or r.not_before <= now())
     where c.status = 'processing' and c.started_at < now() - interval '5 seconds'
       and not exists (select 1 from campaign_workers w
                       where c.id = any(w.campaign_ids) and w.heartbeat_at > now() - $1 * interval '1 millisecond')
     group by r.campaign_id`,
    [staleMs],
  );
  return rows.map((r) => ({ campaignId: r.campaign_id, batches: r.batches }));
}
