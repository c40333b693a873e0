// SQL of saved replies, scoped by the page's uuid the service already checked the admin manages.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { dz, type Sql } from '../../db/client.js';
import { pages, savedReplies } from '../../db/schema/index.js';

export type SavedReplyRow = typeof savedReplies.$inferSelect;

export async function listReplies(db: Sql, pageUuid: string): Promise<SavedReplyRow[]> {
  return dz(db)
    .select()
    .from(savedReplies)
    .where(eq(savedReplies.pageId, pageUuid))
    .orderBy(asc(sql`lower(${savedReplies.title})`), asc(savedReplies.id));
}

/**
 * Inserts the reply unless the page already keeps `max` (null then). Run in a transaction: the page row is
 * locked first, so two admins saving the 100th reply at once cannot both pass the count.
 */
export async function insertReplyUnderCap(
  tx: Sql,
  input: { pageUuid: string; title: string; body: string },
  max: number,
): Promise<SavedReplyRow | null> {
  const db = dz(tx);
  await db.select({ id: pages.id }).from(pages).where(eq(pages.id, input.pageUuid)).for('update');
  const [held] = await db
    .select({ n: count() })
    .from(savedReplies)
    .where(eq(savedReplies.pageId, input.pageUuid));
  if ((held?.n ?? 0) >= max) return null;
  const [row] = await db
    .insert(savedReplies)
    .values({ pageId: input.pageUuid, title: input.title, body: input.body })
    .returning();
  return row ?? null;
}

export async function updateReply(
  db: Sql,
  pageUuid: string,
  id: string,
  input: { title: string; body: string },
): Promise<SavedReplyRow | undefined> {
  const [row] = await dz(db)
    .update(savedReplies)
    .set({ title: input.title, body: input.body, updatedAt: sql`now()` })
    .where(and(eq(savedReplies.id, id), eq(savedReplies.pageId, pageUuid)))
    .returning();
  return row;
}

export async function deleteReply(db: Sql, pageUuid: string, id: string): Promise<boolean> {
  const rows = await dz(db)
    .delete(savedReplies)
    .where(and(eq(savedReplies.id, id), eq(savedReplies.pageId, pageUuid)))
    .returning({ id: savedReplies.id });
  return rows.length > 0;
}
