// SQL of data deletion (spec §4 "Data deletion"; docs/data-deletion.md). Every function takes a Db or a transaction.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { dz, textArray, type Sql } from '../../db/client.js';
import { admins, campaigns, deletionRequests, pageAdmins, pages } from '../../db/schema/index.js';
import { pageAccessChanging } from '../../auth/page-access-cache.js';
import { announceAccessChanged } from '../../realtime/index.js';

export type AdminRow = typeof admins.$inferSelect;
export type DeletionRequestRow = typeof deletionRequests.$inferSelect;

export interface OwnedPage {
  id: string;
  fbPageId: string;
}

/** Pages this admin manages with no other admin linked: they go with the admin. */
export async function soleManagedPages(db: Sql, adminId: string): Promise<OwnedPage[]> {
  const res = await dz(db).execute<{ id: string; fb_page_id: string }>(sql`
    select p.id, p.fb_page_id
    from ${pages} p
    join ${pageAdmins} pa on pa.page_id = p.id and pa.admin_id = ${adminId}
    where not exists (
      select 1 from ${pageAdmins} other where other.page_id = p.id and other.admin_id <> ${adminId}
    )
    order by p.id`);
  return res.rows.map((r) => ({ id: r.id, fbPageId: r.fb_page_id }));
}

export async function linkedPageCount(db: Sql, adminId: string): Promise<number> {
  const res = await dz(db).execute<{ n: number }>(
    sql`select count(*)::int as n from page_admins where admin_id = ${adminId}`,
  );
  return res.rows[0]?.n ?? 0;
}

/** Stops the campaigns that could still send: workers re-check the status before claiming recipients. */
export async function cancelActiveCampaigns(
  db: Sql,
  pageIds: string[],
  reason: string,
): Promise<string[]> {
  if (pageIds.length === 0) return [];
  const rows = await dz(db)
    .update(campaigns)
    .set({ status: 'cancelled', statusReason: reason, completedAt: new Date() })
    .where(
      and(inArray(campaigns.pageId, pageIds), inArray(campaigns.status, ['pending', 'processing'])),
    )
    .returning({ id: campaigns.id });
  return rows.map((r) => r.id);
}

export async function revokeAdminToken(db: Sql, adminId: string, wipe: boolean): Promise<void> {
  await dz(db)
    .update(admins)
    .set({
      tokenStatus: 'revoked',
      updatedAt: new Date(),
      ...(wipe ? { userTokenEnc: null, userTokenExpiresAt: null } : {}),
    })
    .where(eq(admins.id, adminId));
  // Their own page tokens too: a campaign on a shared page goes on with another admin's, or stops.
  await dz(db)
    .update(pageAdmins)
    .set({ tokenStatus: 'revoked', ...(wipe ? { pageTokenEnc: null } : {}) })
    .where(eq(pageAdmins.adminId, adminId));
}

export async function revokePageTokens(db: Sql, pageIds: string[], wipe: boolean): Promise<void> {
  if (pageIds.length === 0) return;
  await dz(db)
    .update(pages)
    .set({ tokenStatus: 'revoked', updatedAt: new Date(), ...(wipe ? { pageTokenEnc: null } : {}) })
    .where(inArray(pages.id, pageIds));
}

/**
 * One chunk of a page's children: deletes up to `limit` rows of `table` for the page and says how many.
 * The page row's cascade would do the same in one statement; chunks keep each transaction small.
 */
const CHILD_DELETES = {
  campaign_recipients: (pageId: string, limit: number) => sql`
    delete from campaign_recipients where ctid in (
      select r.ctid from campaign_recipients r join campaigns c on c.id = r.campaign_id
      where c.page_id = ${pageId} limit ${limit})`,
  contact_tags: (pageId: string, limit: number) => sql`
    delete from contact_tags where ctid in (
      select ctid from contact_tags where page_id = ${pageId} limit ${limit})`,
  messages: (pageId: string, limit: number) => sql`
    delete from messages where id in (select id from messages where page_id = ${pageId} limit ${limit})`,
  contacts: (pageId: string, limit: number) => sql`
    delete from contacts where id in (select id from contacts where page_id = ${pageId} limit ${limit})`,
} as const;

export const CHILD_TABLES = Object.keys(CHILD_DELETES) as Array<keyof typeof CHILD_DELETES>;

export async function deleteChildChunk(
  db: Sql,
  table: keyof typeof CHILD_DELETES,
  pageId: string,
  limit: number,
): Promise<number> {
  const res = await dz(db).execute(CHILD_DELETES[table](pageId, limit));
  return res.rowCount ?? 0;
}

/** Stored webhook events of these pages (they hold message texts); the payload keeps the page id per entry. */
export async function deleteWebhookEvents(db: Sql, fbPageIds: string[]): Promise<number> {
  if (fbPageIds.length === 0) return 0;
  const res = await dz(db).execute(sql`
    delete from webhook_events
    where exists (
      select 1 from jsonb_array_elements(
        case when jsonb_typeof(payload->'entry') = 'array' then payload->'entry' else '[]'::jsonb end
      ) e
      where e->>'id' = any(${textArray(fbPageIds)}::text[])
    )`);
  return res.rowCount ?? 0;
}

/**
 * Deletes the page (its cascade takes whatever the chunks left: tags, campaigns, syncs, links) unless another admin
 * linked it meanwhile; the row lock keeps a concurrent sign-in from linking it half way through.
 */
export async function deletePageIfSole(tx: Sql, pageId: string, adminId: string): Promise<boolean> {
  const locked = await dz(tx).execute(sql`select id from pages where id = ${pageId} for update`);
  if (locked.rows.length === 0) return false;
  const others = await dz(tx).execute(
    sql`select 1 from page_admins where page_id = ${pageId} and admin_id <> ${adminId} limit 1`,
  );
  if (others.rows.length > 0) return false;
  await dz(tx).delete(pages).where(eq(pages.id, pageId));
  // Its link goes with it: the API processes' page access caches forget the admin's pages on commit.
  pageAccessChanging(adminId);
  await announceAccessChanged(tx, adminId);
  return true;
}

/** The admin row; page links, subscription cascade, and campaigns on shared pages keep a null admin. */
export async function deleteAdminRow(db: Sql, adminId: string): Promise<boolean> {
  const rows = await dz(db)
    .delete(admins)
    .where(eq(admins.id, adminId))
    .returning({ id: admins.id });
  return rows.length > 0;
}

// ---- deletion requests ---------------------------------------------------------------------------

/** Serialises concurrent requests of one user (two callbacks at once share one open request). */
export async function lockUser(tx: Sql, fbUserId: string): Promise<void> {
  await dz(tx).execute(sql`select pg_advisory_xact_lock(hashtext(${`deletion:${fbUserId}`}))`);
}

export async function openRequestFor(
  db: Sql,
  fbUserId: string,
): Promise<DeletionRequestRow | undefined> {
  const [row] = await dz(db)
    .select()
    .from(deletionRequests)
    .where(and(eq(deletionRequests.fbUserId, fbUserId), eq(deletionRequests.status, 'in_progress')))
    .orderBy(desc(deletionRequests.requestedAt))
    .limit(1);
  return row;
}

export async function insertRequest(
  db: Sql,
  fbUserId: string,
  confirmationCode: string,
  status: DeletionRequestRow['status'] = 'in_progress',
): Promise<DeletionRequestRow> {
  const [row] = await dz(db)
    .insert(deletionRequests)
    .values({
      fbUserId,
      confirmationCode,
      status,
      ...(status === 'deleted' ? { completedAt: new Date() } : {}),
    })
    .returning();
  return row as DeletionRequestRow;
}

export async function completeRequests(db: Sql, fbUserId: string): Promise<void> {
  await dz(db)
    .update(deletionRequests)
    .set({ status: 'deleted', completedAt: new Date() })
    .where(
      and(eq(deletionRequests.fbUserId, fbUserId), eq(deletionRequests.status, 'in_progress')),
    );
}

/**
 * A request by its confirmation code, the one key of the public status page: a user id is public (page-
 * scoped ids show up in chats and logs), and a status by user id told anyone whether that person asked
 * Pagecast to delete their data. A code is 80 random bits, known only to the person Meta or Pagecast gave it.
 */
export async function findRequest(db: Sql, code: string): Promise<DeletionRequestRow | undefined> {
  const [row] = await dz(db)
    .select()
    .from(deletionRequests)
    .where(eq(deletionRequests.confirmationCode, code))
    .limit(1);
  return row;
}
