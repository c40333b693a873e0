// Every SQL statement of a campaign's dispatch lifecycle, in the order a campaign meets them: start (audience
// snapshot), claim, mark attempted, write outcomes, complete or fail, and the sweeper's recovery. The jobs in
// src/modules/campaigns/dispatch decide when to run them; the rules that make a send happen at most once live in these
// statements' WHERE clauses (see docs/campaigns.md). Raw SQL on the pool: the hot ones are measured
// (bench/FINDINGS.md) and rely on exact plans. One file on purpose, though it is long: every statement that
// moves a recipient row between states is here, so the at-most-once rules can be checked side by side.
// The statements run for every group of sends (claim, mark, outcomes) are named: each connection parses and
// plans them once, instead of on every call (about a third of Postgres's CPU with ten pages sending at once).
import { type TemplateParamMap, utilityTemplateAllowed } from '@pagecast/contract';
import type pg from 'pg';
import { runStatement, statement, type Sql } from '../../db/client.js';
import {
  FLAGGED_FOR_REVIEW,
  TEMPLATE_PATH_REASON_TEXTS,
  UNKNOWN_OUTCOME_MESSAGE,
  UNRECONCILED_MESSAGE,
} from './reasons.js';
import { TASKS_SQL } from '../../auth/page-access.js';
import { audienceMatch, audienceParam, storedAudience, type AudienceKind } from './audience.js';
import { returnDue } from './human-reply.js';

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

// ---- start -------------------------------------------------------------------------------------------

export interface DueCampaign {
  id: string;
  page_id: string;
  tag_id: string | null;
  audience_kind: AudienceKind;
  /** The stored audience (null on rows from before it: kind and tag say who). */
  audience: unknown;
  audience_count: number;
  scheduled_time: Date;
  reachable_only: boolean;
  /** The Purpose: a promotion has no utility-template path. */
  type: string;
}

const DUE_COLUMNS =
  'id, page_id, tag_id, audience_kind, audience, audience_count, scheduled_time, reachable_only, type';

/** Pending campaigns due within `leadMs` and not yet snapshotted, locked (at most 5). */
export async function lockCampaignsToPrepare(
  client: pg.PoolClient,
  leadMs: number,
): Promise<DueCampaign[]> {
  const { rows } = await client.query<DueCampaign>(
    `select ${DUE_COLUMNS} from campaigns
     where status = 'pending' and audience_count = 0 and scheduled_time > now()
       and scheduled_time <= now() + $1 * interval '1 millisecond'
     order by scheduled_time limit 5 for update skip locked`,
    [leadMs],
  );
  return rows;
}

/** The earliest pending campaign whose time has come, locked; undefined when none is due. */
export async function lockDueCampaign(client: pg.PoolClient): Promise<DueCampaign | undefined> {
  const { rows } = await client.query<DueCampaign>(
    `select ${DUE_COLUMNS} from campaigns
     where status = 'pending' and scheduled_time <= now()
     order by scheduled_time limit 1 for update skip locked`,
  );
  return rows[0];
}

/**
 * The audience snapshot: one queued row per recipient (with `reachable_only`, only those a path reaches now), numbered into batches of `batchSize`, and the
 * campaign's audience_count. Idempotent (a second run inserts nothing). Returns the audience size.
 */
export async function insertAudienceSnapshot(
  client: pg.PoolClient,
  c: DueCampaign,
  batchSize: number,
): Promise<number> {
  const who = storedAudience(c);
  if (!who) return 0;
  const inserted = await client.query(
    `insert into campaign_recipients (campaign_id, contact_id, psid, batch_no, state)
     select $1, ct.id, ct.psid, ((row_number() over (order by ct.id)) - 1) / $4, 'queued'
     from contacts ct
     where ct.page_id = $2 and ${audienceMatch('ct', '$3::jsonb')}
       -- 'Only contacts I can reach': inside the window, anyone when an approved template reaches them (an
       -- update's, never a promotion's: $7), or a subscriber when the campaign sends marketing messages.
       and (not $5::boolean or ct.last_inbound_at > now() - interval '24 hours'
            or ($6::boolean and exists (select 1 from campaigns cc join message_templates m on m.id = cc.template_id
                       where cc.id = $1 and m.status = 'approved'))
            or exists (select 1 from campaigns cc join marketing_subscriptions s on s.contact_id = ct.id
                       where cc.id = $1 and cc.marketing and s.page_id = ct.page_id and s.status = 'subscribed'))
     on conflict do nothing`,
    [
      c.id,
      c.page_id,
      audienceParam(who),
      batchSize,
      c.reachable_only,
      utilityTemplateAllowed(c.type),
    ],
  );
  const audience = inserted.rowCount ?? 0;
  if (audience > 0) {
    await client.query('update campaigns set audience_count = $2 where id = $1', [c.id, audience]);
  }
  return audience;
}

/** Whether the campaign's audience has any contact at all (an empty snapshot's reason). */
export async function audienceExists(client: pg.PoolClient, c: DueCampaign): Promise<boolean> {
  const audience = storedAudience(c);
  if (!audience) return false;
  const { rows } = await client.query<{ found: boolean }>(
    `select exists (select 1 from contacts ct where ct.page_id = $1
       and ${audienceMatch('ct', '$2::jsonb')}) as found`,
    [c.page_id, audienceParam(audience)],
  );
  return rows[0]?.found ?? false;
}

/** pending -> completed at once: nobody to send to. */
export async function completeEmpty(
  client: pg.PoolClient,
  campaignId: string,
  reason: string,
): Promise<void> {
  await client.query(
    `update campaigns set status = 'completed', started_at = now(), completed_at = now(), audience_count = 0,
       status_reason = $2 where id = $1`,
    [campaignId, reason],
  );
}

/** pending -> processing. */
export async function markProcessing(client: pg.PoolClient, campaignId: string): Promise<void> {
  await client.query(
    `update campaigns set status = 'processing', started_at = coalesce(started_at, now()) where id = $1`,
    [campaignId],
  );
}

/** pending -> processing for a prepared campaign whose time has come (a batch may run before the scheduler). */
export async function startIfDue(sql: Sql, campaignId: string): Promise<void> {
  await sql.query(
    `update campaigns set status = 'processing', started_at = now()
     where id = $1 and status = 'pending' and scheduled_time <= now() and audience_count > 0`,
    [campaignId],
  );
}

/** The planner's row estimate of campaign_recipients (-1: never analysed). */
export async function recipientRowEstimate(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ reltuples: number }>(
    `select reltuples::float8 as reltuples from pg_class where oid = 'campaign_recipients'::regclass`,
  );
  return Number(rows[0]?.reltuples ?? -1);
}

export async function analyzeRecipients(sql: Sql): Promise<void> {
  await sql.query('analyze campaign_recipients');
}

// ---- send --------------------------------------------------------------------------------------------

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

// ---- the image part ----------------------------------------------------------------------------------

/**
 * Keeps Meta's reusable attachment id of the campaign's image; a concurrent batch's upload may have won:
 * the id kept is returned (both are valid; the other is never used).
 */
export async function saveImageAttachment(
  sql: Sql,
  campaignId: string,
  attachmentId: string,
): Promise<string> {
  const { rows } = await sql.query<{ image_attachment_id: string }>(
    `update campaigns set image_attachment_id = coalesce(image_attachment_id, $2) where id = $1
     returning image_attachment_id`,
    [campaignId, attachmentId],
  );
  return rows[0]?.image_attachment_id ?? attachmentId;
}

/**
 * The image part went out (its mid): recorded, committed, before the text part is attempted. The row's
 * attempt mark is cleared with it: until the text part's own mark, the row provably holds no send in flight,
 * so a crash here re-queues it (the sweeper), and its next attempt sends the text only. False when the row is
 * no longer ours (the sweeper took it back): its text part is not sent now.
 */
export async function recordImagePart(
  sql: Sql,
  campaignId: string,
  contactId: string,
  workerId: string,
  claimAttempts: number,
  mid: string,
): Promise<boolean> {
  // Only this claim's row (worker and attempt), as markAttempted: a re-claim has its own parts to send.
  const { rowCount } = await sql.query(
    `update campaign_recipients set image_mid = $4, sent_at = null
      where campaign_id = $1 and contact_id = $2 and worker_id = $3 and state = 'sending' and attempts = $5`,
    [campaignId, contactId, workerId, mid, claimAttempts],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * The echo of an image part (its metadata names the row and the part) proves the image went out: its mid is
 * kept on the row (when its answer was lost), so no later attempt sends the image again. The row's state is
 * the text part's, left as it is.
 */
export async function recordImageEcho(
  sql: Sql,
  echo: { campaignId: string; contactId: string; psid: string; mid: string },
): Promise<boolean> {
  const { rowCount } = await sql.query(
    `update campaign_recipients set image_mid = $3
      where campaign_id = $1 and contact_id = $2 and psid = $4 and image_mid is null`,
    [echo.campaignId, echo.contactId, echo.mid, echo.psid],
  );
  return (rowCount ?? 0) > 0;
}

// ---- end ---------------------------------------------------------------------------------------------

/** processing -> failed with a reason (token or permission lost); queued rows stay queued, unsent. */
/** Stops the campaign; `invalidTokenOf` (an admin id) marks that admin's page token invalid as well. */
export async function failCampaign(
  sql: Sql,
  campaignId: string,
  reason: string,
  invalidTokenOf: string | null,
): Promise<void> {
  const { rows } = await sql.query<{ page_id: string }>(
    `update campaigns set status = 'failed', status_reason = $2, completed_at = now()
     where id = $1 and status = 'processing' returning page_id`,
    [campaignId, reason],
  );
  if (invalidTokenOf && rows[0]) await markTokenInvalid(sql, rows[0].page_id, invalidTokenOf);
}

/** The platform refused this admin's page token: no send uses it again until they sign in. */
export async function markTokenInvalid(sql: Sql, pageUuid: string, adminId: string): Promise<void> {
  await sql.query(
    `update page_admins set token_status = 'invalid' where page_id = $1 and admin_id = $2`,
    [pageUuid, adminId],
  );
}

/** Meta answered that these contacts stopped marketing messages (2300034): none is sent to them again. */
export async function stopSubscriptions(
  sql: Sql,
  campaignId: string,
  contactIds: string[],
): Promise<void> {
  if (contactIds.length === 0) return;
  await sql.query(
    `update marketing_subscriptions s set status = 'stopped', stopped_at = now(), updated_at = now()
     from campaigns c
     where c.id = $1 and s.page_id = c.page_id and s.contact_id = any($2::uuid[]) and s.status = 'subscribed'`,
    [campaignId, contactIds],
  );
}

/** Deliver on return: a campaign that cannot send now keeps its returned rows waiting `ms` before a retry. */
export async function deferReturnedRows(sql: Sql, campaignId: string, ms: number): Promise<void> {
  await sql.query(
    `update campaign_recipients set not_before = now() + $2 * interval '1 millisecond'
     where campaign_id = $1 and state = 'queued' and returned_at is not null`,
    [campaignId, ms],
  );
}

/**
 * processing -> completed once no row is queued or sending (every processing campaign, or just one); the
 * reason keeps why the template path stopped, if it did, and counts rows flagged for review. Returns the completed campaigns' ids.
 */
export async function completeIfDone(sql: Sql, campaignId?: string): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    `with done as (
       select c.id, (select count(*) from campaign_recipients r
                     where r.campaign_id = c.id and r.state = 'unknown')::int as unknown
       from campaigns c
       where c.status = 'processing' and ($1::uuid is null or c.id = $1)
         and not exists (select 1 from campaign_recipients r
                         where r.campaign_id = c.id and r.state in ('queued', 'sending'))
       for update of c skip locked)
     update campaigns c set status = 'completed', completed_at = now(),
       status_reason = nullif(concat_ws(' ',
         case when c.status_reason = any($3::text[]) then c.status_reason end,
         case when done.unknown > 0 then done.unknown || $2 end,
         (select string_agg(e.value, ' ' order by e.key) from jsonb_each_text(c.path_stops) e)), '')
     from done where c.id = done.id returning c.id`,
    [campaignId ?? null, FLAGGED_FOR_REVIEW, TEMPLATE_PATH_REASON_TEXTS],
  );
  return rows.map((r) => r.id);
}

/**
 * Meta refused one send path of the campaign for want of a permission ('utility' | 'marketing'): its rows
 * fail with the reason from now on, without a call; the other paths go on. Idempotent.
 */
export async function stopPath(
  sql: Sql,
  campaignId: string,
  path: string,
  reason: string,
): Promise<void> {
  await sql.query(
    `update campaigns set path_stops = path_stops || jsonb_build_object($2::text, $3::text)
     where id = $1 and not path_stops ? $2`,
    [campaignId, path, reason],
  );
}

// ---- workers and recovery ----------------------------------------------------------------------------

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

// ---- reconciliation from echoes -----------------------------------------------------------------------

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
