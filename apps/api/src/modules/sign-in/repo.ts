// SQL of sign-in: the admin, their pages and the links between them, written in one transaction.
import { eq, sql } from 'drizzle-orm';
import { dz, inTransaction, type Sql } from '../../db/client.js';
import { admins } from '../../db/schema/index.js';
import { linkPageAdmins, markAdminPageTokensInvalid, upsertPages } from '../page-rows/index.js';
import { pageAccessChanging } from '../../auth/page-access-cache.js';
import { announceAccessChanged } from '../../realtime/index.js';
import { syncAdminHolds } from '../campaigns/index.js';

export interface AdminInput {
  fbUserId: string;
  name: string;
  email: string | null;
  profilePic: string | null;
  /** Encrypted long-lived user token. */
  userTokenEnc: string;
  userTokenExpiresAt: Date | null;
  /** What Facebook says the admin granted (debug_token's `scopes`). */
  grantedScopes: string[];
}

export interface PageInput {
  fbPageId: string;
  name: string;
  profilePicture: string | null;
  category: string | null;
  /** Encrypted page token. */
  pageTokenEnc: string | null;
  tasks: string[];
}

/**
 * Upserts the admin and every page they manage, links them and unlinks the pages they no longer manage.
 * A transaction-scoped advisory lock on the user id serialises two sign-ins of the same user; ON CONFLICT
 * covers two users sharing a page signing in at once. Pages are written in id order so concurrent
 * transactions lock rows in the same order (no deadlock).
 */
export async function saveSignIn(
  db: Sql,
  admin: AdminInput,
  pageInputs: PageInput[],
): Promise<{ adminId: string; unlinked: number }> {
  return inTransaction(db, async (tx) => {
    await dz(tx).execute(
      sql`select pg_advisory_xact_lock(hashtext('sign-in'), hashtext(${admin.fbUserId}))`,
    );
    const [saved] = await dz(tx)
      .insert(admins)
      .values({ ...admin, tokenStatus: 'valid' })
      .onConflictDoUpdate({
        target: admins.fbUserId,
        set: {
          name: admin.name,
          email: admin.email,
          profilePic: admin.profilePic,
          userTokenEnc: admin.userTokenEnc,
          userTokenExpiresAt: admin.userTokenExpiresAt,
          grantedScopes: admin.grantedScopes,
          tokenStatus: 'valid',
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: admins.id });
    if (!saved) throw new Error('admin upsert returned no row');
    const adminId = saved.id;

    const unlinked = await linkAdminPages(tx, adminId, pageInputs);
    return { adminId, unlinked };
  });
}

/**
 * The admin's pages as Facebook lists them now: pages upserted, their links (tasks, the admin's own page
 * token) written, and the links to pages they no longer manage removed. Sign-in and the page access
 * re-check both run it, in their transaction. Returns how many pages were unlinked.
 */
export async function linkAdminPages(
  tx: Sql,
  adminId: string,
  pageInputs: PageInput[],
): Promise<number> {
  const sorted = [...pageInputs].sort((a, b) => a.fbPageId.localeCompare(b.fbPageId));
  let pageIds: string[] = [];
  if (sorted.length > 0) {
    const rows = await upsertPages(tx, sorted);
    const idOf = new Map(rows.map((r) => [r.fbPageId, r.id]));
    pageIds = sorted.map((p) => idOf.get(p.fbPageId) as string);
  }
  const removed = await linkPageAdmins(
    tx,
    adminId,
    sorted.map((p, i) => ({
      pageId: pageIds[i] as string,
      tasks: p.tasks,
      pageTokenEnc: p.pageTokenEnc,
    })),
  );
  // Facebook just confirmed what they manage: their pending campaigns are held or released to match.
  await dz(tx)
    .update(admins)
    .set({ accessVerifiedAt: sql`now()` })
    .where(eq(admins.id, adminId));
  await syncAdminHolds(tx, adminId);
  // Open live streams of this admin re-check their page once this commits (a lost page or role ends them).
  pageAccessChanging(adminId);
  await announceAccessChanged(tx, adminId);
  return removed.length;
}

/** The admin's time zone setting (undefined: no such admin). */
export async function adminTimeZone(
  db: Sql,
  adminId: string,
): Promise<{ timeZone: string | null } | undefined> {
  const [row] = await dz(db)
    .select({ timeZone: admins.timeZone })
    .from(admins)
    .where(eq(admins.id, adminId));
  return row;
}

export async function setAdminTimeZone(
  db: Sql,
  adminId: string,
  timeZone: string | null,
): Promise<void> {
  await dz(db)
    .update(admins)
    .set({ timeZone, updatedAt: new Date() })
    .where(eq(admins.id, adminId));
}

/** The admin of this social network user id, if they ever signed in. */
export async function findAdmin(
  db: Sql,
  fbUserId: string,
): Promise<typeof admins.$inferSelect | undefined> {
  const [row] = await dz(db).select().from(admins).where(eq(admins.fbUserId, fbUserId)).limit(1);
  return row;
}

/** The admin's stored user token and its status, for the page access re-check. */
export async function adminUserToken(
  db: Sql,
  adminId: string,
): Promise<{ userTokenEnc: string | null; tokenStatus: string } | undefined> {
  const [admin] = await dz(db)
    .select({ userTokenEnc: admins.userTokenEnc, tokenStatus: admins.tokenStatus })
    .from(admins)
    .where(eq(admins.id, adminId));
  return admin;
}

/** Admins whose user token is valid: the ones the page access sweep re-checks. */
export async function adminsWithValidToken(db: Sql): Promise<Array<{ id: string }>> {
  return dz(db).select({ id: admins.id }).from(admins).where(eq(admins.tokenStatus, 'valid'));
}

/**
 * Facebook refused the admin's user token: it and their page links' tokens are marked invalid, and their
 * pending campaigns held until they sign in again.
 */
export async function markAdminTokenRefused(db: Sql, adminId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    await dz(tx).update(admins).set({ tokenStatus: 'invalid' }).where(eq(admins.id, adminId));
    await markAdminPageTokensInvalid(tx, adminId);
    await syncAdminHolds(tx, adminId);
  });
}

/** Serialises this transaction with the admin's sign-in (saveSignIn takes the same lock). */
export async function lockAdminSignIn(db: Sql, adminId: string): Promise<void> {
  await dz(db).execute(sql`select pg_advisory_xact_lock(hashtext('sign-in'), hashtext(
      (select fb_user_id from admins where id = ${adminId})))`);
}
