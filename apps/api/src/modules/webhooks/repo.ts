// SQL of the webhook ingest. Every write is idempotent and order-independent: messages are keyed by
// (page_id, mid); delivery and read marks keep the EARLIEST watermark that covers a message
// (least(existing, watermark)), so replays change nothing and reordered receipts end in the same state.
import { sql } from 'drizzle-orm';
import { WEBHOOK_FEATURES, type MessageAttachment, type WebhookFeature } from '@pagecast/contract';
import { dz, type Sql } from '../../db/client.js';
import { PREVIEW_MAX_CHARS } from '../contacts/repo.js';

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

/** Locks one unprocessed event for this transaction (another processor skips it). */
export async function lockUnprocessed(db: Sql, id: number): Promise<StoredEventRow | null> {
  const { rows } = await dz(db).execute<StoredEventRow>(sql`
    select id, payload from webhook_events
     where id = ${id} and processed_at is null
     for update skip locked`);
  return rows[0] ?? null;
}

export async function markProcessed(db: Sql, id: number, error: string | null): Promise<void> {
  await dz(db).execute(sql`
    update webhook_events
       set processed_at = case when ${error}::text is null then now() else processed_at end,
           attempts = attempts + 1, error = ${error}
     where id = ${id}`);
}

/** Events received more than `olderThanMs` ago and still not processed (their process died). */
export async function staleEventIds(db: Sql, olderThanMs: number, limit = 100): Promise<number[]> {
  const { rows } = await dz(db).execute<{ id: number }>(sql`
    select id from webhook_events
     where processed_at is null and attempts < 10
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

/**
 * Inserts the message unless its mid is already stored; true when this call stored it. A message stored
 * before (the page's own send, stored when the Send API answered) gets Meta's time from its echo, and
 * the files if it had none.
 */
export async function insertMessage(
  db: Sql,
  m: {
    pageUuid: string;
    contactId: string;
    mid: string;
    direction: 'in' | 'out';
    text: string;
    sentBy: string;
    at: Date;
    attachments: MessageAttachment[];
  },
): Promise<boolean> {
  const at = m.at.toISOString();
  const files = m.attachments.length ? JSON.stringify(m.attachments) : null;
  const { rows } = await dz(db).execute<{ inserted: boolean }>(sql`
    insert into messages as x (page_id, contact_id, mid, direction, text, sent_by, created_at,
                               platform_at, attachments)
    values (${m.pageUuid}, ${m.contactId}, ${m.mid}, ${m.direction}, ${m.text}, ${m.sentBy},
            ${at}::timestamptz, ${at}::timestamptz, ${files}::jsonb)
    on conflict (page_id, mid) do update
      set platform_at = coalesce(x.platform_at, excluded.platform_at),
          attachments = coalesce(x.attachments, excluded.attachments)
      where x.platform_at is null or (x.attachments is null and excluded.attachments is not null)
    returning (xmax = 0) as inserted`);
  return rows[0]?.inserted === true;
}

/** One more message the page has not seen in this conversation. */
export async function countUnread(db: Sql, contactId: string): Promise<void> {
  await dz(db).execute(
    sql`update contacts set unread_count = unread_count + 1 where id = ${contactId}`,
  );
}

/**
 * The contact's reaction to message `mid` of the conversation (null: taken back). Returns false when the
 * message is not stored here (a reaction to a message from before Pagecast): nothing to show it on.
 */
export async function setReaction(
  db: Sql,
  r: { pageUuid: string; psid: string; mid: string; reaction: string | null },
): Promise<boolean> {
  const { rows } = await dz(db).execute(sql`
    update messages m set reaction = ${r.reaction}
      from contacts c
     where c.id = m.contact_id and c.page_id = ${r.pageUuid} and c.psid = ${r.psid}
       and m.page_id = ${r.pageUuid} and m.mid = ${r.mid}
       and m.reaction is distinct from ${r.reaction}
    returning m.id`);
  return rows.length > 0;
}

/**
 * The contact edited their message `mid`: its text becomes the new one (and the conversation's preview,
 * when it is the newest message). False when the message is not stored here, is the page's, or already
 * says that. An edit replayed after a later one would bring the older text back (guess: Meta sends edits
 * in order; `num_edit` is not kept).
 */
export async function editMessage(
  db: Sql,
  e: { pageUuid: string; psid: string; mid: string; text: string },
): Promise<boolean> {
  const { rows } = await dz(db).execute<{ contactId: string }>(sql`
    update messages m set text = ${e.text}
      from contacts c
     where c.id = m.contact_id and c.page_id = ${e.pageUuid} and c.psid = ${e.psid}
       and m.page_id = ${e.pageUuid} and m.mid = ${e.mid} and m.direction = 'in'
       and m.text is distinct from ${e.text}
    returning m.contact_id as "contactId"`);
  const contactId = rows[0]?.contactId;
  if (!contactId) return false;
  await dz(db).execute(sql`
    update contacts c set last_message_preview = left(${e.text}, ${PREVIEW_MAX_CHARS}), updated_at = now()
     where c.id = ${contactId}
       and not exists (select 1 from messages n where n.contact_id = c.id
                        and n.created_at > (select created_at from messages where page_id = ${e.pageUuid}
                                              and mid = ${e.mid}))`);
  return true;
}

/**
 * Marks the page's outbound messages to the contact sent at or before the watermark (or listed by mid)
 * as delivered (and read, for read receipts). The watermark is Meta's time, so it is compared with Meta's
 * time of each message (from its echo), else with the time stored just before the send. Returns the
 * stored time of the newest message it changed (what the live inbox compares with), or null.
 */
export async function applyReceipt(
  db: Sql,
  r: { pageUuid: string; psid: string; watermark: Date; mids: string[]; read: boolean },
): Promise<Date | null> {
  const wm = r.watermark.toISOString();
  const readSet = r.read
    ? sql`, read_at = least(coalesce(m.read_at, ${wm}::timestamptz), ${wm}::timestamptz)`
    : sql``;
  const changed = r.read
    ? sql`(m.delivered_at is null or m.delivered_at > ${wm}::timestamptz
           or m.read_at is null or m.read_at > ${wm}::timestamptz)`
    : sql`(m.delivered_at is null or m.delivered_at > ${wm}::timestamptz)`;
  const { rows } = await dz(db).execute(sql`
    update messages m
       set delivered_at = least(coalesce(m.delivered_at, ${wm}::timestamptz), ${wm}::timestamptz)
           ${readSet}
      from contacts c
     where c.id = m.contact_id and c.page_id = ${r.pageUuid} and c.psid = ${r.psid}
       and m.page_id = ${r.pageUuid} and m.direction = 'out'
       and (coalesce(m.platform_at, m.created_at) <= ${wm}::timestamptz
            or m.mid = any(${`{${r.mids.map((x) => `"${x.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]))
       and ${changed}
    returning m.created_at as "createdAt"`);
  let newest: Date | null = null;
  for (const row of rows as Array<{ createdAt: Date | string }>) {
    const t = new Date(row.createdAt);
    if (!newest || t > newest) newest = t;
  }
  return newest;
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
