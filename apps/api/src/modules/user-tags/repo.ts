// SQL of user-tag assignments (contact_tags). Contacts and tags are looked up within one page only, so
// a tag of page A can never be put on a contact of page B.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contactTags, contacts, tags } from '../../db/schema.js';

export async function findContactId(db: Db, pageId: string, psid: string): Promise<string | null> {
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.pageId, pageId), eq(contacts.psid, psid)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function tagExistsOnPage(db: Db, pageId: string, tagId: string): Promise<boolean> {
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.pageId, pageId), eq(tags.id, tagId)))
    .limit(1);
  return rows.length > 0;
}

/** The contact's tags, by name. */
export async function contactTagList(db: Db, contactId: string) {
  return db
    .select({ id: tags.id, name: tags.name, description: tags.description })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(eq(contactTags.contactId, contactId))
    .orderBy(sql`lower(${tags.name})`, asc(tags.id));
}

/** Adding what is already there does nothing (retries and double clicks are safe). */
export async function addAssignment(
  db: Db,
  values: { pageId: string; contactId: string; tagId: string },
) {
  await db.insert(contactTags).values(values).onConflictDoNothing();
}

export async function removeAssignment(db: Db, contactId: string, tagId: string) {
  await db
    .delete(contactTags)
    .where(and(eq(contactTags.contactId, contactId), eq(contactTags.tagId, tagId)));
}
