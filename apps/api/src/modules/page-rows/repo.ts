// Every write of `pages` and `page_admins` rows, for the capabilities that learn about a page or own one of
// its settings: sign-in's upsert of the pages an admin manages and their links, the inbox's setting (resolve
// on reply), marketing messages' ad account, the page sync's marks (synced, token refused) and a refused
// page token seen by dispatch. The callers keep the rules.
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { adminPage } from '../../auth/guards.js';
import { dz, runStatement, statement, type Sql } from '../../db/client.js';
import { pageAdmins, pages } from '../../db/schema/index.js';

/** A page as Facebook lists it at sign-in. */
export interface PageUpsert {
  fbPageId: string;
  name: string;
  profilePicture: string | null;
  category: string | null;
  /** Encrypted page token. */
  pageTokenEnc: string | null;
}

/**
 * Upserts the pages (callers pass them in id order, so concurrent transactions lock rows in the same
 * order); their ids, by Facebook page id.
 */
export async function upsertPages(
  tx: Sql,
  rows: readonly PageUpsert[],
): Promise<Array<{ id: string; fbPageId: string }>> {
  if (rows.length === 0) return [];
  return dz(tx)
    .insert(pages)
    .values(
      rows.map((p) => ({
        fbPageId: p.fbPageId,
        name: p.name,
        profilePicture: p.profilePicture,
        category: p.category,
        pageTokenEnc: p.pageTokenEnc,
        tokenStatus: 'valid' as const,
      })),
    )
    .onConflictDoUpdate({
      target: pages.fbPageId,
      set: {
        name: sql`excluded.name`,
        profilePicture: sql`excluded.profile_picture`,
        category: sql`excluded.category`,
        // A page token missing from the answer (task without it) must not wipe a co-admin's good one.
        pageTokenEnc: sql`coalesce(excluded.page_token_enc, ${pages.pageTokenEnc})`,
        tokenStatus: sql`case when excluded.page_token_enc is null then ${pages.tokenStatus} else 'valid' end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: pages.id, fbPageId: pages.fbPageId });
}

const SETTINGS = statement(
  'inbox_settings',
  `select p.resolve_on_reply as "resolveOnReply" from ${adminPage('$1', '$2', 'messaging')}`,
);
const SETTINGS_SET = statement(
  'inbox_settings_set',
  `update pages set resolve_on_reply = $3, updated_at = now()
    where id = (select p.id from ${adminPage('$1', '$2', 'messaging')})
   returning resolve_on_reply as "resolveOnReply"`,
);

export async function inboxSettings(
  db: Sql,
  adminId: string,
  fbPageId: string,
  change?: { resolveOnReply: boolean },
): Promise<{ resolveOnReply: boolean } | null> {
  const [row] = change
    ? await runStatement<{ resolveOnReply: boolean }>(db, SETTINGS_SET, [
        fbPageId,
        adminId,
        change.resolveOnReply,
      ])
    : await runStatement<{ resolveOnReply: boolean }>(db, SETTINGS, [fbPageId, adminId]);
  return row ?? null;
}

/** The ad account the page's marketing messages are billed to (docs/campaigns.md "Marketing messages"). */
export async function connectAdAccount(
  db: Sql,
  pageUuid: string,
  account: { id: string; name: string; currency: string | null },
): Promise<void> {
  await db.query(
    `update pages set marketing_ad_account_id = $2, marketing_ad_account_name = $3, marketing_currency = $4,
       marketing_connected_at = now() where id = $1`,
    [pageUuid, account.id, account.name, account.currency],
  );
}

export async function disconnectAdAccount(db: Sql, pageUuid: string): Promise<void> {
  await db.query(
    `update pages set marketing_ad_account_id = null, marketing_ad_account_name = null,
       marketing_currency = null, marketing_connected_at = null where id = $1`,
    [pageUuid],
  );
}

/** A sync completed: the page is fully synced now (in the sync's own transaction). */
export async function markPageSynced(db: Sql, pageUuid: string): Promise<void> {
  await dz(db)
    .execute(sql`update pages set sync_scope = 'full', last_synced_at = now(), updated_at = now()
                            where id = ${pageUuid}`);
}

/** Facebook refused the page's token: the page must be reconnected. */
export async function markPageTokenInvalid(db: Sql, pageUuid: string): Promise<void> {
  await dz(db).execute(sql`update pages set token_status = 'invalid', updated_at = now()
                            where id = ${pageUuid}`);
}

/** One link of an admin to a page as Facebook lists it: the admin's tasks and own page token. */
export interface PageAdminLink {
  pageId: string;
  tasks: string[];
  pageTokenEnc: string | null;
}

/**
 * The admin's links to `links` pages written (tasks, the admin's own page token), and their links to every
 * other page removed; answers the pages unlinked.
 */
export async function linkPageAdmins(
  tx: Sql,
  adminId: string,
  links: PageAdminLink[],
): Promise<string[]> {
  if (links.length > 0) {
    await dz(tx)
      .insert(pageAdmins)
      .values(
        links.map((l) => ({
          pageId: l.pageId,
          adminId,
          tasks: l.tasks,
          // This admin's own token: what they do on the page is done with it (auth/guards.ts PageRow).
          pageTokenEnc: l.pageTokenEnc,
          tokenStatus: l.pageTokenEnc ? ('valid' as const) : ('invalid' as const),
        })),
      )
      .onConflictDoUpdate({
        target: [pageAdmins.pageId, pageAdmins.adminId],
        set: {
          tasks: sql`excluded.tasks`,
          pageTokenEnc: sql`excluded.page_token_enc`,
          tokenStatus: sql`excluded.token_status`,
        },
      });
  }
  const pageIds = links.map((l) => l.pageId);
  const removed = await dz(tx)
    .delete(pageAdmins)
    .where(
      pageIds.length > 0
        ? and(eq(pageAdmins.adminId, adminId), notInArray(pageAdmins.pageId, pageIds))
        : eq(pageAdmins.adminId, adminId),
    )
    .returning({ pageId: pageAdmins.pageId });
  return removed.map((r) => r.pageId);
}

/** Facebook refused the admin's user token: their page links' tokens are marked invalid too. */
export async function markAdminPageTokensInvalid(db: Sql, adminId: string): Promise<void> {
  await dz(db)
    .update(pageAdmins)
    .set({ tokenStatus: 'invalid' })
    .where(and(eq(pageAdmins.adminId, adminId), eq(pageAdmins.tokenStatus, 'valid')));
}

/** Facebook refused this admin's token for this page (a send or a read answered so). */
export async function markPageAdminTokenInvalid(
  db: Sql,
  pageUuid: string,
  adminId: string,
): Promise<void> {
  await db.query(
    `update page_admins set token_status = 'invalid' where page_id = $1 and admin_id = $2`,
    [pageUuid, adminId],
  );
}
