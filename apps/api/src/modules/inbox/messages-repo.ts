// The one writer of `messages`: every statement that stores or changes a message row, from the inbox
// (history sync, the admin's sends) and from the webhook ingest (messages, echoes, edits, reactions,
// receipts), and the reads of a conversation's messages. A second write of a stored mid is the normal case
// (a webhook and the history or the Send answer race for it), so each writer says what it does then:
// `storeMessages` keeps the stored row, `insertMessage` completes it with what only Meta's echo carries.
// Webhook writes are idempotent and order-independent: delivery and read marks keep the EARLIEST
// watermark that covers a message (least(existing, watermark)), so replays change nothing. Over 400
// lines because it is the table's one writer: every statement on `messages` is here, their conflict
// rules side by side.
import { sql } from 'drizzle-orm';
import type { MessageAttachment, MessageReceived } from '@pagecast/contract';
import { dz, runStatement, statement, type Sql } from '../../db/client.js';
import { automatedMid, previewEdited, storedMessagesUpdate } from '../contacts/index.js';
import { previewOf } from './attachments.js';
import { toMessage, type MessageFields } from './mappers.js';
import { isoUs } from './repo.js';

export interface MessageRow extends MessageFields {
  id: string;
  /** Exact sort key for the cursor. */
  createdKey: string;
}

export interface MessageCursor {
  at: string;
  id: string;
}

const MESSAGE_COLUMNS = `m.id, m.mid, m.direction, m.text, m.sent_by as "sentBy", m.created_at as "createdAt",
  ${isoUs('m.created_at')} as "createdKey", m.delivered_at as "deliveredAt", m.read_at as "readAt",
  m.attachments, m.reaction`;
/** The campaign that sent a page message (by its mid), for the label in the thread. */
const CAMPAIGN_OF = `left join lateral (select cp.id as "campaignId", cp.name as "campaignName"
    from campaign_recipients r join campaigns cp on cp.id = r.campaign_id
   where m.direction = 'out' and r.message_id = m.mid and r.contact_id = m.contact_id limit 1) cp on true`;
const MESSAGES_FIRST = statement(
  'messages_first',
  `select ${MESSAGE_COLUMNS}, cp.* from messages m ${CAMPAIGN_OF} where m.contact_id = $1
   order by m.created_at desc, m.id desc limit $2`,
);
const MESSAGES_AFTER = statement(
  'messages_after',
  `select ${MESSAGE_COLUMNS}, cp.* from messages m ${CAMPAIGN_OF}
   where m.contact_id = $1 and (m.created_at, m.id) < ($2::timestamptz, $3::uuid)
   order by m.created_at desc, m.id desc limit $4`,
);

const PAGE_MESSAGE = statement(
  'page_message_by_mid',
  `select ${MESSAGE_COLUMNS}, cp.* from messages m join pages p on p.id = m.page_id ${CAMPAIGN_OF}
   where p.fb_page_id = $1 and m.mid = $2`,
);

/** The message `mid` of the page with social id `fbPageId`, or null. */
export async function findPageMessage(
  db: Sql,
  fbPageId: string,
  mid: string,
): Promise<MessageRow | null> {
  const [row] = await runStatement<MessageRow>(db, PAGE_MESSAGE, [fbPageId, mid]);
  return row ?? null;
}

/**
 * A stored message of page `pageFbId` as the live inbox shows it, or null: what the realtime hub loads when
 * a NOTIFY carried only the message's reference (too big for the payload).
 */
export function liveMessageLoader(db: Sql) {
  return async (pageFbId: string, mid: string): Promise<MessageReceived | null> => {
    const row = await findPageMessage(db, pageFbId, mid);
    return row ? toMessage(row) : null;
  };
}

/** Newest first, (created_at DESC, id DESC) like messages_contact_recent_idx. */
export async function listMessages(
  db: Sql,
  contactUuid: string,
  after: MessageCursor | null,
  limit: number,
): Promise<MessageRow[]> {
  return after
    ? runStatement<MessageRow>(db, MESSAGES_AFTER, [contactUuid, after.at, after.id, limit])
    : runStatement<MessageRow>(db, MESSAGES_FIRST, [contactUuid, limit]);
}

export interface NewMessage {
  mid: string;
  direction: 'in' | 'out';
  text: string;
  sentBy: string;
  createdAt: Date;
  attachments?: MessageAttachment[];
  /** Meta's time of the message, when known (history: its created_time). */
  platformAt?: Date | null;
  /**
   * A page message a person sent (the composer's). Unset: a person's unless a campaign or an opt-in request
   * of Pagecast sent its mid (history carries no sender app: a guess that anything else was typed).
   */
  byPerson?: boolean;
}

/**
 * What came before a page's message was stored: Meta's webhooks are not ordered, so a contact's reaction or
 * receipt can beat the echo, or the Send API's answer. `held`: the reactions held for these mids of the
 * contact (setReaction), taken; `marks`: the contact's newest receipt watermarks (applyReceipt). A held
 * reaction whose message is stored already is left to the sweeper (settleHeldReactions). CTEs of a
 * statement that inserts messages of contact `contact` of page `page`; `locked` orders it after the lock.
 */
const earlyEventCtes = (page: string, contact: string, mids: string, locked = '') => `
   held as (
     delete from pending_reactions pr using contacts c ${locked ? `join ${locked} l on l.id = c.id` : ''}
      where c.id = ${contact} and pr.page_id = ${page} and pr.psid = c.psid and pr.mid = any(${mids})
        and not exists (select 1 from messages m where m.page_id = ${page} and m.mid = pr.mid)
     returning pr.mid, pr.reaction),
   marks as (
     select delivered_until, read_until from contact_receipt_marks where contact_id = ${contact})`;
/**
 * The reaction, delivered_at and read_at a new row takes of them: a page message whose time (Meta's, else
 * the time stored just before the send, as applyReceipt compares) a watermark covers is delivered, or read.
 */
const earlyEventValues = (mid: string, direction: string, at: string) => `
     (select h.reaction from held h where h.mid = ${mid}),
     (select delivered_until from marks where ${direction} = 'out' and delivered_until >= ${at}),
     (select read_until from marks where ${direction} = 'out' and read_until >= ${at})`;

// One statement, atomic like the transaction it replaces: lock the contact, insert the new mids, move the
// contact's activity fields forward, answer the rows. The final SELECT reads the snapshot from before the
// statement, so rows inserted here come from RETURNING and rows stored earlier (by a webhook) from the table.
// Lock order: the contact row, then the mids, as the webhook ingest takes them (handlers/message.ts upserts
// the contact before it inserts the message). Inserting first and updating the contact last (the update CTE
// runs after the main query) deadlocked a chat send with the ingest of its own echo, and Postgres aborted
// the send after its message had gone out. The insert reads `locked`, so no row is written before the lock.
const STORE_MESSAGES = statement(
  'store_messages',
  `with locked as (
     select id from contacts where id = $2::uuid for no key update),
   item as (
     select * from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[],
                          $11::jsonb[], $12::timestamptz[], $13::boolean[])
       as u(mid, direction, text, sent_by, created_at, attachments, platform_at, by_person)),
   human as (
     select max(created_at) as at from item
      where direction = 'out' and coalesce(by_person, not ${automatedMid('item.mid', '$2::uuid')})),
   ${earlyEventCtes('$1::uuid', '$2::uuid', '$3::text[]', 'locked')},
   inserted as (
     insert into messages (page_id, contact_id, mid, direction, text, sent_by, created_at, attachments,
                           platform_at, reaction, delivered_at, read_at)
     select $1::uuid, locked.id, item.mid, item.direction, item.text, item.sent_by, item.created_at,
            item.attachments, item.platform_at,
            ${earlyEventValues('item.mid', 'item.direction', 'coalesce(item.platform_at, item.created_at)')}
       from locked cross join item
     on conflict (page_id, mid) do nothing
     returning id, mid, direction, text, sent_by as "sentBy", created_at as "createdAt",
       ${isoUs('created_at')} as "createdKey", delivered_at as "deliveredAt", read_at as "readAt",
       attachments, reaction),
   touched as (
     ${storedMessagesUpdate('$1::uuid', '$2::uuid', {
       at: '$8::timestamptz',
       preview: '$9',
       inboundAt: '$10::timestamptz',
       humanAt: '(select at from human)',
     })})
   select * from inserted
   union all
   select ${MESSAGE_COLUMNS} from messages m
   where m.page_id = $1::uuid and m.mid = any($3::text[]) and m.mid not in (select mid from inserted)`,
);
const MESSAGES_BY_MID = statement(
  'messages_by_mid',
  `select ${MESSAGE_COLUMNS}, cp.* from messages m ${CAMPAIGN_OF}
   where m.page_id = $1 and m.mid = any($2::text[])`,
);

/**
 * Stores messages of one contact, once per mid (a webhook may have stored some already), and moves the
 * contact's last-activity fields forward (never back: history is older than what webhooks wrote).
 * Returns the rows of the given mids as stored.
 */
export async function storeMessages(
  db: Sql,
  pageUuid: string,
  contactUuid: string,
  items: NewMessage[],
): Promise<MessageRow[]> {
  if (items.length === 0) return [];
  const latest = items.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
  const inbound = items.filter((m) => m.direction === 'in');
  const latestIn = inbound.length
    ? inbound.reduce((a, b) => (b.createdAt > a.createdAt ? b : a)).createdAt.toISOString()
    : null;
  const mids = items.map((m) => m.mid);
  const rows = await runStatement<MessageRow>(db, STORE_MESSAGES, [
    pageUuid,
    contactUuid,
    mids,
    items.map((m) => m.direction),
    items.map((m) => m.text),
    items.map((m) => m.sentBy),
    items.map((m) => m.createdAt.toISOString()),
    latest.createdAt.toISOString(),
    previewOf(latest.text, latest.attachments ?? []),
    latestIn,
    items.map((m) => (m.attachments?.length ? JSON.stringify(m.attachments) : null)),
    items.map((m) => m.platformAt?.toISOString() ?? null),
    items.map((m) => m.byPerson ?? null),
  ]);
  // A concurrent writer of the same mid (a webhook) that committed after this statement's snapshot: its
  // row is neither inserted here nor visible above; read again now that it is committed.
  if (rows.length < new Set(mids).size)
    return runStatement<MessageRow>(db, MESSAGES_BY_MID, [pageUuid, mids]);
  return rows;
}

/** A message of a conversation's history as the page sync reads it, with its contact's PSID. */
export interface HistoryMessage {
  psid: string;
  mid: string;
  direction: 'in' | 'out';
  text: string;
  sentBy: string;
  /** Meta's time of the message (its created_time). */
  createdAt: Date;
  attachments: MessageAttachment[];
}

// Insert-if-absent by (page, mid), contacts found by PSID in the same statement. Rows go in mid order so
// two writers of overlapping histories take the unique index's locks in one order.
const STORE_HISTORY = statement(
  'store_history',
  `insert into messages (page_id, contact_id, mid, direction, text, sent_by, created_at, platform_at,
                         attachments)
   select $1::uuid, c.id, u.mid, u.direction, u.text, u.sent_by, u.created_at, u.created_at, u.attachments
     from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[],
                 $8::jsonb[]) as u(psid, mid, direction, text, sent_by, created_at, attachments)
     join contacts c on c.page_id = $1::uuid and c.psid = u.psid
    order by u.mid
   on conflict (page_id, mid) do nothing`,
);

/**
 * Stores history read by the page sync, once per mid, in one statement. History is not new activity: the
 * contacts' unread counts and activity fields are left as they are (the sync's contact upsert sets those
 * from the conversation). Returns how many messages were new here.
 */
export async function storeHistory(
  db: Sql,
  pageUuid: string,
  items: readonly HistoryMessage[],
): Promise<number> {
  if (items.length === 0) return 0;
  const { rowCount } = await db.query({
    name: STORE_HISTORY.name,
    text: STORE_HISTORY.text,
    values: [
      pageUuid,
      items.map((m) => m.psid),
      items.map((m) => m.mid),
      items.map((m) => m.direction),
      items.map((m) => m.text),
      items.map((m) => m.sentBy),
      items.map((m) => m.createdAt.toISOString()),
      items.map((m) => (m.attachments.length ? JSON.stringify(m.attachments) : null)),
    ],
  });
  return rowCount ?? 0;
}

// insertMessage's row: $7 is Meta's time of the message (its created_at and platform_at).
const INSERT_MESSAGE = statement(
  'insert_message',
  `with ${earlyEventCtes('$1::uuid', '$2::uuid', 'array[$3::text]')}
   insert into messages as x (page_id, contact_id, mid, direction, text, sent_by, created_at,
                              platform_at, attachments, reaction, delivered_at, read_at)
   select $1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::text, $7::timestamptz, $7::timestamptz,
          $8::jsonb, ${earlyEventValues('$3::text', '$4::text', '$7::timestamptz')}
   on conflict (page_id, mid) do update
     set platform_at = coalesce(x.platform_at, excluded.platform_at),
         attachments = coalesce(x.attachments, excluded.attachments)
     where x.platform_at is null or (x.attachments is null and excluded.attachments is not null)
   returning (xmax = 0) as inserted, reaction, delivered_at as "deliveredAt", read_at as "readAt"`,
);

/** What a message took as it was inserted of the events that came before it. */
export interface EarlyEvents {
  reaction: string | null;
  deliveredAt: Date | null;
  readAt: Date | null;
}

/**
 * Inserts the message unless its mid is already stored; `inserted` when this call stored it, with what it
 * took of the events that came before it (a reaction, receipts: earlyEventCtes). A message stored
 * before (the page's own send, stored when the Send API answered) gets Meta's time from its echo, and
 * the files if it had none. The webhook's store of a message: inbox/record.ts#recordMessage calls it
 * between the contact's upsert and the move of its queue.
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
): Promise<EarlyEvents & { inserted: boolean }> {
  const at = m.at.toISOString();
  const files = m.attachments.length ? JSON.stringify(m.attachments) : null;
  const rows = await runStatement<{
    inserted: boolean;
    reaction: string | null;
    deliveredAt: Date | null;
    readAt: Date | null;
  }>(db, INSERT_MESSAGE, [
    m.pageUuid,
    m.contactId,
    m.mid,
    m.direction,
    m.text,
    m.sentBy,
    at,
    files,
  ]);
  const row = rows[0];
  return {
    inserted: row?.inserted === true,
    reaction: row?.reaction ?? null,
    deliveredAt: row?.deliveredAt ?? null,
    readAt: row?.readAt ?? null,
  };
}

/**
 * The contact's reaction to message `mid` of the conversation (null: taken back). Returns true when it
 * changed a stored message (then there is something to show). A mid not stored here is held in
 * pending_reactions: Meta's webhooks are not ordered, so the reaction may come before the page's message
 * is stored (its echo, or the Send API's answer, still on the way); the message takes it when it is
 * inserted (earlyEventCtes). Of two held for one message, the later (Meta's time) wins.
 */
export async function setReaction(
  db: Sql,
  r: { pageUuid: string; psid: string; mid: string; reaction: string | null; at: Date },
): Promise<boolean> {
  const { rows } = await dz(db).execute(sql`
    with changed as (
      update messages m set reaction = ${r.reaction}
        from contacts c
       where c.id = m.contact_id and c.page_id = ${r.pageUuid} and c.psid = ${r.psid}
         and m.page_id = ${r.pageUuid} and m.mid = ${r.mid}
         and m.reaction is distinct from ${r.reaction}
      returning m.id),
    held as (
      insert into pending_reactions as p (page_id, mid, psid, reaction, at)
      select ${r.pageUuid}, ${r.mid}, ${r.psid}, ${r.reaction}, ${r.at.toISOString()}::timestamptz
       where not exists (select 1 from messages where page_id = ${r.pageUuid} and mid = ${r.mid})
      on conflict (page_id, mid) do update
        set psid = excluded.psid, reaction = excluded.reaction, at = excluded.at
        where p.at <= excluded.at)
    select id from changed`);
  return rows.length > 0;
}

/**
 * Reactions held for a message that another transaction stored at the same moment (its insert did not
 * see them yet) are put on it now; held ones older than a day are let go (a reaction to a message from
 * before Pagecast: nothing will store it). Returns how many messages took one.
 */
export async function settleHeldReactions(db: Sql): Promise<number> {
  const { rows } = await dz(db).execute<{ applied: number }>(sql`
    with gone as (
      delete from pending_reactions p
       where p.created_at < now() - interval '1 day'
          or exists (select 1 from messages m where m.page_id = p.page_id and m.mid = p.mid)
      returning p.page_id, p.mid, p.psid, p.reaction),
    applied as (
      update messages m set reaction = g.reaction
        from gone g join contacts c on c.page_id = g.page_id and c.psid = g.psid
       where m.page_id = g.page_id and m.mid = g.mid and m.contact_id = c.id
         and m.reaction is distinct from g.reaction
      returning m.id)
    select count(*)::int as applied from applied`);
  return rows[0]?.applied ?? 0;
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
  await previewEdited(db, { pageUuid: e.pageUuid, contactId, mid: e.mid, text: e.text });
  return true;
}

/**
 * Marks the page's outbound messages to the contact sent at or before the watermark (or listed by mid)
 * as delivered (and read, for read receipts). The watermark is Meta's time, so it is compared with Meta's
 * time of each message (from its echo), else with the time stored just before the send. Returns the
 * stored time of the newest message it changed (what the live inbox compares with), or null. The newest
 * watermarks are kept per contact for a page message whose receipt came before it was stored.
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
  // Kept for the contact's page messages not stored yet (earlyEventCtes applies it as they are).
  const readUntil = r.read ? sql`${wm}::timestamptz` : sql`null::timestamptz`;
  const { rows } = await dz(db).execute(sql`
    with marks as (
      insert into contact_receipt_marks as x (contact_id, delivered_until, read_until)
      select c.id, ${wm}::timestamptz, ${readUntil}
        from contacts c where c.page_id = ${r.pageUuid} and c.psid = ${r.psid}
      on conflict (contact_id) do update
        set delivered_until = greatest(x.delivered_until, excluded.delivered_until),
            read_until = greatest(x.read_until, excluded.read_until)
        where x.delivered_until < excluded.delivered_until
           or x.read_until is distinct from greatest(x.read_until, excluded.read_until))
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
