// Writes of `pages` rows for the capabilities that learn about a page or own one of its settings: sign-in's
// upsert of the pages an admin manages, the inbox's setting (resolve on reply) and marketing messages' ad
// account. The pages module is the table's one writer (with the page sync, sync-repo.ts); the callers keep
// the rules.
import { sql } from 'drizzle-orm';
import { adminPage } from '../../auth/guards.js';
import { dz, runStatement, statement, type Sql } from '../../db/client.js';
import { pages } from '../../db/schema/index.js';

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
