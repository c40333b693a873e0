// SQL of the webhook ingest. Every write is idempotent and order-independent: messages are keyed by
// (page_id, mid); delivery and read marks keep the EARLIEST watermark that covers a message
// (least(existing, watermark)), so replays change nothing and reordered receipts end in the same state.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export type StoredEventRow = {
  id: number;
  payload: unknown;
};

export async function insertWebhookEvent(
  db: Db,
  object: string,
  payload: unknown,
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into webhook_events (object, payload) values (${object}, ${JSON.stringify(payload)}::jsonb)
    returning id`);
  return Number(rows[0]?.id);
}

/** Locks one unprocessed event for this transaction (another processor skips it). */
export async function lockUnprocessed(db: Db, id: number): Promise<StoredEventRow | null> {
  const { rows } = await db.execute<StoredEventRow>(sql`
    select id, payload from webhook_events
     where id = ${id} and processed_at is null
     for update skip locked`);
  return rows[0] ?? null;
}

export async function markProcessed(db: Db, id: number, error: string | null): Promise<void> {
  await db.execute(sql`
    update webhook_events
       set processed_at = case when ${error}::text is null then now() else processed_at end,
           attempts = attempts + 1, error = ${error}
     where id = ${id}`);
}

/** Events received more than `olderThanMs` ago and still not processed (their process died). */
export async function staleEventIds(db: Db, olderThanMs: number, limit = 100): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
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

export async function findPage(db: Db, fbPageId: string): Promise<PageRef | null> {
  const { rows } = await db.execute<PageRef>(sql`
    select id, fb_page_id as "fbPageId", page_token_enc as "pageTokenEnc" from pages
     where fb_page_id = ${fbPageId}`);
  return rows[0] ?? null;
}

export async function contactExists(db: Db, pageUuid: string, psid: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from contacts where page_id = ${pageUuid} and psid = ${psid} and name is not null`,
  );
  return rows.length > 0;
}

/** Inserts the message unless its mid is already stored; true when this call stored it. */
export async function insertMessage(
  db: Db,
  m: {
    pageUuid: string;
    contactId: string;
    mid: string;
    direction: 'in' | 'out';
    text: string;
    sentBy: string;
    at: Date;
  },
): Promise<boolean> {
  const { rows } = await db.execute(sql`
    insert into messages (page_id, contact_id, mid, direction, text, sent_by, created_at)
    values (${m.pageUuid}, ${m.contactId}, ${m.mid}, ${m.direction}, ${m.text}, ${m.sentBy},
            ${m.at.toISOString()}::timestamptz)
    on conflict (page_id, mid) do nothing
    returning id`);
  return rows.length > 0;
}

/**
 * Marks the page's outbound messages to the contact sent at or before the watermark (or listed by mid)
 * as delivered (and read, for read receipts). Returns how many rows changed.
 */
export async function applyReceipt(
  db: Db,
  r: { pageUuid: string; psid: string; watermark: Date; mids: string[]; read: boolean },
): Promise<number> {
  const wm = r.watermark.toISOString();
  const readSet = r.read
    ? sql`, read_at = least(coalesce(m.read_at, ${wm}::timestamptz), ${wm}::timestamptz)`
    : sql``;
  const changed = r.read
    ? sql`(m.delivered_at is null or m.delivered_at > ${wm}::timestamptz
           or m.read_at is null or m.read_at > ${wm}::timestamptz)`
    : sql`(m.delivered_at is null or m.delivered_at > ${wm}::timestamptz)`;
  const { rows } = await db.execute(sql`
    update messages m
       set delivered_at = least(coalesce(m.delivered_at, ${wm}::timestamptz), ${wm}::timestamptz)
           ${readSet}
      from contacts c
     where c.id = m.contact_id and c.page_id = ${r.pageUuid} and c.psid = ${r.psid}
       and m.page_id = ${r.pageUuid} and m.direction = 'out'
       and (m.created_at <= ${wm}::timestamptz or m.mid = any(${`{${r.mids.map((x) => `"${x.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]))
       and ${changed}
    returning m.id`);
  return rows.length;
}
