// Pages of the signed-in admin and the Home overview. Another admin's page is 404 (not 403), so a
// page's existence does not leak.
import type { Page, PageOverview } from '@pagecast/contract';
import { pageAccessError } from '../../auth/guards.js';
import type { ModuleDeps } from '../shared/deps.js';
import { pageQueueCounts } from '../inbox/index.js';
import { webhookFeaturesOff } from '../webhooks/index.js';
import * as repo from './repo.js';
/** How many upcoming campaigns the Home screen lists. */
export const UPCOMING_CAMPAIGNS = 5;

const SYNC_STATUSES = ['completed', 'not_found', 'failed', 'running', 'waiting'] as const;
type SyncStatusValue = (typeof SYNC_STATUSES)[number];
const syncStatus = (s: string): SyncStatusValue =>
  (SYNC_STATUSES as readonly string[]).includes(s) ? (s as SyncStatusValue) : 'running';

export type PagesService = ReturnType<typeof createPagesService>;

export function createPagesService({ pool: db }: Pick<ModuleDeps, 'pool'>) {
  async function getPage(adminId: string, fbPageId: string): Promise<Page> {
    // Opening a page needs its insights at least (a role with neither messaging nor insights: 403).
    const page = await repo.findAdminPage(db, adminId, fbPageId);
    if (!page) throw await pageAccessError(db, adminId, fbPageId, 'analytics');
    return page;
  }

  return {
    listPages: (adminId: string): Promise<Page[]> => repo.listAdminPages(db, adminId),

    getPage,

    async getOverview(adminId: string, fbPageId: string): Promise<PageOverview> {
      const page = await getPage(adminId, fbPageId);
      const [counts, campaigns, webhooksOff, inbox] = await Promise.all([
        repo.overviewCounts(db, page.id),
        repo.overviewCampaigns(db, page, UPCOMING_CAMPAIGNS),
        webhookFeaturesOff(db, page.id),
        pageQueueCounts(db, page.id, adminId),
      ]);
      const sync = counts.lastSync;
      return {
        page,
        contacts: { total: counts.contactsTotal, insideWindow: counts.contactsInsideWindow },
        tagCount: counts.tagCount,
        lastSync: sync
          ? {
              status: syncStatus(sync.status),
              finishedAt: sync.finishedAt ? new Date(sync.finishedAt).toISOString() : null,
              processed: sync.processed,
              error: sync.error,
            }
          : null,
        upcomingCampaigns: campaigns.upcoming,
        lastCampaign: campaigns.last,
        webhooksOff: webhooksOff.map((w) => ({ ...w, checkedAt: w.checkedAt.toISOString() })),
        inbox: { needsReply: inbox.needsReply, unread: inbox.unread, assignedToYou: inbox.mine },
      };
    },
  };
}
