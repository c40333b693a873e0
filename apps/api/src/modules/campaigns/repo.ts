// SQL of the campaigns capability (HTTP side). The dispatch path (claim, limiter, outcomes) lives in
// dispatch/repo/; webhook counters in ./counters.ts. Raw SQL on the pool: these queries are
// aggregate- and CTE-heavy and the dispatch path shares their shapes. Every read of a campaign (list, detail
// funnel) builds on the same columns; its recipients' list, tagging and export are recipients-repo.ts.
import {
  RETURNABLE_SKIP_REASONS,
  type Campaign,
  type CampaignAudience,
  type CampaignStatus,
  type SkipReason,
  type TemplateParamMap,
} from '@pagecast/contract';
import type pg from 'pg';
import { adminPage } from '../../auth/guards.js';
import { inTransaction, runStatement, statement, type Sql } from '../../db/client.js';
import { recordCampaignChange } from './webhook-events.js';
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
  c.started_at, c.completed_at, c.held_at, c.held_reason,
  (select a.access_verified_at from admins a where a.id = c.admin_id) as access_verified_at`;
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
  held_at: Date | null;
  held_reason: string | null;
  access_verified_at: Date | null;
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

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
    hold:
      r.held_at && r.status === 'pending'
        ? { reason: r.held_reason ?? '', since: r.held_at.toISOString() }
        : null,
    accessVerifiedAt: iso(r.access_verified_at),
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

/** A campaign row to insert, its page, tag, template and marketing campaign resolved by the service. */
export interface NewCampaign {
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
  /** ISO 8601, as the contract's transform leaves it. */
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
}

/**
 * Holds the page's creation lock until the caller's transaction ends: one creation per page at a time, so
 * two requests can never both take the last slot of a limit.
 */
export async function lockCampaignCreation(client: pg.PoolClient, pageUuid: string): Promise<void> {
  await client.query(`select pg_advisory_xact_lock(hashtext('campaign-create'), hashtext($1))`, [
    pageUuid,
  ]);
}

/** The page's campaigns created in the last minute, and those pending: what the creation limits count. */
export async function creationCounts(
  client: Sql,
  pageUuid: string,
): Promise<{ recent: number; pending: number }> {
  const { rows } = await client.query<{ recent: number; pending: number }>(
    `select count(*) filter (where created_at > now() - interval '1 minute')::int as recent,
            count(*) filter (where status = 'pending')::int as pending
       from campaigns where page_id = $1`,
    [pageUuid],
  );
  return rows[0] ?? { recent: 0, pending: 0 };
}

export async function insertCampaign(client: pg.PoolClient, input: NewCampaign): Promise<Campaign> {
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

/** pending/processing -> cancelled; undefined when the campaign is in another status. */
export async function cancelCampaign(
  db: Sql,
  campaignId: string,
  reason: string,
): Promise<Campaign | undefined> {
  return inTransaction(db, async (tx) => {
    const { rows } = await tx.query<CampaignRow>(
      `with c as (
         update campaigns set status = 'cancelled', status_reason = $2, completed_at = now()
         where id = $1 and status in ('pending', 'processing') returning *)
       select ${CAMPAIGN_COLUMNS} from c join pages p on p.id = c.page_id left join tags t on t.id = c.tag_id`,
      [campaignId, reason],
    );
    if (!rows[0]) return undefined;
    await recordCampaignChange(tx, [campaignId], 'cancelled');
    return toCampaign(rows[0]);
  });
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
    await recordCampaignChange(client, [campaignId], 'stopped');
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
