// SQL of private notes. Every statement is scoped by the page's uuid the service already checked the admin
// manages, so an id of another page's note finds nothing.
import { and, asc, eq, sql } from 'drizzle-orm';
import { dz, type Sql } from '../../db/client.js';
import { admins, conversationNotes } from '../../db/schema/index.js';

export interface NoteRow {
  id: string;
  authorId: string | null;
  authorName: string | null;
  body: string;
  createdAt: Date;
  updatedAt: Date;
}

const noteColumns = {
  id: conversationNotes.id,
  authorId: conversationNotes.authorId,
  authorName: admins.name,
  body: conversationNotes.body,
  createdAt: conversationNotes.createdAt,
  updatedAt: conversationNotes.updatedAt,
};

export async function listNotes(db: Sql, pageUuid: string, contactUuid: string) {
  return dz(db)
    .select(noteColumns)
    .from(conversationNotes)
    .leftJoin(admins, eq(admins.id, conversationNotes.authorId))
    .where(
      and(eq(conversationNotes.pageId, pageUuid), eq(conversationNotes.contactId, contactUuid)),
    )
    .orderBy(asc(conversationNotes.createdAt), asc(conversationNotes.id));
}

export async function findNote(
  db: Sql,
  pageUuid: string,
  contactUuid: string,
  noteId: string,
): Promise<NoteRow | undefined> {
  const [row] = await dz(db)
    .select(noteColumns)
    .from(conversationNotes)
    .leftJoin(admins, eq(admins.id, conversationNotes.authorId))
    .where(
      and(
        eq(conversationNotes.id, noteId),
        eq(conversationNotes.pageId, pageUuid),
        eq(conversationNotes.contactId, contactUuid),
      ),
    );
  return row;
}

export async function insertNote(
  db: Sql,
  input: { pageUuid: string; contactUuid: string; authorId: string; body: string },
): Promise<string> {
  const [row] = await dz(db)
    .insert(conversationNotes)
    .values({
      pageId: input.pageUuid,
      contactId: input.contactUuid,
      authorId: input.authorId,
      body: input.body,
    })
    .returning({ id: conversationNotes.id });
  if (!row) throw new Error('insertNote: no row');
  return row.id;
}

/** Rewrites the note if `authorId` wrote it; false when it is gone or someone else's. */
export async function updateOwnNote(
  db: Sql,
  noteId: string,
  authorId: string,
  body: string,
): Promise<boolean> {
  const rows = await dz(db)
    .update(conversationNotes)
    .set({ body, updatedAt: sql`now()` })
    .where(and(eq(conversationNotes.id, noteId), eq(conversationNotes.authorId, authorId)))
    .returning({ id: conversationNotes.id });
  return rows.length > 0;
}

export async function deleteOwnNote(db: Sql, noteId: string, authorId: string): Promise<boolean> {
  const rows = await dz(db)
    .delete(conversationNotes)
    .where(and(eq(conversationNotes.id, noteId), eq(conversationNotes.authorId, authorId)))
    .returning({ id: conversationNotes.id });
  return rows.length > 0;
}
