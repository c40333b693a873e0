// SQL of the inbox. Keyset paging everywhere: a cursor is the (sort key, id) of the last row served, so rows
// that move (a contact writing again jumps to the top) never shift the others between pages.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** Timestamps travel as exact text (microseconds, UTC) so a cursor compares equal to the stored value. */
const ISO_US = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
const isoUs = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', ${ISO_US})`);

export interface ContactRow {
  id: string;
  psid: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profilePic: string | null;
  lastMessageAt: Date | null;
  /** Exact sort key for the cursor (null when the contact never wrote). */
  lastMessageKey: string | null;
  lastMessagePreview: string | null;
  lastInboundAt: Date | null;
  historySyncedAt: Date | null;
}

const contactColumns = sql`
  c.id, c.psid, c.name, c.first_name as "firstName", c.last_name as "lastName", c.email,
  c.profile_pic as "profilePic", c.last_message_at as "lastMessageAt",
  ${isoUs('c.last_message_at')} as "lastMessageKey",
  c.last_message_preview as "lastMessagePreview", c.last_inbound_at as "lastInboundAt",
  c.history_synced_at as "historySyncedAt"`;

type RawContact = Omit<ContactRow, 'lastMessageAt' | 'lastInboundAt' | 'historySyncedAt'> & {
  lastMessageAt: Date | string | null;
  lastInboundAt: Date | string | null;
  historySyncedAt: Date | string | null;
};
const toDate = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));
const toContact = (r: RawContact): ContactRow => ({
  ...r,
  lastMessageAt: toDate(r.lastMessageAt),
  lastInboundAt: toDate(r.lastInboundAt),
  historySyncedAt: toDate(r.historySyncedAt),
});

export interface RecipientCursor {
  /** last_message_at of the last row served (exact text), or null for the NULL tail. */
  at: string | null;
  id: string;
}

/**
 * One page of contacts, ordered (last_message_at DESC NULLS LAST, id DESC) like contacts_page_recent_idx.
 * After a cursor in the dated part: the older dated rows, then the NULL tail. Two index range scans joined
 * by UNION ALL, each limited, instead of one OR that would walk the index from the start.
 */
export async function listContacts(
  db: Db,
  pageUuid: string,
  after: RecipientCursor | null,
  limit: number,
): Promise<ContactRow[]> {
  let query;
  if (!after) {
    query = sql`select ${contactColumns} from contacts c where c.page_id = ${pageUuid}
      order by c.last_message_at desc nulls last, c.id desc limit ${limit}`;
  } else if (after.at !== null) {
    query = sql`(select ${contactColumns} from contacts c
        where c.page_id = ${pageUuid} and c.last_message_at is not null
          and (c.last_message_at, c.id) < (${after.at}::timestamptz, ${after.id}::uuid)
        order by c.last_message_at desc, c.id desc limit ${limit})
      union all
      (select ${contactColumns} from contacts c
        where c.page_id = ${pageUuid} and c.last_message_at is null
        order by c.id desc limit ${limit})`;
  } else {
    query = sql`select ${contactColumns} from contacts c
      where c.page_id = ${pageUuid} and c.last_message_at is null and c.id < ${after.id}::uuid
      order by c.id desc limit ${limit}`;
  }
  const { rows } = await db.execute<RawContact>(query);
  // UNION ALL keeps each branch's order and the dated branch comes first, but SQL does not promise it: sort.
  return rows.map(toContact).sort(compareRecent).slice(0, limit);
}

function compareRecent(a: ContactRow, b: ContactRow): number {
  if (a.lastMessageKey !== b.lastMessageKey) {
    if (a.lastMessageKey === null) return 1;
    if (b.lastMessageKey === null) return -1;
    return a.lastMessageKey < b.lastMessageKey ? 1 : -1;
  }
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export async function findContact(db: Db, pageUuid: string, psid: string): Promise<ContactRow | null> {
  const { rows } = await db.execute<RawContact>(
    sql`select ${contactColumns} from contacts c where c.page_id = ${pageUuid} and c.psid = ${psid} limit 1`,
  );
  return rows[0] ? toContact(rows[0]) : null;
}

export interface MessageRow {
  id: string;
  mid: string;
  direction: 'in' | 'out';
  text: string | null;
  sentBy: string;
  createdAt: Date;
  /** Exact sort key for the cursor. */
  createdKey: string;
  deliveredAt: Date | null;
  readAt: Date | null;
}

export interface MessageCursor {
  at: string;
  id: string;
}

type RawMessage = Omit<MessageRow, 'createdAt' | 'deliveredAt' | 'readAt'> & {
  createdAt: Date | string;
  deliveredAt: Date | string | null;
  readAt: Date | string | null;
};

/** Newest first, (created_at DESC, id DESC) like messages_contact_recent_idx. */
export async function listMessages(
  db: Db,
  contactUuid: string,
  after: MessageCursor | null,
  limit: number,
): Promise<MessageRow[]> {
  const { rows } = await db.execute<RawMessage>(sql`
    select m.id, m.mid, m.direction, m.text, m.sent_by as "sentBy", m.created_at as "createdAt",
      ${isoUs('m.created_at')} as "createdKey", m.delivered_at as "deliveredAt", m.read_at as "readAt"
    from messages m
    where m.contact_id = ${contactUuid}
      ${after ? sql`and (m.created_at, m.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
    order by m.created_at desc, m.id desc
    limit ${limit}`);
  return rows.map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt),
    deliveredAt: toDate(r.deliveredAt),
    readAt: toDate(r.readAt),
  }));
}

export interface NewMessage {
  mid: string;
  direction: 'in' | 'out';
  text: string;
  sentBy: string;
  createdAt: Date;
}

/**
 * Stores messages of one contact, once per mid (a webhook may have stored some already), and moves the
 * contact's last-activity fields forward (never back: history is older than what webhooks wrote).
 * Returns the rows of the given mids as stored.
 */
export async function storeMessages(
  db: Db,
  pageUuid: string,
  contactUuid: string,
  items: NewMessage[],
): Promise<MessageRow[]> {
  if (items.length === 0) return [];
  return db.transaction(async (tx) => {
    const values = sql.join(
      items.map(
        (m) =>
          sql`(${pageUuid}::uuid, ${contactUuid}::uuid, ${m.mid}, ${m.direction}, ${m.text}, ${m.sentBy}, ${m.createdAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      insert into messages (page_id, contact_id, mid, direction, text, sent_by, created_at)
      values ${values}
      on conflict (page_id, mid) do nothing`);
    const latest = items.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
    const inbound = items.filter((m) => m.direction === 'in');
    const latestIn = inbound.length
      ? inbound.reduce((a, b) => (b.createdAt > a.createdAt ? b : a)).createdAt.toISOString()
      : null;
    await tx.execute(sql`
      update contacts set
        last_message_preview = case
          when last_message_at is null or last_message_at <= ${latest.createdAt.toISOString()}::timestamptz
          then ${latest.text} else last_message_preview end,
        last_message_at = greatest(last_message_at, ${latest.createdAt.toISOString()}::timestamptz),
        last_inbound_at = greatest(last_inbound_at, ${latestIn}::timestamptz),
        updated_at = now()
      where id = ${contactUuid}`);
    const mids = sql.join(
      items.map((m) => sql`${m.mid}`),
      sql`, `,
    );
    const { rows } = await tx.execute<RawMessage>(sql`
      select m.id, m.mid, m.direction, m.text, m.sent_by as "sentBy", m.created_at as "createdAt",
        ${isoUs('m.created_at')} as "createdKey", m.delivered_at as "deliveredAt", m.read_at as "readAt"
      from messages m where m.page_id = ${pageUuid} and m.mid in (${mids})`);
    return rows.map((r) => ({
      ...r,
      createdAt: new Date(r.createdAt),
      deliveredAt: toDate(r.deliveredAt),
      readAt: toDate(r.readAt),
    }));
  });
}

export async function markHistorySynced(db: Db, contactUuid: string): Promise<void> {
  await db.execute(sql`update contacts set history_synced_at = now() where id = ${contactUuid}`);
}

export type TagRow = {
  id: string;
  name: string;
  description: string;
};

export async function contactTags(db: Db, contactUuid: string): Promise<TagRow[]> {
  const { rows } = await db.execute<TagRow>(sql`
    select t.id, t.name, t.description from contact_tags ct join tags t on t.id = ct.tag_id
    where ct.contact_id = ${contactUuid} order by lower(t.name), t.id`);
  return rows;
}
