// Dispatch SQL, reconciliation of 'unknown' rows: from the echoes, then by reading the conversation.
// Raw SQL on the pool: the hot statements are measured (bench/FINDINGS.md) and rely on exact plans; those
// run for every group of sends are named, so each connection parses and plans them once.
import { runStatement, statement, type Sql } from '../../../../db/client.js';
import {
  FLAGGED_FOR_REVIEW,
  UNKNOWN_OUTCOME_MESSAGE,
  UNRECONCILED_MESSAGE,
} from '../../reasons.js';
import type { ClaimedRow } from './send.js';

const RECONCILE_FROM_ECHO = statement(
  'campaign_reconcile_from_echo',
  `with row as (
      select r.campaign_id, r.contact_id, r.state from campaign_recipients r
       where r.campaign_id = $1 and r.contact_id = $2 and r.psid = $6
         and r.state in ('sending', 'unknown', 'queued')
       for update),
    -- A worker still holds the row: only the proof is kept; its outcome write (or the sweeper) uses it.
    proof as (
      update campaign_recipients r set message_id = $3
        from row where row.state = 'sending' and r.campaign_id = row.campaign_id
         and r.contact_id = row.contact_id and r.message_id is null
      returning r.contact_id),
    settled as (
      update campaign_recipients r set state = 'sent', message_id = $3, error_code = null,
        error_subcode = null, error_message = null, skip_reason = null, not_before = null,
        sent_at = coalesce(r.sent_at, $4::timestamptz),
        reconciled_by = case when row.state = 'unknown' then $7 else r.reconciled_by end
        from row where row.state in ('unknown', 'queued') and r.campaign_id = row.campaign_id
         and r.contact_id = row.contact_id
      returning row.state as was),
    unknown_before as (
      select count(*)::int as n from campaign_recipients where campaign_id = $1 and state = 'unknown')
    -- A completed campaign's "N recipient(s) flagged for review" counts one fewer.
    update campaigns c set
      dispatched_count = c.dispatched_count + 1,
      status_reason = case when c.status = 'completed' and s.was = 'unknown'
        then ${flaggedCountDown('c.status_reason', 'b.n', '1', '$5')} else c.status_reason end
      from settled s, unknown_before b
     where c.id = $1
    returning c.id`,
);

/**
 * The echo of a campaign message (its metadata names the recipient row, recipient-metadata.ts) proves the
 * send went out: an 'unknown' row (its answer was lost) becomes 'sent' with the echo's mid and is counted; a
 * row still 'sending' keeps the mid as proof for its outcome write. Idempotent: a 'sent', 'failed' or
 * 'skipped' row is left alone. Returns true when a row became 'sent'.
 */
export async function reconcileFromEcho(
  sql: Sql,
  echo: { campaignId: string; contactId: string; psid: string; mid: string; at: Date },
  /** What proved it: the echo, or the page's conversation read through Graph (modules/campaigns/dispatch/reconcile.ts). */
  by: 'echo' | 'conversation' = 'echo',
): Promise<boolean> {
  const rows = await runStatement(sql, RECONCILE_FROM_ECHO, [
    echo.campaignId,
    echo.contactId,
    echo.mid,
    echo.at.toISOString(),
    FLAGGED_FOR_REVIEW,
    echo.psid,
    by,
  ]);
  return rows.length > 0;
}

/**
 * 'unknown' rows attempted over `windowMs` ago whose echo never came, in a campaign that failed or was
 * cancelled within a day (no conversation read, no resend for those): left for review, with why.
 */
export async function markUnreconciled(sql: Sql, windowMs: number): Promise<number> {
  // A processing or completed campaign's rows are read in their conversation first (leaseUnknownRows):
  // only a failed or cancelled campaign's are left for review on the echo's window alone.
  const { rowCount } = await sql.query(
    `update campaign_recipients r set error_message = $2
      where r.campaign_id in (select id from campaigns
                               where status not in ('processing', 'completed')
                                 and completed_at > now() - interval '1 day')
        and r.state = 'unknown' and r.error_message = $3
        and r.sent_at < now() - $1 * interval '1 millisecond'`,
    [windowMs, UNRECONCILED_MESSAGE, UNKNOWN_OUTCOME_MESSAGE],
  );
  return rowCount ?? 0;
}

/**
 * A completed campaign's "N recipient(s) flagged for review" (`reason`, with `before` rows unknown) after
 * `less` of them left 'unknown': the count goes down, or the sentence goes when none is left.
 */
function flaggedCountDown(reason: string, before: string, less: string, flagged: string): string {
  return `nullif(btrim(regexp_replace(replace(${reason}, ${before} || ${flagged},
      case when ${before} > ${less} then (${before} - ${less}) || ${flagged} else '' end), ' {2,}', ' ', 'g')), '')`;
}

// ---- reconciliation by reading the conversation ---------------------------------------------------------

/** An 'unknown' row whose echo did not come in time, taken for one conversation read. */
export interface UnknownRow {
  campaign_id: string;
  contact_id: string;
  psid: string;
  /** When its send was attempted: the page's message must be at least this recent (less the clock skew). */
  sent_at: Date;
  /** Sent once more already: a second resend is never made. */
  resent: boolean;
  reconcile_reads: number;
  first_name: string | null;
  last_name: string | null;
}

/**
 * Takes up to `limit` 'unknown' rows of processing or recently completed campaigns, attempted over
 * `windowMs` ago (their echo had its chance), with fewer than `maxReads` failed reads and none taken in the
 * last `retryMs`: stamped `reconcile_read_at`, so concurrent sweepers never read the same row at once.
 */
export async function leaseUnknownRows(
  sql: Sql,
  windowMs: number,
  retryMs: number,
  maxReads: number,
  limit: number,
): Promise<UnknownRow[]> {
  const { rows } = await sql.query<UnknownRow>(
    `with picked as (
       select r.campaign_id, r.contact_id from campaign_recipients r
        where r.campaign_id in (select id from campaigns
                                 where status = 'processing'
                                    or (status = 'completed' and completed_at > now() - interval '1 day'))
          and r.state = 'unknown' and r.sent_at < now() - $1 * interval '1 millisecond'
          and r.reconcile_reads < $3
          and (r.reconcile_read_at is null or r.reconcile_read_at < now() - $2 * interval '1 millisecond')
        order by r.campaign_id
        limit $4 for update of r skip locked)
     update campaign_recipients r set reconcile_read_at = now()
       from picked join contacts ct on ct.id = picked.contact_id
      where r.campaign_id = picked.campaign_id and r.contact_id = picked.contact_id
     returning r.campaign_id, r.contact_id, r.psid, r.sent_at, r.resent_at is not null as resent,
       r.reconcile_reads, ct.first_name, ct.last_name`,
    [windowMs, retryMs, maxReads, limit],
  );
  return rows;
}

/**
 * A conversation read that proved nothing (Graph refused it, no conversation): the row stays 'unknown'
 * with `reason`; at the `maxReads`-th failure it is left for review with `finalReason`.
 */
export async function recordFailedRead(
  sql: Sql,
  row: { campaignId: string; contactId: string },
  reason: string,
  maxReads: number,
  finalReason: string,
): Promise<void> {
  await sql.query(
    `update campaign_recipients set reconcile_reads = reconcile_reads + 1,
       error_message = case when reconcile_reads + 1 >= $3 then $5 else $4 end
     where campaign_id = $1 and contact_id = $2 and state = 'unknown'`,
    [row.campaignId, row.contactId, maxReads, reason, finalReason],
  );
}

/** A row no read can settle (a second resend would be needed, or its path cannot be matched): for review. */
export async function leaveForReview(
  sql: Sql,
  row: { campaignId: string; contactId: string },
  reason: string,
  maxReads: number,
): Promise<void> {
  await sql.query(
    `update campaign_recipients set reconcile_reads = greatest(reconcile_reads, $3), error_message = $4
     where campaign_id = $1 and contact_id = $2 and state = 'unknown'`,
    [row.campaignId, row.contactId, maxReads, reason],
  );
}

/**
 * The resend of rows a conversation read proved unsent ('unknown' -> 'sending', claimed by `workerId`),
 * each at most once ever: `resent_at` is set in the same statement and never cleared, and only a row whose
 * `resent_at` is null qualifies, so two sweepers, or one after a crash, never send it a second time. Also
 * takes back a resend that went back to the queue before its request (a crash between claim and mark, a
 * rate limit). The completed campaign's "flagged for review" count goes down by the rows taken.
 */
export async function claimForResend(
  sql: Sql,
  campaignId: string,
  contactIds: string[],
  workerId: string,
): Promise<ClaimedRow[]> {
  const { rows } = await sql.query<ClaimedRow>(
    `with picked as (
       select r.contact_id, r.state as was from campaign_recipients r
        where r.campaign_id = $1
          and ((r.contact_id = any($2::uuid[]) and r.state = 'unknown' and r.resent_at is null)
               or (r.state = 'queued' and r.resent_at is not null
                   and (r.not_before is null or r.not_before <= now())))
          and exists (select 1 from campaigns c where c.id = $1 and c.status in ('processing', 'completed'))
        for update of r skip locked),
     before as (
       select count(*)::int as n from campaign_recipients where campaign_id = $1 and state = 'unknown'),
     taken as (select count(*)::int as n from picked where was = 'unknown'),
     c as (
       update campaigns c set status_reason = ${flaggedCountDown('c.status_reason', 'b.n', 't.n', '$4')}
         from before b, taken t where c.id = $1 and c.status = 'completed' and t.n > 0),
     claimed as (
       update campaign_recipients r
         set state = 'sending', attempts = r.attempts + 1, worker_id = $3, claimed_at = now(),
             not_before = null, sent_at = null, error_message = null,
             resent_at = coalesce(r.resent_at, now())
       from picked join contacts ct on ct.id = picked.contact_id
         left join marketing_subscriptions s on s.page_id = ct.page_id and s.contact_id = ct.id
       where r.campaign_id = $1 and r.contact_id = picked.contact_id
       returning r.contact_id, r.psid, r.attempts, ct.first_name, ct.last_name,
         coalesce(ct.last_inbound_at > now() - interval '24 hours', false) as inside_window,
         s.token as subscription_token, s.status as subscription_status)
     select * from claimed`,
    [campaignId, contactIds, workerId, FLAGGED_FOR_REVIEW],
  );
  return rows;
}

/** Campaigns with a resend back in the queue before its request went (a crash, a rate limit). */
export async function campaignsWithQueuedResends(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ campaign_id: string }>(
    `select distinct r.campaign_id from campaign_recipients r
      where r.campaign_id in (select id from campaigns
                               where status = 'processing'
                                  or (status = 'completed' and completed_at > now() - interval '1 day'))
        and r.state = 'queued' and r.resent_at is not null
        and (r.not_before is null or r.not_before <= now())
      limit 20`,
  );
  return rows.map((r) => r.campaign_id);
}

/** What reconciliation did in a campaign: the campaign detail's figures. */
export interface ReconciliationCounts {
  byEcho: number;
  byConversation: number;
  resent: number;
  forReview: number;
}

export async function reconciliationCounts(
  sql: Sql,
  campaignId: string,
): Promise<ReconciliationCounts> {
  const { rows } = await sql.query<ReconciliationCounts>(
    `select count(*) filter (where reconciled_by = 'echo')::int as "byEcho",
            count(*) filter (where reconciled_by = 'conversation')::int as "byConversation",
            count(*) filter (where resent_at is not null)::int as "resent",
            count(*) filter (where state = 'unknown')::int as "forReview"
       from campaign_recipients where campaign_id = $1`,
    [campaignId],
  );
  return rows[0] ?? { byEcho: 0, byConversation: 0, resent: 0, forReview: 0 };
}
