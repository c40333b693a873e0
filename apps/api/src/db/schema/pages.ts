// Facebook pages, who manages them, their syncs and their webhook subscription.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt } from './columns.js';
import { TOKEN_STATUSES, admins } from './admins.js';

export const pages = pgTable('pages', {
  id: uuid('id').primaryKey().defaultRandom(),
  fbPageId: text('fb_page_id').notNull().unique(),
  name: text('name').notNull(),
  profilePicture: text('profile_picture'),
  category: text('category'),
  syncScope: text('sync_scope').notNull().default('none'),
  lastSyncedAt: ts('last_synced_at'),
  pageTokenEnc: text('page_token_enc'),
  tokenStatus: text('token_status', { enum: TOKEN_STATUSES }).notNull().default('valid'),
  // Marketing messages: the ad account Meta bills per delivered message (checked with Meta when connected).
  marketingAdAccountId: text('marketing_ad_account_id'),
  marketingAdAccountName: text('marketing_ad_account_name'),
  marketingCurrency: text('marketing_currency'),
  marketingConnectedAt: ts('marketing_connected_at'),
  // The inbox queue: a person's reply resolves the conversation (off: it stays open until resolved).
  resolveOnReply: boolean('resolve_on_reply').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const pageAdmins = pgTable(
  'page_admins',
  {
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    // The admin's tasks on the page (Facebook's roles): what they may do here (auth/page-access.ts).
    tasks: text('tasks')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // This admin's own page token (AES-256-GCM): what they do on the page is done with it, never with a
    // co-admin's. pages.page_token_enc stays for work nobody in particular does (page sync, webhooks).
    pageTokenEnc: text('page_token_enc'),
    tokenStatus: text('token_status', { enum: TOKEN_STATUSES }).notNull().default('valid'),
  },
  (t) => [
    primaryKey({ columns: [t.pageId, t.adminId] }),
    index('page_admins_admin_id_idx').on(t.adminId),
  ],
);

export const pageSyncs = pgTable(
  'page_syncs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    jobId: text('job_id'),
    status: text('status').notNull().default('waiting'),
    cursor: text('cursor'),
    processed: integer('processed').notNull().default(0),
    total: integer('total'),
    error: text('error'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    updatedAt: updatedAt(),
    // The worker running the sync holds a lease it renews with every saved page; a lapsed lease means the
    // worker died, and the job is handed to another worker which resumes from `cursor`.
    leaseOwner: text('lease_owner'),
    leaseUntil: ts('lease_until'),
    rateLimitHits: integer('rate_limit_hits').notNull().default(0),
    graphCalls: integer('graph_calls').notNull().default(0),
  },
  (t) => [
    index('page_syncs_page_id_idx').on(t.pageId),
    index('page_syncs_job_id_idx').on(t.jobId),
    // One sync at a time per page, race-safe: a second start conflicts here and joins the running one.
    uniqueIndex('page_syncs_one_active_key')
      .on(t.pageId)
      .where(sql`${t.status} in ('waiting', 'running')`),
  ],
);

export const WEBHOOK_FEATURE_REASONS = ['permission', 'refused', 'failed'] as const;

/**
 * What Meta accepted of each page's webhook subscription, feature by feature (the inbox's core fields in one
 * call, each optional field in its own: modules/webhooks/page-subscription.ts). No row: never asked yet.
 * Home lists the features that are off, and why (docs/inbox.md).
 */
export const pageWebhookFeatures = pgTable(
  'page_webhook_features',
  {
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    subscribed: boolean('subscribed').notNull(),
    // Why it is off: Meta wants a permission the page token lacks, refused the field, or could not be asked.
    reason: text('reason', { enum: WEBHOOK_FEATURE_REASONS }),
    // The permissions Meta named (one of them is needed), when that is why.
    permission: text('permission'),
    // Meta's own words, for support.
    error: text('error'),
    checkedAt: ts('checked_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.feature] })],
);
