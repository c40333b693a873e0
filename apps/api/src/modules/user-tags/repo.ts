// SQL of user-tag assignments (contact_tags). Contacts and tags are looked up within one page only, so
// a tag of page A can never be put on a contact of page B.
import { and, asc, eq, sql } from 'drizzle-orm';
import { dz, type Sql } from '../../db/client.js';
import { placeholders, recipientMatch, type RecipientQuery } from '../inbox/index.js';
import { contactTags, tags } from '../../db/schema/index.js';

/** The page's tag `tagId` (its name for the webhook events), or undefined. */
export async function tagOnPage(
  db: Sql,
  pageId: string,
  tagId: string,
): Promise<{ id: string; name: string } | undefined> {
  const rows = await dz(db)
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.pageId, pageId), eq(tags.id, tagId)))
    .limit(1);
  return rows[0];
}

/** The contact's tags, by name. */
export async function contactTagList(db: Sql, contactId: string) {
  return dz(db)
    .select({ id: tags.id, name: tags.name, description: tags.description })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(eq(contactTags.contactId, contactId))
    .orderBy(sql`lower(${tags.name})`, asc(tags.id));
}

/** Adding what is already there does nothing (retries and double clicks are safe). True: it was added. */
export async function addAssignment(
  db: Sql,
  values: { pageId: string; contactId: string; tagId: string },
): Promise<boolean> {
  const rows = await dz(db)
    .insert(contactTags)
    .values(values)
    .onConflictDoNothing()
    .returning({ tagId: contactTags.tagId });
  return rows.length > 0;
}

/** True: the contact had the tag. */
export async function removeAssignment(
  db: Sql,
  contactId: string,
  tagId: string,
): Promise<boolean> {
  const rows = await dz(db)
    .delete(contactTags)
    .where(and(eq(contactTags.contactId, contactId), eq(contactTags.tagId, tagId)))
    .returning({ tagId: contactTags.tagId });
  return rows.length > 0;
}

/** What one chunk changed: each assignment added or removed (for the webhook events). */
export interface TagChange {
  contactId: string;
  tagId: string;
  added: boolean;
}

/**
 * One chunk of a bulk run: the next `limit` contacts of the page (by id, after `after`) that the search
 * matches get `add` and lose `remove`, in one statement (both changes see the same matching contacts, so
 * removing the tag the search filters by still works). Idempotent: a retried chunk changes nothing more.
 * Returns the contacts of the chunk, in order, and the assignments it added or removed.
 */
export async function bulkAssign(
  db: Sql,
  r: {
    pageUuid: string;
    match: RecipientQuery;
    after: string | null;
    limit: number;
    add: string[];
    remove: string[];
  },
): Promise<{ chunk: string[]; changes: TagChange[] }> {
  const values: unknown[] = [r.pageUuid, r.limit, r.add, r.remove];
  const param = placeholders(values);
  const where = ['c.page_id = $1::uuid', ...recipientMatch(r.match, param, '$1::uuid')];
  if (r.after) where.push(`c.id > ${param(r.after)}::uuid`);
  // One row per contact of the chunk (tag null), then one per assignment it changed.
  const { rows } = await db.query<{ id: string; tag_id: string | null; added: boolean | null }>(
    `with chunk as (
       select c.id from contacts c where ${where.join(' and ')} order by c.id limit $2),
     added as (
       insert into contact_tags (contact_id, tag_id, page_id)
       select chunk.id, t.id, $1::uuid from chunk cross join unnest($3::uuid[]) as t(id)
       on conflict do nothing returning contact_id, tag_id),
     removed as (
       delete from contact_tags ct using chunk
        where ct.contact_id = chunk.id and ct.tag_id = any($4::uuid[]) returning ct.contact_id, ct.tag_id)
     select id, null::uuid as tag_id, null::boolean as added from chunk
     union all select contact_id, tag_id, true from added
     union all select contact_id, tag_id, false from removed`,
    values,
  );
  const chunk: string[] = [];
  const changes: TagChange[] = [];
  for (const x of rows) {
    if (x.tag_id === null) chunk.push(x.id);
    else changes.push({ contactId: x.id, tagId: x.tag_id, added: x.added === true });
  }
  // uuid order is the order of their lowercase hex text.
  return { chunk: chunk.sort(), changes };
}

/**
 * The INSERT that gives the contacts of `chunk` (a CTE of the caller's statement with a `contact_id`
 * column) the tag `tagId` (a parameter), unless they have it; one row (`contact_id`) per new assignment. For a
 * campaign's 'Tag these recipients', which picks its chunk from the campaign's recipients.
 */
export const tagChunkSql = (chunk: string, tagId: string) =>
  `insert into contact_tags (contact_id, tag_id, page_id)
       select ${chunk}.contact_id, t.id, t.page_id from ${chunk} cross join tags t where t.id = ${tagId}
       on conflict do nothing returning contact_id`;

/** Which of `tagIds` are the page's tags: their names by id. */
export async function pageTagNames(
  db: Sql,
  pageUuid: string,
  tagIds: string[],
): Promise<Map<string, string>> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `select id, name from tags where page_id = $1 and id = any($2::uuid[])`,
    [pageUuid, tagIds],
  );
  return new Map(rows.map((x) => [x.id, x.name]));
}
