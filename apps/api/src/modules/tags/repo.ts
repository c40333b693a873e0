// SQL of the tags capability. Tags belong to a page (pages.id uuid); callers pass the page row they
// already checked the admin manages.
import { and, asc, eq } from 'drizzle-orm';
import { adminPage } from '../../auth/guards.js';
import { dz, inTransaction, runStatement, statement, type Sql } from '../../db/client.js';
import { campaigns, pageAdmins, pages, tags } from '../../db/schema/index.js';

export interface TagRow {
  id: string;
  name: string;
  description: string;
  /** The page's social network id (what the API answers as `pageId`). */
  fbPageId: string;
}

const tagColumns = {
  id: tags.id,
  name: tags.name,
  description: tags.description,
};

// The page check, then a LATERAL read of the page's tags: no row when the admin does not manage the page,
// one all-null row when it has no tags.
const ADMIN_PAGE_TAGS = statement(
  'admin_page_tags',
  `select t.id, t.name, t.description, t.count
   from (select p.id from ${adminPage('$1', '$2', 'analytics')}) p
   left join lateral (
     select t.id, t.name, t.description, t.contact_count as count
     from tags t where t.page_id = p.id) t on true
   order by lower(t.name), t.name, t.id`,
);

/**
 * The tags of page `fbPageId` if `adminId` manages it (else null), with how many of its contacts carry
 * each (tags.contact_count, kept by triggers on contact_tags), ordered by name: one round trip.
 */
export async function listAdminPageTagsWithCounts(
  db: Sql,
  adminId: string,
  fbPageId: string,
): Promise<Array<{ id: string; name: string; description: string; count: number }> | null> {
  const rows = await runStatement<{
    id: string | null;
    name: string;
    description: string;
    count: number;
  }>(db, ADMIN_PAGE_TAGS, [fbPageId, adminId]);
  if (rows.length === 0) return null;
  return rows.filter((r): r is typeof r & { id: string } => r.id !== null);
}

/**
 * Inserts the tag, or returns null when the page already has one of that name (any case). ON CONFLICT
 * also covers two concurrent creates: the second waits for the first to commit, then does nothing.
 */
export async function insertTag(
  db: Sql,
  values: { pageId: string; name: string; description: string },
): Promise<{ id: string; name: string; description: string } | null> {
  const rows = await dz(db).insert(tags).values(values).onConflictDoNothing().returning(tagColumns);
  return rows[0] ?? null;
}

/** The tag if it belongs to a page this admin manages (else null: the caller answers 404). */
export async function findAdminTag(
  db: Sql,
  adminId: string,
  tagId: string,
): Promise<(TagRow & { pageId: string; tasks: string[] }) | null> {
  const rows = await dz(db)
    .select({
      ...tagColumns,
      pageId: tags.pageId,
      fbPageId: pages.fbPageId,
      tasks: pageAdmins.tasks,
    })
    .from(tags)
    .innerJoin(pages, eq(pages.id, tags.pageId))
    .innerJoin(pageAdmins, and(eq(pageAdmins.pageId, tags.pageId), eq(pageAdmins.adminId, adminId)))
    .where(eq(tags.id, tagId))
    .limit(1);
  return rows[0] ?? null;
}

/** Renames / re-describes; throws the driver's unique violation on a duplicate name. Null if gone. */
export async function updateTag(
  db: Sql,
  tagId: string,
  values: { name: string; description: string },
) {
  const rows = await dz(db)
    .update(tags)
    .set(values)
    .where(eq(tags.id, tagId))
    .returning(tagColumns);
  return rows[0] ?? null;
}

export type DeleteTagResult =
  { deleted: true } | { deleted: false; pendingCampaign: string } | { deleted: false; gone: true };

/**
 * Deletes the tag (its assignments cascade) unless a pending campaign targets it. The tag row is locked
 * first: a campaign being created on it holds the FK's key-share lock, so either its insert is visible
 * to the check or it waits and then fails its FK check — never a pending campaign with a vanished tag.
 */
export async function deleteTagUnlessPending(db: Sql, tagId: string): Promise<DeleteTagResult> {
  return inTransaction(db, async (tx) => {
    const locked = await dz(tx)
      .select({ id: tags.id })
      .from(tags)
      .where(eq(tags.id, tagId))
      .for('update');
    if (locked.length === 0) return { deleted: false, gone: true };
    const pending = await dz(tx)
      .select({ name: campaigns.name })
      .from(campaigns)
      .where(and(eq(campaigns.tagId, tagId), eq(campaigns.status, 'pending')))
      .orderBy(asc(campaigns.scheduledTime))
      .limit(1);
    if (pending[0]) return { deleted: false, pendingCampaign: pending[0].name };
    await dz(tx).delete(tags).where(eq(tags.id, tagId));
    return { deleted: true };
  });
}
