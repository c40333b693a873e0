// SQL of the webhook ingest: the stored deliveries, the pages they are for, the page subscriptions.
// Messages are written by modules/inbox/messages-repo.ts, contacts by modules/contacts/repo.ts.
import { sql } from 'drizzle-orm';
import { WEBHOOK_FEATURES, type WebhookFeature } from '@pagecast/contract';
import { dz, type Sql } from '../../db/client.js';

export type StoredEventRow = {
  id: number;
  payload: unknown;
};

export async function insertWebhookEvent(
  db: Sql,
  object: string,
  payload: unknown,
): Promise<number> {
  const { rows } = await dz(db).execute<{ id: number }>(sql`
    insert into webhook_events (object, payload) values (${object}, ${JSON.stringify(payload)}::jsonb)
    returning id`);
  return Number(rows[0]?.id);
}

/** A stored event's payload and whether it was processed, without a lock (read before the transaction). */
export async function peekEvent(
  db: Sql,
  id: number,
): Promise<{ payload: unknown; processed: boolean } | null> {
  const { rows } = await dz(db).execute<{ payload: unknown; processed: boolean }>(
    sql`select payload, processed_at is not null as processed from webhook_events where id = ${id}`,
  );
  return rows[0] ?? null;
}

/** Locks one unprocessed event for this transaction (another processor skips it). */
export async function lockUnprocessed(db: Sql, id: number): Promise<StoredEventRow | null> {
  const { rows } = await dz(db).execute<StoredEventRow>(sql`
    select id, payload from webhook_events
     where id = ${id} and processed_at is null
     for update skip locked`);
  return rows[0] ?? null;
}

/**
 * Records an attempt: with `error`, the delivery stays to process (the sweeper tries again); without,
 * it is done, with `skipped` noting the events that could not be applied and were left out.
 */
export async function markProcessed(
  db: Sql,
  id: number,
  error: string | null,
  skipped: string | null = null,
): Promise<void> {
  await dz(db).execute(sql`
    update webhook_events
       set processed_at = case when ${error}::text is null then now() else processed_at end,
           attempts = attempts + 1, error = coalesce(${error}::text, ${skipped}::text)
     where id = ${id}`);
}

/** How long stored deliveries are kept (docs/inbox.md, "Stored deliveries"). */
export const WEBHOOK_EVENTS_KEPT = {
  /** Processed: what they said is in the messages, contacts and counters by then; kept for a replay. */
  processedMs: 7 * 86_400_000,
  /** Given up on (10 failed attempts): kept longer, for someone to look at why. */
  failedMs: 30 * 86_400_000,
};

/**
 * Deletes up to `limit` deliveries past their keeping time, oldest first; returns how many. Never one still
 * to be processed. Ids grow with `received_at`, so the first id young enough bounds the scan: the work is
 * the rows deleted, not the table.
 */
export async function purgeOldEvents(
  db: Sql,
  keep: { processedMs: number; failedMs: number } = WEBHOOK_EVENTS_KEPT,
  limit = 5000,
): Promise<number> {
  const { rows } = await dz(db).execute<{ n: number }>(sql`
    with young as (
      select coalesce(
        (select id from webhook_events
          where received_at >= now() - make_interval(secs => ${keep.processedMs / 1000})
          order by id limit 1),
        (select coalesce(max(id), 0) + 1 from webhook_events)) as id),
    old as (
      select id from webhook_events
       where id < (select id from young)
         and (processed_at is not null
              or (attempts >= 10
                  and received_at < now() - make_interval(secs => ${keep.failedMs / 1000})))
       order by id limit ${limit}),
    gone as (delete from webhook_events w using old where w.id = old.id returning 1)
    select count(*)::int as n from gone`);
  return rows[0]?.n ?? 0;
}

/**
 * Events received more than `olderThanMs` ago and still not processed (their process died, or its queue was
 * full), oldest first from after `afterId`: a sweep pages through them once, so one that fails again waits
 * for the next sweep.
 */
export async function staleEventIds(
  db: Sql,
  olderThanMs: number,
  limit = 100,
  afterId = 0,
): Promise<number[]> {
  const { rows } = await dz(db).execute<{ id: number }>(sql`
    select id from webhook_events
     where processed_at is null and attempts < 10 and id > ${afterId}
       and received_at < now() - make_interval(secs => ${olderThanMs / 1000})
     order by id limit ${limit}`);
  return rows.map((r) => Number(r.id));
}

export type PageRef = {
  id: string;
  fbPageId: string;
  pageTokenEnc: string | null;
};

export async function findPage(db: Sql, fbPageId: string): Promise<PageRef | null> {
  const { rows } = await dz(db).execute<PageRef>(sql`
    select id, fb_page_id as "fbPageId", page_token_enc as "pageTokenEnc" from pages
     where fb_page_id = ${fbPageId}`);
  return rows[0] ?? null;
}

export async function contactExists(db: Sql, pageUuid: string, psid: string): Promise<boolean> {
  const { rows } = await dz(db).execute(
    sql`select 1 from contacts where page_id = ${pageUuid} and psid = ${psid} and name is not null`,
  );
  return rows.length > 0;
}

/** Records what Meta accepted of a page's webhook subscription (modules/webhooks/page-subscription.ts). */
export async function saveWebhookFeatures(
  db: Sql,
  fbPageId: string,
  states: ReadonlyArray<{
    feature: WebhookFeature;
    subscribed: boolean;
    reason: string | null;
    permission: string | null;
    error: string | null;
  }>,
  opts: { keepKnown: boolean },
): Promise<void> {
  const json = JSON.stringify(states);
  // keepKnown: a call that could not reach a verdict does not overwrite one Meta gave before.
  await dz(db).execute(sql`
    insert into page_webhook_features (page_id, feature, subscribed, reason, permission, error, checked_at)
    select p.id, s.feature, s.subscribed, s.reason, s.permission, left(s.error, 500), now()
      from pages p,
           jsonb_to_recordset(${json}::jsonb) as s(feature text, subscribed boolean, reason text,
                                                   permission text, error text)
     where p.fb_page_id = ${fbPageId}
    on conflict (page_id, feature) do update set
      subscribed = excluded.subscribed, reason = excluded.reason, permission = excluded.permission,
      error = excluded.error, checked_at = excluded.checked_at
     where not ${opts.keepKnown} or page_webhook_features.reason = 'failed'`);
}

/** Pages (of these) whose webhooks are not all on, or were never asked for: the ones to subscribe again. */
export async function pagesWithWebhooksOff(db: Sql, fbPageIds: string[]): Promise<Set<string>> {
  if (fbPageIds.length === 0) return new Set();
  const { rows } = await db.query<{ fbPageId: string }>(
    `select p.fb_page_id as "fbPageId" from pages p
      where p.fb_page_id = any($1::text[])
        and (select count(*) filter (where f.subscribed) from page_webhook_features f where f.page_id = p.id)
            < $2`,
    [fbPageIds, WEBHOOK_FEATURES.length],
  );
  return new Set(rows.map((r) => r.fbPageId));
}

/** The page's features that are off, for Home. */
export async function webhookFeaturesOff(
  db: Sql,
  pageUuid: string,
): Promise<
  Array<{
    feature: WebhookFeature;
    reason: 'permission' | 'refused' | 'failed';
    permission: string | null;
    checkedAt: Date;
  }>
> {
  const { rows } = await dz(db).execute<{
    feature: WebhookFeature;
    reason: 'permission' | 'refused' | 'failed' | null;
    permission: string | null;
    checkedAt: Date;
  }>(sql`
    select feature, reason, permission, checked_at as "checkedAt" from page_webhook_features
     where page_id = ${pageUuid} and not subscribed`);
  const order = (f: WebhookFeature) => WEBHOOK_FEATURES.indexOf(f);
  return rows
    .filter((r) => WEBHOOK_FEATURES.includes(r.feature))
    .sort((a, b) => order(a.feature) - order(b.feature))
    .map((r) => ({
      feature: r.feature,
      reason: r.reason ?? 'failed',
      permission: r.permission,
      checkedAt: new Date(r.checkedAt),
    }));
}
