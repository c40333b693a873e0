// SQL of the pages capability: an admin's pages with their tags, and the Home overview of one page.
// Every query joins page_admins, so a page the admin does not manage simply is not there (404 upstream).
import type { Campaign, Page } from '@pagecast/contract';
import { sql, type SQL } from 'drizzle-orm';
import { allows, TASKS_SQL } from '../../auth/page-access.js';
import { dz, type Sql } from '../../db/client.js';
import {
  CAMPAIGN_COLUMNS,
  CAMPAIGN_FROM,
  toCampaign,
  type CampaignRow,
} from '../campaigns/index.js';

type PageRowJson = {
  id: string;
  pageId: string;
  name: string;
  profilePicture: string | null;
  syncScope: string;
  tags: Array<{ id: string; name: string; description: string }>;
  tasks: string[];
};

const toPage = (r: PageRowJson): Page => ({
  id: r.id,
  pageId: r.pageId,
  name: r.name,
  profilePicture: r.profilePicture,
  syncScope: r.syncScope === 'full' ? 'full' : 'none',
  tags: r.tags.map((t) => ({ ...t, pageId: r.pageId })),
  canMessage: allows(r.tasks, 'messaging'),
});

/** The admin's pages (optionally one of them) with their tags, in one query, ordered by name. */
async function selectAdminPages(db: Sql, adminId: string, extra: SQL = sql``): Promise<Page[]> {
  const { rows } = await dz(db).execute<PageRowJson>(sql`
    select p.id, p.fb_page_id as "pageId", p.name, p.profile_picture as "profilePicture",
           p.sync_scope as "syncScope", pa.tasks,
           coalesce(
             (select json_agg(json_build_object('id', t.id, 'name', t.name, 'description', t.description)
                              order by lower(t.name), t.id)
                from tags t where t.page_id = p.id),
             '[]'::json) as tags
      from pages p
      join page_admins pa on pa.page_id = p.id and pa.admin_id = ${adminId}
     where true ${extra}
     order by lower(p.name), p.fb_page_id`);
  return rows.map(toPage);
}

export const listAdminPages = (db: Sql, adminId: string) => selectAdminPages(db, adminId);

export async function findAdminPage(
  db: Sql,
  adminId: string,
  fbPageId: string,
): Promise<Page | null> {
  const [page] = await selectAdminPages(
    db,
    adminId,
    sql`and p.fb_page_id = ${fbPageId} and pa.tasks && ${sql.raw(TASKS_SQL.analytics)}`,
  );
  return page ?? null;
}

export type OverviewCounts = {
  contactsTotal: number;
  contactsInsideWindow: number;
  tagCount: number;
  lastSync: {
    status: string;
    finishedAt: string | null;
    processed: number;
    error: string | null;
  } | null;
};

/** Contact counts (total, inside the 24-hour window), tag count and the latest sync: one query. */
export async function overviewCounts(db: Sql, pageUuid: string): Promise<OverviewCounts> {
  const { rows } = await dz(db).execute<OverviewCounts>(sql`
    select
      (select count(*)::int from contacts c where c.page_id = ${pageUuid}) as "contactsTotal",
      (select count(*)::int from contacts c
         where c.page_id = ${pageUuid} and c.last_inbound_at > now() - interval '24 hours')
        as "contactsInsideWindow",
      (select count(*)::int from tags t where t.page_id = ${pageUuid}) as "tagCount",
      (select json_build_object('status', s.status, 'finishedAt', s.finished_at,
                                'processed', s.processed, 'error', s.error)
         from page_syncs s where s.page_id = ${pageUuid}
        order by coalesce(s.started_at, s.updated_at) desc nulls last, s.updated_at desc
        limit 1) as "lastSync"`);
  const row = rows[0];
  if (!row) throw new Error('overview query returned no row');
  return row;
}

/**
 * The next `limit` pending campaigns (soonest first) and the latest campaign that has started
 * (processing, completed, failed or cancelled after starting), in one query, with the campaign columns
 * every Campaign answer is built from (campaigns/repo.ts).
 */
export async function overviewCampaigns(
  db: Sql,
  page: { id: string; pageId: string },
  limit = 5,
): Promise<{ upcoming: Campaign[]; last: Campaign | null }> {
  const { rows } = await db.query<CampaignRow & { kind: 'upcoming' | 'last' }>(
    `(select 'upcoming' as kind, ${CAMPAIGN_COLUMNS} from ${CAMPAIGN_FROM}
       where c.page_id = $1 and c.status = 'pending'
       order by c.scheduled_time, c.id
       limit $2)
     union all
     (select 'last' as kind, ${CAMPAIGN_COLUMNS} from ${CAMPAIGN_FROM}
       where c.page_id = $1 and c.status <> 'pending'
         and (c.started_at is not null or c.status in ('processing', 'completed', 'failed'))
       order by coalesce(c.started_at, c.scheduled_time) desc, c.created_at desc
       limit 1)`,
    [page.id, limit],
  );
  const upcoming = rows.filter((r) => r.kind === 'upcoming').map(toCampaign);
  const lastRow = rows.find((r) => r.kind === 'last');
  return { upcoming, last: lastRow ? toCampaign(lastRow) : null };
}
