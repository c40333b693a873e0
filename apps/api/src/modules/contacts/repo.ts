// SQL of a page's contacts, shared by the page sync, the webhook ingest and anything else that learns about
// a contact. Upserts are monotonic: an older source (a sync page fetched before a webhook arrived) never
// overwrites newer facts (last message time, preview, last inbound time) and never blanks a known field.
import { and, eq, sql } from 'drizzle-orm';
import { dz, type Sql } from '../../db/client.js';
import { contacts } from '../../db/schema/index.js';

export interface ContactUpsert {
  psid: string;
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  profilePic?: string | null;
  lastMessageAt?: Date | null;
  lastMessagePreview?: string | null;
  /** Last time the contact wrote or acted: opens the 24-hour window. */
  lastInboundAt?: Date | null;
}

export type UpsertedContact = {
  id: string;
  psid: string;
  /** true when this call created the contact. */
  inserted: boolean;
};

/** Previews are list hints; the full text lives in messages. */
export const PREVIEW_MAX_CHARS = 200;
const preview = (text: string | null | undefined) =>
  text == null ? null : text.length > PREVIEW_MAX_CHARS ? text.slice(0, PREVIEW_MAX_CHARS) : text;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The SET clause that moves a contact's last activity forward, never back: the preview follows the newest
 * message (a tie goes to the newcomer), and the last message and last inbound times only grow, so an older
 * source (a sync page fetched before a webhook arrived, history) never overwrites newer facts. The one
 * statement of this rule, for the upserts here and the inbox's store of messages (one statement there
 * too). Arguments are SQL expressions (columns or parameters), never data.
 */
export function activitySet(
  target: string,
  at: string,
  preview: string,
  inboundAt: string,
): string {
  return `last_message_preview = case
        when ${at} is not null
         and (${target}.last_message_at is null or ${at} >= ${target}.last_message_at)
        then coalesce(${preview}, ${target}.last_message_preview)
        else ${target}.last_message_preview end,
      last_message_at = greatest(${target}.last_message_at, ${at}),
      last_inbound_at = greatest(${target}.last_inbound_at, ${inboundAt}),
      updated_at = now()`;
}

/**
 * Upserts many contacts of one page in one statement (INSERT ... SELECT jsonb_to_recordset ... ON CONFLICT). Rows with
 * the same PSID are merged first (Postgres refuses to update one row twice in a statement).
 */
export async function upsertContacts(
  db: Sql,
  pageUuid: string,
  rows: readonly ContactUpsert[],
): Promise<UpsertedContact[]> {
  if (rows.length === 0) return [];
  const byPsid = new Map<string, ContactUpsert>();
  for (const r of rows) byPsid.set(r.psid, { ...byPsid.get(r.psid), ...stripUndefined(r) });
  const list = [...byPsid.values()];
  // One JSON parameter whatever the batch size (drizzle would expand JS arrays into one param per item).
  const json = JSON.stringify(
    list.map((r) => ({
      psid: r.psid,
      name: r.name ?? null,
      first_name: r.firstName ?? null,
      last_name: r.lastName ?? null,
      email: r.email ?? null,
      profile_pic: r.profilePic ?? null,
      last_message_at: iso(r.lastMessageAt),
      last_message_preview: preview(r.lastMessagePreview),
      last_inbound_at: iso(r.lastInboundAt),
    })),
  );
  const { rows: out } = await dz(db).execute<UpsertedContact>(sql`
    insert into contacts as c (page_id, psid, name, first_name, last_name, email, profile_pic,
                               last_message_at, last_message_preview, last_inbound_at)
    select ${pageUuid}::uuid, u.psid, u.name, u.first_name, u.last_name, u.email, u.profile_pic,
           u.last_message_at, u.last_message_preview, u.last_inbound_at
      from jsonb_to_recordset(${json}::jsonb) as u(
             psid text, name text, first_name text, last_name text, email text, profile_pic text,
             last_message_at timestamptz, last_message_preview text, last_inbound_at timestamptz)
    on conflict (page_id, psid) do update set
      name = coalesce(excluded.name, c.name),
      first_name = coalesce(excluded.first_name, c.first_name),
      last_name = coalesce(excluded.last_name, c.last_name),
      email = coalesce(excluded.email, c.email),
      profile_pic = coalesce(excluded.profile_pic, c.profile_pic),
      ${sql.raw(
        activitySet(
          'c',
          'excluded.last_message_at',
          'excluded.last_message_preview',
          'excluded.last_inbound_at',
        ),
      )}
    returning c.id, c.psid, (xmax = 0) as inserted`);
  // A name without its parts (the Conversations API's participants have `name` only): the first word is
  // the first name, the rest the last name, where none is known yet. A profile's own parts (the User
  // Profile API's first_name and last_name) replace them when they come.
  const split = list.filter((r) => r.name && !r.firstName).map((r) => r.psid);
  if (split.length > 0)
    await dz(db).execute(sql`
      update contacts set
        first_name = substring(btrim(name) from '^\\S+'),
        last_name = coalesce(last_name, nullif(btrim(substring(btrim(name) from '^\\S+\\s+(.*)$')), ''))
       where page_id = ${pageUuid} and psid in (select jsonb_array_elements_text(${JSON.stringify(split)}::jsonb))
         and first_name is null and nullif(btrim(name), '') is not null`);
  return out;
}

export async function upsertContact(
  db: Sql,
  pageUuid: string,
  row: ContactUpsert,
): Promise<UpsertedContact> {
  const [out] = await upsertContacts(db, pageUuid, [row]);
  if (!out) throw new Error('contact upsert returned no row');
  return out;
}

function stripUndefined(r: ContactUpsert): ContactUpsert {
  return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as ContactUpsert;
}

/** One more message the page has not seen in this conversation. */
export async function countUnread(db: Sql, contactId: string): Promise<void> {
  await dz(db).execute(
    sql`update contacts set unread_count = unread_count + 1 where id = ${contactId}`,
  );
}

/** The contact edited message `mid`: it becomes the preview, when it is their newest message. */
export async function previewEdited(
  db: Sql,
  e: { pageUuid: string; contactId: string; mid: string; text: string },
): Promise<void> {
  await dz(db).execute(sql`
    update contacts c set last_message_preview = left(${e.text}, ${PREVIEW_MAX_CHARS}), updated_at = now()
     where c.id = ${e.contactId}
       and not exists (select 1 from messages n where n.contact_id = c.id
                        and n.created_at > (select created_at from messages where page_id = ${e.pageUuid}
                                              and mid = ${e.mid}))`);
}

/** The page's contact with this PSID (its uuid), or null. */
export async function findContactId(
  db: Sql,
  pageUuid: string,
  psid: string,
): Promise<string | null> {
  const [row] = await dz(db)
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.pageId, pageUuid), eq(contacts.psid, psid)))
    .limit(1);
  return row?.id ?? null;
}
