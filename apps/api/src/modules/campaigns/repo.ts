// SQL of the campaigns capability (HTTP side). The dispatch path (claim, limiter, outcomes) lives in
// dispatch/repo/; webhook counters in ./counters.ts. Raw SQL on the pool: these queries are
// aggregate- and CTE-heavy and the dispatch path shares their shapes. A little over 400 lines: every read
// of a campaign (list, detail funnel, recipients, export) builds on the same columns, so they stay together.
import {
  LIMITS,
  RETURNABLE_SKIP_REASONS,
  type Campaign,
  type CampaignAudience,
  type CampaignRecipient,
  type CampaignStatus,
  type RecipientFilter,
  type SkipReason,
  type TemplateParamMap,
} from '@pagecast/contract';
import type pg from 'pg';
import { adminPage } from '../../auth/guards.js';
import { inTransaction, runStatement, statement, type Sql } from '../../db/client.js';
import { RateLimitedError } from '../../errors.js';
import {
  audienceColumns,
  audienceMatch,
  audienceParam,
  storedAudience,
  type AudienceKind,
} from './audience.js';

/** The columns every Campaign answer is built from (`c` = campaigns, `p` = pages, `t` = tags). */
export const CAMPAIGN_COLUMNS = `
  c.id, p.fb_page_id, c.name, c.description, c.message, c.image_url, c.buttons, c.scheduled_time, c.type, c.tag_id, c.audience,
  c.audience_kind, coalesce(t.name, c.tag_name) as tag_name, c.audience_count, c.dispatched_count, c.delivered_count,
  c.interacted_count, c.failed_count, c.skipped_count, c.template_name, c.reachable_only,
  c.deliver_on_return_until, c.return_delay_minutes, c.returns_stopped_at, c.marketing, c.marketing_ready_at, c.status, c.status_reason, c.created_at,
  c.started_at, c.completed_at`;
export const CAMPAIGN_FROM = `campaigns c join pages p on p.id = c.page_id left join tags t on t.id = c.tag_id`;

export interface CampaignRow {
  id: string;
  fb_page_id: string;
  name: string;
  description: string;
  message: string;
  image_url: string | null;
  buttons: Array<{ title: string; url: string }> | null;
  scheduled_time: Date;
  type: Campaign['type'];
  tag_id: string | null;
  audience: unknown;
  audience_kind: AudienceKind;
  tag_name: string | null;
  audience_count: number;
  dispatched_count: number;
  delivered_count: number;
  interacted_count: number;
  failed_count: number;
  skipped_count: number;
  template_name: string | null;
  reachable_only: boolean;
  deliver_on_return_until: Date | null;
  return_delay_minutes: number;
  returns_stopped_at: Date | null;
  marketing: boolean;
  marketing_ready_at: Date | null;
  status: CampaignStatus;
  status_reason: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCampaign(r: CampaignRow): Campaign {
  return {
    id: r.id,
    pageId: r.fb_page_id,
    name: r.name,
    description: r.description,
    message: r.message,
    imageUrl: r.image_url,
    buttons: r.buttons ?? [],
    scheduledTime: r.scheduled_time.toISOString(),
    type: r.type,
    tagId: r.tag_id,
    tagName: r.tag_name,
    audience: storedAudience(r),
    audienceCount: r.audience_count,
    dispatchedCount: r.dispatched_count,
    deliveredCount: r.delivered_count,
    interactedCount: r.interacted_count,
    failedCount: r.failed_count,
    skippedCount: r.skipped_count,
    templateName: r.template_name,
    reachableOnly: r.reachable_only,
    deliverOnReturnUntil: iso(r.deliver_on_return_until),
    returnDelayMinutes: r.return_delay_minutes,
    returnsStoppedAt: iso(r.returns_stopped_at),
    marketing: r.marketing,
    marketingReadyAt: iso(r.marketing_ready_at),
    status: r.status,
    statusReason: r.status_reason,
    createdAt: r.created_at.toISOString(),
    startedAt: iso(r.started_at),
    completedAt: iso(r.completed_at),
  };
}

export async function findTagOfPage(
  db: Sql,
  pageUuid: string,
  tagId: string,
): Promise<{ id: string; name: string } | undefined> {
  const { rows } = await db.query<{ id: string; name: string }>(
    'select id, name from tags where id = $1 and page_id = $2',
    [tagId, pageUuid],
  );
  return rows[0];
}

export async function insertCampaign(
  db: Sql,
  input: {
    pageUuid: string;
    adminId: string;
    /** The audience's one tag, when it is a single-tag audience (its name is kept for the history). */
    tag: { id: string; name: string } | null;
    audience: CampaignAudience;
    name: string;
    description: string;
    message: string;
    /** Link buttons of the standard sends (none: plain text). */
    buttons?: Array<{ title: string; url: string }>;
    /** An image sent before the text on standard sends (null: none). */
    imageUrl?: string | null;
    type: string;
    scheduledTime: string;
    /** The approved utility template for recipients outside the window, with its parameter mapping. */
    template: CampaignTemplate | null;
    /** Leave out, at the snapshot, the contacts no path reaches. */
    reachableOnly: boolean;
    /** Deliver on return for this many days after the scheduled time (null: off). */
    deliverOnReturnDays: number | null;
    /** Deliver on return: minutes to wait for a person to answer first. */
    returnDelayMinutes: number;
    /** Paid marketing messages to the subscribers outside the window (null: none). */
    marketing: CampaignMarketing | null;
  },
): Promise<Campaign> {
  return inTransaction(db, async (client) => {
    // One creation per page at a time: two requests can never both take the last slot of a limit.
    await client.query(`select pg_advisory_xact_lock(hashtext('campaign-create'), hashtext($1))`, [
      input.pageUuid,
    ]);
    const { rows: counts } = await client.query<{ recent: number; pending: number }>(
      `select count(*) filter (where created_at > now() - interval '1 minute')::int as recent,
              count(*) filter (where status = 'pending')::int as pending
         from campaigns where page_id = $1`,
      [input.pageUuid],
    );
    const over = creationLimitReached(counts[0] ?? { recent: 0, pending: 0 });
    if (over) throw over;
    return insertCampaignRow(client, input);
  });
}

export const CREATION_LIMIT_MESSAGES = {
  perMinute: `This page created ${LIMITS.campaignsPerPagePerMinute} campaigns in the last minute. Wait a minute before scheduling another.`,
  pending: `This page already has ${LIMITS.pendingCampaignsPerPage} scheduled campaigns waiting to start. Cancel one, or wait until some have run.`,
} as const;

/** Over a per-page limit: the 429 to answer, or null. */
function creationLimitReached(counts: {
  recent: number;
  pending: number;
}): RateLimitedError | null {
  if (counts.recent >= LIMITS.campaignsPerPagePerMinute)
    return new RateLimitedError(CREATION_LIMIT_MESSAGES.perMinute, 60);
  if (counts.pending >= LIMITS.pendingCampaignsPerPage)
    return new RateLimitedError(CREATION_LIMIT_MESSAGES.pending, 60);
  return null;
}

async function insertCampaignRow(
  client: pg.PoolClient,
  input: Parameters<typeof insertCampaign>[1],
): Promise<Campaign> {
  const { rows } = await client.query<CampaignRow>(
    `with c as (
       insert into campaigns (page_id, admin_id, tag_id, audience_kind, tag_name, name, description, message, type,
                              scheduled_time, template_id, template_name, template_language, template_params,
                              reachable_only, deliver_on_return_until, marketing, marketing_campaign_id,
                              marketing_ready_at, buttons, audience, return_delay_minutes, image_url)
       values ($1, (select id from admins where id = $2), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
               $15, $10::timestamptz + $16::int * interval '1 day', $17, $18, $19, $20::jsonb, $21::jsonb, $22, $23)
       returning *)
     select ${CAMPAIGN_COLUMNS} from c join pages p on p.id = c.page_id left join tags t on t.id = c.tag_id`,
    [
      input.pageUuid,
      input.adminId,
      input.tag?.id ?? null,
      audienceColumns(input.audience).kind,
      input.tag?.name ?? null,
      input.name,
      input.description,
      input.message,
      input.type,
      input.scheduledTime,
      input.template?.id ?? null,
      input.template?.name ?? null,
      input.template?.language ?? null,
      input.template ? JSON.stringify(input.template.params) : null,
      input.reachableOnly,
      input.deliverOnReturnDays,
      input.marketing !== null,
      input.marketing?.messageCampaignId ?? null,
      input.marketing?.readyAt ?? null,
      JSON.stringify(input.buttons ?? []),
      audienceParam(input.audience),
      input.returnDelayMinutes,
      input.imageUrl ?? null,
    ],
  );
  return toCampaign(rows[0] as CampaignRow);
}

/** Meta's message campaign a marketing campaign sends under, and when Meta lets it send. */
export interface CampaignMarketing {
  messageCampaignId: string;
  readyAt: Date;
}

export interface CampaignTemplate {
  id: string;
  name: string;
  language: string;
  params: TemplateParamMap;
}

// The page check with the page's campaign count, then a LATERAL read of one page of campaigns: no row when
// the admin does not manage the page, one row with null campaign columns when the page is past the end.
// (`offset 0` keeps the count in its subquery: pulled up, Postgres counted once per campaign returned.)
const ADMIN_PAGE_CAMPAIGNS = statement(
  'admin_page_campaigns',
  `select x.total, c.*
   from (select p.id as page_uuid, (select count(*) from campaigns where page_id = p.id)::int as total
         from ${adminPage('$1', '$2', 'analytics')} offset 0) x
   left join lateral (
     select ${CAMPAIGN_COLUMNS} from ${CAMPAIGN_FROM} where c.page_id = x.page_uuid
     order by c.created_at desc, c.id desc limit $3 offset $4) c on true
   order by c.created_at desc, c.id desc`,
);

/** One page of campaigns (newest first) of page `fbPageId` if `adminId` manages it, else null. */
export async function listAdminPageCampaigns(
  db: Sql,
  adminId: string,
  fbPageId: string,
  page: number,
  limit: number,
): Promise<{ data: Campaign[]; total: number } | null> {
  const rows = await runStatement<CampaignRow & { total: number }>(db, ADMIN_PAGE_CAMPAIGNS, [
    fbPageId,
    adminId,
    limit,
    (page - 1) * limit,
  ]);
  const first = rows[0];
  if (!first) return null;
  return { data: rows.filter((r) => r.id !== null).map(toCampaign), total: first.total };
}

/** The campaign and the admin's tasks on its page, if they manage it (else undefined: 404). */
export async function findCampaignForAdmin(
  db: Sql,
  campaignId: string,
  adminId: string,
): Promise<{ campaign: Campaign; tasks: string[] } | undefined> {
  const { rows } = await db.query<CampaignRow & { tasks: string[] }>(
    `select ${CAMPAIGN_COLUMNS}, pa.tasks from ${CAMPAIGN_FROM}
     join page_admins pa on pa.page_id = c.page_id and pa.admin_id = $2
     where c.id = $1`,
    [campaignId, adminId],
  );
  const row = rows[0];
  return row ? { campaign: toCampaign(row), tasks: row.tasks } : undefined;
}

/** A marketing campaign's message campaign at Meta and the currency its page's ad account bills in. */
export async function marketingBilling(
  db: Sql,
  campaignId: string,
): Promise<{ messageCampaignId: string | null; currency: string | null }> {
  const { rows } = await db.query<{ mc: string | null; currency: string | null }>(
    `select c.marketing_campaign_id as mc, p.marketing_currency as currency
     from campaigns c join pages p on p.id = c.page_id where c.id = $1`,
    [campaignId],
  );
  return { messageCampaignId: rows[0]?.mc ?? null, currency: rows[0]?.currency ?? null };
}

/** The campaigns with these ids (any page): the live progress events carry them whole. */
export async function campaignsByIds(pool: Sql, ids: string[]): Promise<Campaign[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<CampaignRow>(
    `select ${CAMPAIGN_COLUMNS} from ${CAMPAIGN_FROM} where c.id = any($1::uuid[])`,
    [ids],
  );
  return rows.map(toCampaign);
}

export interface FunnelCounts {
  audience: number;
  dispatched: number;
  delivered: number;
  read: number;
  interacted: number;
  failed: number;
  skipped: number;
  pending: number;
  unknown: number;
  /** Deliver on return: sent after the contact wrote to the page. */
  returned: number;
  /** Deliver on return: skipped rows still waiting (while the campaign's waiting time runs). */
  waiting: number;
}

export async function funnelCounts(db: Sql, campaignId: string): Promise<FunnelCounts> {
  const { rows } = await db.query<FunnelCounts>(
    `select count(*)::int as audience,
            count(*) filter (where state = 'sent' and returned_at is not null)::int as returned,
            count(*) filter (where state = 'skipped' and returned_at is null and skip_reason = any($2::text[])
                               and (select deliver_on_return_until > now() from campaigns where id = $1))::int
              as waiting,
            count(*) filter (where state = 'sent')::int as dispatched,
            count(*) filter (where delivered_at is not null)::int as delivered,
            count(*) filter (where read_at is not null)::int as read,
            count(*) filter (where interacted_at is not null)::int as interacted,
            count(*) filter (where state = 'failed')::int as failed,
            count(*) filter (where state = 'skipped')::int as skipped,
            count(*) filter (where state in ('queued', 'sending'))::int as pending,
            count(*) filter (where state = 'unknown')::int as unknown
     from campaign_recipients where campaign_id = $1`,
    [campaignId, RETURNABLE_SKIP_REASONS],
  );
  return rows[0] as FunnelCounts;
}

/** How many recipients were skipped for each reason, most first. */
export async function skipGroups(
  db: Sql,
  campaignId: string,
): Promise<Array<{ reason: SkipReason; count: number }>> {
  const { rows } = await db.query<{ reason: SkipReason; count: number }>(
    `select skip_reason as reason, count(*)::int as count
     from campaign_recipients where campaign_id = $1 and state = 'skipped'
     group by skip_reason order by count desc`,
    [campaignId],
  );
  return rows;
}

export async function failureGroups(
  db: Sql,
  campaignId: string,
): Promise<
  Array<{ code: number | null; subcode: number | null; message: string | null; count: number }>
> {
  const { rows } = await db.query<{
    code: number | null;
    subcode: number | null;
    message: string | null;
    count: number;
  }>(
    `select error_code as code, error_subcode as subcode, error_message as message, count(*)::int as count
     from campaign_recipients where campaign_id = $1 and state = 'failed'
     group by error_code, error_subcode, error_message order by count desc limit 200`,
    [campaignId],
  );
  return rows;
}

export interface RecipientRow {
  psid: string;
  name: string | null;
  state: CampaignRecipient['state'];
  messaging_type: string | null;
  tag: string | null;
  message_id: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  interacted_at: Date | null;
  returned_at: Date | null;
  error_code: number | null;
  error_subcode: number | null;
  error_message: string | null;
  skip_reason: SkipReason | null;
  contact_id: string;
}

const toRecipient = (r: RecipientRow): CampaignRecipient => ({
  psid: r.psid,
  name: r.name,
  state: r.state,
  messagingType: r.messaging_type,
  tag: r.tag,
  messageId: r.message_id,
  sentAt: iso(r.sent_at),
  deliveredAt: iso(r.delivered_at),
  readAt: iso(r.read_at),
  interactedAt: iso(r.interacted_at),
  returnedAt: iso(r.returned_at),
  errorCode: r.error_code,
  errorMessage: r.error_message,
  skipReason: r.skip_reason,
});

const RECIPIENT_COLUMNS = `r.psid, ct.name, r.state, r.messaging_type, r.tag, r.message_id, r.sent_at, r.delivered_at,
  r.read_at, r.interacted_at, r.returned_at, r.error_code, r.error_subcode, r.error_message, r.skip_reason, r.contact_id`;

const RETURNABLE_LIST = `array[${RETURNABLE_SKIP_REASONS.map((r) => `'${r}'`).join(',')}]`;

/** The recipient filter as a condition on `r` (campaign_recipients); fixed SQL for each value of the enum. */
const FILTER_SQL: Record<Exclude<RecipientFilter, CampaignRecipient['state']>, string> = {
  delivered: 'r.delivered_at is not null',
  read: 'r.read_at is not null',
  interacted: 'r.interacted_at is not null',
  waiting: `r.state = 'skipped' and r.returned_at is null and r.skip_reason = any(${RETURNABLE_LIST})
    and exists (select 1 from campaigns wc where wc.id = r.campaign_id and wc.deliver_on_return_until > now())`,
  returned: `r.state = 'sent' and r.returned_at is not null`,
};

/** ` and <condition>` for a filter ('' for none); a row state is compared through parameter `$n`. */
function recipientFilter(filter: RecipientFilter | undefined, n: number): string {
  if (!filter) return `and $${n}::text is null`;
  return filter in FILTER_SQL
    ? `and (${FILTER_SQL[filter as keyof typeof FILTER_SQL]}) and $${n}::text is not null`
    : `and r.state = $${n}`;
}

export async function listRecipients(
  db: Sql,
  campaignId: string,
  opts: { page: number; limit: number; outcome?: RecipientFilter | undefined },
): Promise<{ data: CampaignRecipient[]; total: number }> {
  const pool = db;
  const filter = recipientFilter(opts.outcome, 2);
  const params = [campaignId, opts.outcome ?? null];
  const [list, count] = await Promise.all([
    pool.query<RecipientRow>(
      `select ${RECIPIENT_COLUMNS} from campaign_recipients r join contacts ct on ct.id = r.contact_id
       where r.campaign_id = $1 ${filter}
       order by r.sent_at desc nulls last, r.psid limit $3 offset $4`,
      [...params, opts.limit, (opts.page - 1) * opts.limit],
    ),
    pool.query<{ n: number }>(
      `select count(*)::int as n from campaign_recipients r where r.campaign_id = $1 ${filter}`,
      params,
    ),
  ]);
  return { data: list.rows.map(toRecipient), total: count.rows[0]?.n ?? 0 };
}

/** Whether `tagId` is a tag of the campaign's page. */
export async function isCampaignPageTag(
  db: Sql,
  campaignId: string,
  tagId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from tags t join campaigns c on c.page_id = t.page_id where c.id = $1 and t.id = $2`,
    [campaignId, tagId],
  );
  return rows.length > 0;
}

/** How many recipients of the campaign the filter matches. */
export async function countRecipients(
  db: Sql,
  campaignId: string,
  filter: RecipientFilter | undefined,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from campaign_recipients r
     where r.campaign_id = $1 ${recipientFilter(filter, 2)}`,
    [campaignId, filter ?? null],
  );
  return rows[0]?.n ?? 0;
}

/**
 * One chunk of 'Tag these recipients': the next `limit` recipients of the filter (by contact id, after
 * `after`) get the tag, unless they have it. Answers the chunk's last contact id and how many were new.
 */
export async function tagRecipientsChunk(
  db: Sql,
  r: {
    campaignId: string;
    tagId: string;
    filter: RecipientFilter | undefined;
    after: string;
    limit: number;
  },
): Promise<{ last: string | null; size: number; tagged: number }> {
  const { rows } = await db.query<{ last: string | null; size: number; tagged: number }>(
    `with chunk as (
       select r.contact_id from campaign_recipients r
       where r.campaign_id = $1 ${recipientFilter(r.filter, 2)} and r.contact_id > $3::uuid
       order by r.contact_id limit $4),
     added as (
       insert into contact_tags (contact_id, tag_id, page_id)
       select chunk.contact_id, t.id, t.page_id from chunk cross join tags t where t.id = $5
       on conflict do nothing returning 1)
     select (select max(contact_id::text) from chunk) as last, (select count(*) from chunk)::int as size,
            (select count(*) from added)::int as tagged`,
    [r.campaignId, r.filter ?? null, r.after, r.limit, r.tagId],
  );
  const row = rows[0];
  return { last: row?.last ?? null, size: row?.size ?? 0, tagged: row?.tagged ?? 0 };
}

/** Every recipient in keyset pages of `chunk` rows (a CSV export of 100k rows never sits in memory). */
export async function* iterateRecipients(
  db: Sql,
  campaignId: string,
  chunk = 2000,
): AsyncGenerator<RecipientRow & { error_subcode: number | null }> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await db.query<RecipientRow>(
      `select ${RECIPIENT_COLUMNS} from campaign_recipients r join contacts ct on ct.id = r.contact_id
       where r.campaign_id = $1 and r.contact_id > $2 order by r.contact_id limit $3`,
      [campaignId, after, chunk],
    );
    for (const row of rows) yield row;
    if (rows.length < chunk) return;
    after = (rows[rows.length - 1] as RecipientRow).contact_id;
  }
}

/** pending/processing -> cancelled; undefined when the campaign is in another status. */
export async function cancelCampaign(
  db: Sql,
  campaignId: string,
  reason: string,
): Promise<Campaign | undefined> {
  const { rows } = await db.query<CampaignRow>(
    `with c as (
       update campaigns set status = 'cancelled', status_reason = $2, completed_at = now()
       where id = $1 and status in ('pending', 'processing') returning *)
     select ${CAMPAIGN_COLUMNS} from c join pages p on p.id = c.page_id left join tags t on t.id = c.tag_id`,
    [campaignId, reason],
  );
  return rows[0] ? toCampaign(rows[0]) : undefined;
}

/**
 * 'Stop waiting for returns': a campaign still delivering on return stops (its waiting time ends now), and
 * the rows taken up but not sent yet (waiting for their delay) go back to skipped, uncounted as returned.
 * One transaction; the claims check `returns_stopped_at`, so nothing is claimed after it commits. Undefined
 * when the campaign is not delivering on return.
 */
export async function stopReturns(db: Sql, campaignId: string): Promise<Campaign | undefined> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `update campaigns set returns_stopped_at = now(), deliver_on_return_until = now()
       where id = $1 and returns_stopped_at is null and deliver_on_return_until > now()
         and status in ('pending', 'processing', 'completed')
       returning id`,
      [campaignId],
    );
    if (!rows[0]) return undefined;
    const back = await client.query(
      `update campaign_recipients set state = 'skipped', skip_reason = 'outside_window', worker_id = null,
         not_before = null, return_due_at = null
       where campaign_id = $1 and state = 'queued' and returned_at is not null`,
      [campaignId],
    );
    const { rows: out } = await client.query<CampaignRow>(
      `with c as (update campaigns set skipped_count = skipped_count + $2 where id = $1 returning *)
       select ${CAMPAIGN_COLUMNS} from c join pages p on p.id = c.page_id left join tags t on t.id = c.tag_id`,
      [campaignId, back.rowCount ?? 0],
    );
    return out[0] ? toCampaign(out[0]) : undefined;
  });
}

/**
 * Who a campaign would reach right now: the contacts of the page in `audience` (modules/campaigns/audience.ts,
 * the rule the dispatch snapshot uses), split by the 24-hour window, how many of those outside it hold a
 * marketing-messages subscription, and how many subscribers it has in all.
 */
export async function audiencePreview(
  db: Sql,
  pageUuid: string,
  audience: CampaignAudience,
): Promise<{
  total: number;
  insideWindow: number;
  outsideWindow: number;
  subscribersOutside: number;
  subscribers: number;
  optedOut: number;
  optedOutInside: number;
}> {
  const { rows } = await db.query<{
    total: number;
    inside: number;
    subscribers_outside: number;
    subscribers: number;
    opted_out: number;
    opted_out_inside: number;
  }>(
    `select count(*)::int as total,
            count(*) filter (where c.last_inbound_at > now() - interval '24 hours')::int as inside,
            count(*) filter (where not coalesce(c.last_inbound_at > now() - interval '24 hours', false)
                               and s.status = 'subscribed')::int as subscribers_outside,
            count(*) filter (where s.status = 'subscribed')::int as subscribers,
            -- Stopped the page's marketing messages: the send skips them on every path (chunk-sender.ts).
            count(*) filter (where s.status = 'stopped')::int as opted_out,
            count(*) filter (where s.status = 'stopped'
                               and c.last_inbound_at > now() - interval '24 hours')::int as opted_out_inside
     from contacts c
     left join marketing_subscriptions s on s.page_id = c.page_id and s.contact_id = c.id
     where c.page_id = $1 and ${audienceMatch('c', '$2::jsonb')}`,
    [pageUuid, audienceParam(audience)],
  );
  const r = rows[0] ?? {
    total: 0,
    inside: 0,
    subscribers_outside: 0,
    subscribers: 0,
    opted_out: 0,
    opted_out_inside: 0,
  };
  return {
    total: r.total,
    insideWindow: r.inside,
    outsideWindow: r.total - r.inside,
    subscribersOutside: r.subscribers_outside,
    subscribers: r.subscribers,
    optedOut: r.opted_out,
    optedOutInside: r.opted_out_inside,
  };
}
