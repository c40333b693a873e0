// Dispatch SQL, a batch's sends: the target, the claim (new and returned rows), mark attempted, the
// outcomes. The rules that make a send happen at most once live in these statements' WHERE clauses, and in
// workers.ts and reconcile.ts (see docs/campaigns.md).
// Raw SQL on the pool: the hot statements are measured (bench/FINDINGS.md) and rely on exact plans; those
// run for every group of sends are named, so each connection parses and plans them once.
import { type TemplateParamMap } from '@pagecast/contract';
import { statement, type Sql } from '../../../../db/client.js';
import { TASKS_SQL } from '../../../../auth/page-access.js';
import { returnDue } from '../../human-reply.js';

/** A recipient row's answer as the dispatch jobs decide it (modules/campaigns/dispatch/outcome.ts builds them). */
export interface Outcome {
  contactId: string;
  state: 'sent' | 'failed' | 'queued' | 'unknown' | 'skipped';
  messagingType: string | null;
  tag: string | null;
  messageId: string | null;
  errorCode: number | null;
  errorSubcode: number | null;
  errorMessage: string | null;
  sentAt: Date | null;
  /** Re-queued rows wait until then. */
  notBefore: Date | null;
  /** -1 when the claim must not count as an attempt (a rate-limit answer, a row never sent). */
  attemptsDelta: number;
  /** Why a 'skipped' row gets no message (SKIP_REASON_CODES). */
  skipReason?: string | null;
}

export interface SendTargetRow {
  status: string;
  page_id: string;
  fb_page_id: string;
  /**
   * The admin who scheduled it still manages the page with a messaging task (Facebook's, re-read at sign-in
   * and by the page access re-check). False: nobody stands behind the campaign any more.
   */
  creator_messaging: boolean;
  /** The scheduling admin, whose own page token sends (null: they have no valid one). */
  token_admin_id: string | null;
  page_token_enc: string | null;
  message: string;
  buttons: Array<{ title: string; url: string }> | null;
  type: string;
  /** The utility template for recipients outside the window; `template_ok` when Meta still approves it. */
  template_name: string | null;
  template_language: string | null;
  template_params: TemplateParamMap | null;
  template_ok: boolean;
  /** Marketing messages: Meta's message campaign and the page's ad account (either null: none). */
  marketing_campaign_id: string | null;
  marketing_ready_at: Date | null;
  ad_account_id: string | null;
  /** The user token marketing messages are sent with (Meta's Flow 2): the scheduling admin's, if valid. */
  marketing_token_enc: string | null;
  /** Send paths Meta refused for want of a permission, with the reason. */
  path_stops: Record<string, string>;
  /** The image sent before the text on standard sends, and Meta's reusable id for it once uploaded. */
  image_url: string | null;
  image_attachment_id: string | null;
}

/**
 * What a batch needs to send: the campaign's status and message, its page, and the page token of the admin
 * it sends as: the one who scheduled it while they may still message as the page, else another admin who
 * may (the campaign is the page's; a co-admin without messaging access is never used).
 */
export async function loadSendTarget(
  sql: Sql,
  campaignId: string,
): Promise<SendTargetRow | undefined> {
  const { rows } = await sql.query<SendTargetRow>(
    `select c.status, c.page_id, p.fb_page_id, l.admin_id as token_admin_id, l.page_token_enc, c.message,
            c.buttons, c.type, c.template_name, c.template_language, c.template_params,
            coalesce(m.status = 'approved', false) as template_ok,
            case when c.marketing then c.marketing_campaign_id end as marketing_campaign_id,
            c.marketing_ready_at, p.marketing_ad_account_id as ad_account_id,
            (select a.user_token_enc from admins a where a.id = c.admin_id and a.token_status = 'valid')
              as marketing_token_enc,
            c.path_stops, c.image_url, c.image_attachment_id,
            exists (select 1 from page_admins pa
                     where pa.page_id = c.page_id and pa.admin_id = c.admin_id
                       and pa.tasks && ${TASKS_SQL.messaging}) as creator_messaging
     from campaigns c join pages p on p.id = c.page_id
     left join message_templates m on m.id = c.template_id
     -- Only the scheduling admin's own token sends: a campaign never goes out as the page on a co-admin's
     -- token after its admin was removed from the page or lost the messaging task.
     left join lateral (
       select pa.admin_id, pa.page_token_enc from page_admins pa
        where pa.page_id = c.page_id and pa.admin_id = c.admin_id
          and pa.tasks && ${TASKS_SQL.messaging}
          and pa.page_token_enc is not null and pa.token_status = 'valid'
        limit 1) l on true
     where c.id = $1`,
    [campaignId],
  );
  return rows[0];
}

export interface ClaimedRow {
  contact_id: string;
  psid: string;
  inside_window: boolean;
  attempts: number;
  /** For a utility template's name parameters and the message's placeholders. */
  first_name: string | null;
  last_name: string | null;
  /** The image part's mid when an earlier attempt sent it (it is not sent again). */
  image_mid: string | null;
  /** The contact's marketing-messages subscription, if any. */
  subscription_token: string | null;
  subscription_status: 'subscribed' | 'stopped' | null;
}

/** The claim itself ('queued' -> 'sending', worker_id = $workerParam) of the rows `picked` selected. */
const claimPicked = (workerParam: string) => `
     update campaign_recipients r
       set state = 'sending', attempts = r.attempts + 1, worker_id = ${workerParam}, claimed_at = now(),
           not_before = null, sent_at = null
     from picked join contacts ct on ct.id = picked.contact_id
       left join marketing_subscriptions s on s.page_id = ct.page_id and s.contact_id = ct.id
     where r.campaign_id = $1 and r.contact_id = picked.contact_id
     returning r.contact_id, r.psid, r.attempts, ct.first_name, ct.last_name, r.image_mid,
       coalesce(ct.last_inbound_at > now() - interval '24 hours', false) as inside_window,
       s.token as subscription_token, s.status as subscription_status`;

const CLAIM_ROWS = statement(
  'campaign_claim_rows',
  `with picked as (
       select r.contact_id from campaign_recipients r
       where r.campaign_id = $1 and r.batch_no = $2 and r.state = 'queued'
         and (r.not_before is null or r.not_before <= now())
         and exists (select 1 from campaigns c where c.id = $1 and c.status = 'processing')
       limit $3 for update of r skip locked)
     ${claimPicked('$4')}`,
);

/**
 * Claims up to `limit` queued rows of one batch ('queued' -> 'sending', worker_id = us), committed before
 * any send: the heart of "at most once". Rows waiting for `not_before` are left for later.
 */
export async function claimRows(
  sql: Sql,
  campaignId: string,
  batchNo: number,
  limit: number,
  workerId: string,
): Promise<ClaimedRow[]> {
  const { rows } = await sql.query<ClaimedRow>({
    ...CLAIM_ROWS,
    values: [campaignId, batchNo, limit, workerId],
  });
  return rows;
}

/** Campaigns (processing or completed) with returned rows waiting to be sent, at most `limit`. */
export async function campaignsWithReturns(sql: Sql, limit = 20): Promise<string[]> {
  const { rows } = await sql.query<{ campaign_id: string }>(
    `select distinct r.campaign_id from campaign_recipients r
     join campaigns c on c.id = r.campaign_id
     where r.state = 'queued' and r.returned_at is not null
       and (r.not_before is null or r.not_before <= now()) and ${returnDue('r')}
       and c.status in ('processing', 'completed') and c.returns_stopped_at is null
     limit $1`,
    [limit],
  );
  return rows.map((r) => r.campaign_id);
}

/**
 * Deliver on return: the contact (page `fbPageId`, `psid`) wrote at `at`, so their skipped rows (for one of
 * `reasons`, in a campaign still delivering on return) go back to the queue, once each ('skipped' ->
 * 'queued', `returned_at` set), and each campaign's skipped counter drops by as many, in one statement.
 * Returns how many rows were taken up.
 */
export async function takeUpReturnedRows(
  sql: Sql,
  fbPageId: string,
  psid: string,
  reasons: readonly string[],
  at: Date,
): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `with eligible as (
       select r.campaign_id, r.contact_id from campaign_recipients r
       join campaigns c on c.id = r.campaign_id
       join contacts ct on ct.id = r.contact_id
       join pages p on p.id = ct.page_id
       where p.fb_page_id = $1 and ct.psid = $2 and r.state = 'skipped' and r.returned_at is null
         and r.skip_reason = any($3::text[]) and c.deliver_on_return_until > $4
         and c.status in ('processing', 'completed') and c.returns_stopped_at is null
         -- Stopped the page's marketing messages since the snapshot: never sent anything on return.
         and not exists (select 1 from marketing_subscriptions s
                         where s.page_id = ct.page_id and s.contact_id = ct.id and s.status = 'stopped')
       for update of r skip locked),
     u as (
       -- Due after the campaign's delay, or once a person answered (human-reply.ts): never the instant reply.
       update campaign_recipients r set state = 'queued', returned_at = now(), skip_reason = null,
         not_before = null, worker_id = null,
         return_due_at = now() + (select c.return_delay_minutes from campaigns c where c.id = e.campaign_id)
                                 * interval '1 minute'
       from eligible e
       where r.campaign_id = e.campaign_id and r.contact_id = e.contact_id and r.state = 'skipped'
       returning r.campaign_id),
     per as (select campaign_id, count(*)::int as n from u group by campaign_id),
     c as (update campaigns c set skipped_count = c.skipped_count - per.n from per
           where c.id = per.campaign_id returning per.n)
     select coalesce(sum(n), 0)::int as n from c`,
    [fbPageId, psid, reasons, at],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Deliver on return: claims up to `limit` rows of one campaign that went back to the queue because their
 * contact wrote to the page (`returned_at`), whatever their batch, in a processing or completed campaign.
 */
export async function claimReturnedRows(
  sql: Sql,
  campaignId: string,
  limit: number,
  workerId: string,
): Promise<ClaimedRow[]> {
  const { rows } = await sql.query<ClaimedRow>(
    `with picked as (
       select r.contact_id from campaign_recipients r
       where r.campaign_id = $1 and r.state = 'queued' and r.returned_at is not null
         and (r.not_before is null or r.not_before <= now()) and ${returnDue('r')}
         and exists (select 1 from campaigns c where c.id = $1 and c.status in ('processing', 'completed')
                       and c.returns_stopped_at is null)
       limit $2 for update of r skip locked)
     ${claimPicked('$3')}`,
    [campaignId, limit, workerId],
  );
  return rows;
}

/** ms until the batch's next re-queued row may go, or null when nothing is left for this batch. */
export async function nextQueuedWait(
  sql: Sql,
  campaignId: string,
  batchNo: number,
): Promise<number | null> {
  const { rows } = await sql.query<{ n: number; wait_ms: number | null }>(
    `select count(*)::int as n,
            (extract(epoch from (min(r.not_before) - now())) * 1000)::float8 as wait_ms
     from campaign_recipients r
     where r.campaign_id = $1 and r.batch_no = $2 and r.state = 'queued'
       and exists (select 1 from campaigns c where c.id = $1 and c.status = 'processing')`,
    [campaignId, batchNo],
  );
  const r = rows[0];
  if (!r || r.n === 0) return null;
  // Rows queued without a wait are locked by another lane or worker right now: look again shortly.
  return r.wait_ms === null ? 50 : Number(r.wait_ms);
}

// A claim is the worker id AND the attempt number the claim gave the row: a worker that only looked dead
// may claim its own re-queued row again in another lane, and the first claim must not send it too.
const MARK_ATTEMPTED = statement(
  'campaign_mark_attempted',
  `update campaign_recipients r set sent_at = now()
     from unnest($2::uuid[], $4::int[]) as c (contact_id, attempts)
     where r.campaign_id = $1 and r.contact_id = c.contact_id and r.attempts = c.attempts
       and r.state = 'sending' and r.worker_id = $3
     returning r.contact_id`,
);

/**
 * Marks claimed rows attempted (sent_at) just before their sends. Returns the ids still ours: a row the
 * sweeper took back (this worker looked dead) is not ours to send any more, even when this worker claimed
 * it again (`claims`: each row's attempt number as this claim returned it).
 */
export async function markAttempted(
  sql: Sql,
  campaignId: string,
  contactIds: string[],
  workerId: string,
  claims: ReadonlyMap<string, number>,
): Promise<Set<string>> {
  const { rows } = await sql.query<{ contact_id: string }>({
    ...MARK_ATTEMPTED,
    values: [campaignId, contactIds, workerId, contactIds.map((c) => claims.get(c) ?? -1)],
  });
  return new Set(rows.map((r) => r.contact_id));
}

const WRITE_OUTCOMES = statement(
  'campaign_write_outcomes',
  `with v as (
      select * from unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[],
                           $10::text[], $11::timestamptz[], $12::timestamptz[], $13::int[], $14::text[],
                           $15::int[])
        as v (contact_id, state, messaging_type, tag, message_id, error_code, error_subcode, error_message,
              sent_at, not_before, attempts_delta, skip_reason, claim_attempts)),
    -- A message id on a row still 'sending' came from the message's echo (reconcileFromEcho): the send went
    -- out whatever its answer said, so the row is 'sent' with it.
    e as (
      select v.*, r.message_id is not null and v.state <> 'sent' as echoed, r.message_id as echo_mid
        from v join campaign_recipients r on r.campaign_id = $1 and r.contact_id = v.contact_id),
    u as (
      update campaign_recipients r set
        state = case when e.echoed then 'sent' else e.state end,
        messaging_type = e.messaging_type, tag = e.tag,
        message_id = case when e.echoed then e.echo_mid else e.message_id end,
        error_code = case when e.echoed then null else e.error_code end,
        error_subcode = case when e.echoed then null else e.error_subcode end,
        error_message = case when e.echoed then null else e.error_message end,
        -- An unknown row keeps its attempt's time, as the sweeper's do: the reconciliation window runs from it.
        sent_at = case when e.echoed or e.state = 'unknown' then coalesce(e.sent_at, r.sent_at)
                       else e.sent_at end,
        not_before = case when e.echoed then null else e.not_before end,
        attempts = r.attempts + e.attempts_delta,
        skip_reason = case when e.echoed then null else e.skip_reason end,
        worker_id = case when e.state = 'queued' and not e.echoed then null else r.worker_id end
      from e
      where r.campaign_id = $1 and r.contact_id = any($3::uuid[]) and r.contact_id = e.contact_id
        and r.worker_id = $2 and r.state in ('sending', 'unknown')
        -- Only this claim's row: a later claim of the same worker has its own answer to write.
        and r.attempts = e.claim_attempts
      returning r.contact_id, r.state),
    c as (
      update campaigns set
        dispatched_count = dispatched_count + (select count(*) from u where u.state = 'sent'),
        failed_count = failed_count + (select count(*) from u where u.state = 'failed'),
        skipped_count = skipped_count + (select count(*) from u where u.state = 'skipped')
      where id = $1 and exists (select 1 from u where u.state in ('sent', 'failed', 'skipped')))
    select contact_id from u where state = 'sent'`,
);

/**
 * All outcomes of a chunk and the campaign's dispatched/failed/skipped counters in one statement. Only rows this
 * claim still holds (this worker, the attempt number in `claims`) are written. Returns the contact ids now
 * 'sent' (for late delivery marks).
 */
export async function writeOutcomes(
  sql: Sql,
  campaignId: string,
  workerId: string,
  outcomes: Outcome[],
  claims: ReadonlyMap<string, number>,
): Promise<string[]> {
  if (outcomes.length === 0) return [];
  // One array per column, so the text is the same for any number of rows, and the recipients are looked
  // up by primary key (`contact_id = any($3)`). A VALUES list planned against stale statistics ("no row is
  // sending") became the inner side of a nested loop and was rebuilt for every sending row of the campaign:
  // ~40 ms of Postgres CPU per call, the bottleneck of ten pages sending at once.
  const { rows } = await sql.query<{ contact_id: string }>({
    ...WRITE_OUTCOMES,
    values: [
      campaignId,
      workerId,
      outcomes.map((o) => o.contactId),
      outcomes.map((o) => o.state),
      outcomes.map((o) => o.messagingType),
      outcomes.map((o) => o.tag),
      outcomes.map((o) => o.messageId),
      outcomes.map((o) => o.errorCode),
      outcomes.map((o) => o.errorSubcode),
      outcomes.map((o) => o.errorMessage),
      outcomes.map((o) => o.sentAt),
      outcomes.map((o) => o.notBefore),
      outcomes.map((o) => o.attemptsDelta),
      outcomes.map((o) => o.skipReason ?? null),
      outcomes.map((o) => claims.get(o.contactId) ?? -1),
    ],
  });
  return rows.map((r) => r.contact_id);
}
