// SQL of marketing messages: a page's ad account, its contacts' subscriptions (tokens) and the opt-in
// requests sent. Raw SQL on the pool, as the other capabilities.
import type { MarketingSetup } from '@pagecast/contract';
import { sql } from 'drizzle-orm';
import { dz, type Sql } from '../../db/client.js';
import { placeholders, recipientMatch, type RecipientQuery } from '../inbox/index.js';

export interface AdAccount {
  id: string;
  name: string;
  currency: string | null;
}

export async function setupOf(
  db: Sql,
  pageUuid: string,
  fbPageId: string,
): Promise<MarketingSetup> {
  const { rows } = await db.query<{
    ad_id: string | null;
    ad_name: string | null;
    currency: string | null;
    connected_at: Date | null;
    subscribers: number;
    stopped: number;
  }>(
    `select p.marketing_ad_account_id as ad_id, p.marketing_ad_account_name as ad_name,
            p.marketing_currency as currency, p.marketing_connected_at as connected_at,
            (select count(*) from marketing_subscriptions s where s.page_id = p.id and s.status = 'subscribed')::int
              as subscribers,
            (select count(*) from marketing_subscriptions s where s.page_id = p.id and s.status = 'stopped')::int
              as stopped
     from pages p where p.id = $1`,
    [pageUuid],
  );
  const r = rows[0];
  return {
    pageId: fbPageId,
    adAccount:
      r?.ad_id && r.ad_name !== null
        ? { id: r.ad_id, name: r.ad_name, currency: r.currency }
        : null,
    connectedAt: r?.connected_at ? r.connected_at.toISOString() : null,
    subscribers: r?.subscribers ?? 0,
    stopped: r?.stopped ?? 0,
  };
}

export interface ContactRef {
  id: string;
  psid: string;
  insideWindow: boolean;
}

/** The page's contact with this PSID, and whether their 24-hour window is open. */
export async function contactOf(
  db: Sql,
  pageUuid: string,
  psid: string,
): Promise<ContactRef | undefined> {
  const { rows } = await db.query<ContactRef>(
    `select id, psid, coalesce(last_inbound_at > now() - interval '24 hours', false) as "insideWindow"
     from contacts where page_id = $1 and psid = $2`,
    [pageUuid, psid],
  );
  return rows[0];
}

export interface SubscriptionRow {
  status: 'subscribed' | 'stopped' | null;
  title: string | null;
  since: Date | null;
  lastTitle: string | null;
  lastSentAt: Date | null;
}

/** The contact's subscription (if any) and the last opt-in request sent to them. */
export async function subscriptionOf(db: Sql, contactId: string): Promise<SubscriptionRow> {
  const { rows } = await db.query<SubscriptionRow>(
    `select s.status, s.title, case when s.status = 'stopped' then s.stopped_at else s.subscribed_at end as since,
            r.title as "lastTitle", r.sent_at as "lastSentAt"
     from (select 1) one
     left join marketing_subscriptions s on s.contact_id = $1
     left join lateral (select title, sent_at from optin_requests where contact_id = $1
                        order by sent_at desc limit 1) r on true`,
    [contactId],
  );
  return rows[0] ?? { status: null, title: null, since: null, lastTitle: null, lastSentAt: null };
}

/**
 * Records an opt-in request unless one with this title went to the contact within `intervalMs` (Meta's
 * weekly rule): one statement, so two admins asking at once send one request. Returns the new row's id.
 */
export async function insertRequest(
  db: Sql,
  input: {
    pageUuid: string;
    contactId: string;
    title: string;
    adminId: string;
    intervalMs: number;
  },
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `insert into optin_requests (page_id, contact_id, title, admin_id)
     select $1::uuid, $2::uuid, $3::text, (select id from admins where id = $4::uuid)
     where pg_try_advisory_xact_lock(hashtext('optin'), hashtext($2::uuid::text))
       and not exists (select 1 from optin_requests r where r.contact_id = $2::uuid and r.title = $3::text
                       and r.sent_at > now() - $5 * interval '1 millisecond')
     returning id`,
    [input.pageUuid, input.contactId, input.title, input.adminId, input.intervalMs],
  );
  return rows[0]?.id;
}

export async function setRequestMid(db: Sql, id: string, mid: string): Promise<void> {
  await db.query('update optin_requests set mid = $2 where id = $1', [id, mid]);
}

export async function deleteRequest(db: Sql, id: string): Promise<void> {
  await db.query('delete from optin_requests where id = $1', [id]);
}

/**
 * A subscription token arrived (opt-in webhook) or changed status: one row per contact and page. Runs inside
 * the webhook ingest's transaction, so it goes through `dz(db).execute` (the pool is not the transaction's).
 */
export async function upsertSubscription(
  db: Sql,
  input: {
    pageUuid: string;
    contactId: string;
    token: string;
    status: 'subscribed' | 'stopped';
    title: string | null;
    at: Date;
  },
): Promise<void> {
  const { pageUuid, contactId, token, status, title, at } = input;
  await dz(db).execute(sql`
    insert into marketing_subscriptions (page_id, contact_id, token, status, title, subscribed_at, stopped_at,
                                         status_at)
    values (${pageUuid}, ${contactId}, ${token}, ${status}, ${title}, ${at},
            case when ${status} = 'stopped' then ${at}::timestamptz end, ${at})
    on conflict (page_id, contact_id) do update set
      token = excluded.token, status = excluded.status,
      title = coalesce(excluded.title, marketing_subscriptions.title),
      subscribed_at = case when excluded.status = 'subscribed' and marketing_subscriptions.status <> 'subscribed'
                           then excluded.subscribed_at else marketing_subscriptions.subscribed_at end,
      stopped_at = case when excluded.status = 'stopped'
                        then coalesce(marketing_subscriptions.stopped_at, excluded.stopped_at) end,
      status_at = excluded.status_at, updated_at = now()
    -- Meta retries and replays webhooks, in any order: an event older than the status it would change is
    -- stale (a replayed opt-in after a later stop must not subscribe the contact again).
    where marketing_subscriptions.status_at is null
       or excluded.status_at >= marketing_subscriptions.status_at`);
}

/** The page sync's read of Meta's token list: tokens of known contacts become subscriptions. */
export async function importSubscriptions(
  db: Sql,
  pageUuid: string,
  tokens: Array<{ psid: string; token: string; title: string | null; at: Date }>,
): Promise<number> {
  if (tokens.length === 0) return 0;
  const { rowCount } = await db.query(
    `insert into marketing_subscriptions (page_id, contact_id, token, status, title, subscribed_at, status_at)
     select $1, c.id, t.token, 'subscribed', t.title, t.at, now()
     from json_to_recordset($2::json) as t(psid text, token text, title text, at timestamptz)
     join contacts c on c.page_id = $1 and c.psid = t.psid
     on conflict (page_id, contact_id) do update set
       token = excluded.token, title = coalesce(excluded.title, marketing_subscriptions.title),
       -- Meta lists only active tokens: a stopped one it lists again was resumed.
       status = 'subscribed', stopped_at = null, status_at = now(), updated_at = now()
     where marketing_subscriptions.token is distinct from excluded.token
        or marketing_subscriptions.status <> 'subscribed'`,
    [pageUuid, JSON.stringify(tokens.map((t) => ({ ...t, at: t.at.toISOString() })))],
  );
  return rowCount ?? 0;
}

export async function stopSubscription(db: Sql, contactId: string): Promise<void> {
  await db.query(
    `update marketing_subscriptions set status = 'stopped', stopped_at = now(), status_at = now(),
            updated_at = now()
     where contact_id = $1 and status = 'subscribed'`,
    [contactId],
  );
}

/** Meta answered that these contacts stopped marketing messages (2300034): none is sent to them again. */
export async function stopCampaignSubscriptions(
  db: Sql,
  campaignId: string,
  contactIds: string[],
): Promise<void> {
  if (contactIds.length === 0) return;
  await db.query(
    `update marketing_subscriptions s set status = 'stopped', stopped_at = now(), updated_at = now()
     from campaigns c
     where c.id = $1 and s.page_id = c.page_id and s.contact_id = any($2::uuid[]) and s.status = 'subscribed'`,
    [campaignId, contactIds],
  );
}

/** The page's ad account for marketing messages (null: not set up). */
export async function adAccountOf(db: Sql, pageUuid: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string | null }>(
    'select marketing_ad_account_id as id from pages where id = $1',
    [pageUuid],
  );
  return rows[0]?.id ?? null;
}

/** Pending or processing campaigns of the page that send marketing messages. */
export async function scheduledMarketingCampaigns(db: Sql, pageUuid: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from campaigns
     where page_id = $1 and marketing and status in ('pending', 'processing')`,
    [pageUuid],
  );
  return rows[0]?.n ?? 0;
}

/** The contact a subscription token belongs to (runs in the webhook ingest's transaction: dz(db).execute). */
export async function psidOfToken(
  db: Sql,
  pageUuid: string,
  token: string,
): Promise<string | null> {
  const { rows } = await dz(db).execute<{ psid: string }>(sql`
    select c.psid from marketing_subscriptions s join contacts c on c.id = s.contact_id
    where s.page_id = ${pageUuid} and s.token = ${token} limit 1`);
  return rows[0]?.psid ?? null;
}

/** The admin's own (encrypted) user token, when it is still good. */
/** The admin's user token (encrypted) and the permissions they granted, for the Marketing Message API. */
export async function adminGrant(
  db: Sql,
  adminId: string,
): Promise<{ enc: string | null; scopes: string[] | null }> {
  const { rows } = await db.query<{ enc: string | null; scopes: string[] | null }>(
    `select case when token_status = 'valid' then user_token_enc end as enc, granted_scopes as scopes
       from admins where id = $1`,
    [adminId],
  );
  return rows[0] ?? { enc: null, scopes: null };
}

/** Where each contact of a filter stands for a bulk opt-in request, and the first ones to ask. */
export interface OptinCandidates {
  subscribed: number;
  askedThisWeek: number;
  windowClosed: number;
  /** Every contact who may be asked now (inside the window, not subscribed, not asked this week). */
  eligible: number;
  /** The first `limit` of them, who wrote most recently first. */
  contacts: ContactRef[];
}

/**
 * Sorts the contacts an inbox filter matches (the inbox's own search and filters) by what a bulk opt-in
 * request may do with them. One statement: the counts and the first `limit` contacts to ask.
 */
export async function optinCandidates(
  db: Sql,
  input: {
    pageUuid: string;
    title: string;
    intervalMs: number;
    limit: number;
    match: RecipientQuery;
  },
): Promise<OptinCandidates> {
  const values: unknown[] = [input.pageUuid, input.title, input.intervalMs, input.limit];
  const where = [
    'c.page_id = $1::uuid',
    ...recipientMatch(input.match, placeholders(values), '$1::uuid'),
  ];
  const { rows } = await db.query<{
    subscribed: number;
    asked: number;
    closed: number;
    eligible: number;
    contacts: ContactRef[] | null;
  }>(
    `with matched as (
       select c.id, c.psid, c.last_inbound_at,
              coalesce(c.last_inbound_at > now() - interval '24 hours', false) as inside,
              exists (select 1 from marketing_subscriptions s
                      where s.contact_id = c.id and s.status = 'subscribed') as subscribed,
              exists (select 1 from optin_requests r where r.contact_id = c.id and r.title = $2::text
                      and r.sent_at > now() - $3 * interval '1 millisecond') as asked
       from contacts c
       where ${where.join(' and ')}),
     eligible as (select * from matched where inside and not subscribed and not asked)
     select (select count(*) from matched where subscribed)::int as subscribed,
            (select count(*) from matched where not subscribed and asked)::int as asked,
            (select count(*) from matched where not subscribed and not asked and not inside)::int as closed,
            (select count(*) from eligible)::int as eligible,
            (select json_agg(json_build_object('id', e.id, 'psid', e.psid, 'insideWindow', true))
               from (select id, psid from eligible order by last_inbound_at desc, id limit $4) e) as contacts`,
    values,
  );
  const r = rows[0];
  return {
    subscribed: r?.subscribed ?? 0,
    askedThisWeek: r?.asked ?? 0,
    windowClosed: r?.closed ?? 0,
    eligible: r?.eligible ?? 0,
    contacts: r?.contacts ?? [],
  };
}
