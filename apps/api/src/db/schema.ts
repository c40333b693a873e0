// The whole data model (docs/architecture.md), in one file on purpose: drizzle-kit generates migrations
// from it, and the tables read side by side. Columns are snake_case in SQL, camelCase in TS.
// Changes go through new migrations (docs/CONTRIBUTING.md); never edit an applied one.
// drizzle's .desc() indexes are DESC NULLS LAST: keyset queries order the same way to use them.
import { TEMPLATE_STATUSES } from '@pagecast/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

export const TOKEN_STATUSES = ['valid', 'invalid', 'revoked'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  fbUserId: text('fb_user_id').notNull().unique(),
  name: text('name').notNull(),
  email: text('email'),
  profilePic: text('profile_pic'),
  // AES-256-GCM (src/crypto/tokens.ts); never stored or logged in clear.
  userTokenEnc: text('user_token_enc'),
  userTokenExpiresAt: ts('user_token_expires_at'),
  // The permissions Facebook says the admin granted (debug_token at sign-in); null before it was recorded.
  grantedScopes: text('granted_scopes').array(),
  tokenStatus: text('token_status', { enum: TOKEN_STATUSES }).notNull().default('valid'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const SESSION_END_REASONS = [
  'logout',
  'revoked',
  'deauthorized',
  'deleted',
  'operator',
  /** Facebook refused the admin's user token (password change, security reset, app removed). */
  'token_refused',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/**
 * One row per sign-in. The JWT carries its id (`sid`) and every request checks the row, so logging out,
 * Meta's deauthorize callback, data deletion or an operator ends a session at once (docs/architecture.md).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    // Refreshed at most once a minute by the request check: "last active" on the sessions list.
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    endReason: text('end_reason', { enum: SESSION_END_REASONS }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_admin_id_idx').on(t.adminId)],
);

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

export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    psid: text('psid').notNull(),
    name: text('name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    profilePic: text('profile_pic'),
    lastMessageAt: ts('last_message_at'),
    lastMessagePreview: text('last_message_preview'),
    // Start of the 24-hour standard messaging window.
    lastInboundAt: ts('last_inbound_at'),
    // The contact's messages since the page last looked at (or answered) the conversation.
    unreadCount: integer('unread_count').notNull().default(0),
    historySyncedAt: ts('history_synced_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_page_id_psid_key').on(t.pageId, t.psid),
    // Keyset paging of the inbox: (last_message_at, id) < cursor.
    index('contacts_page_recent_idx').on(t.pageId, t.lastMessageAt.desc().nullsLast(), t.id.desc()),
  ],
);

export const MESSAGE_DIRECTIONS = ['in', 'out'] as const;

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    mid: text('mid').notNull(),
    direction: text('direction', { enum: MESSAGE_DIRECTIONS }).notNull(),
    text: text('text'),
    sentBy: text('sent_by').notNull(),
    createdAt: createdAt(),
    // Meta's own time of the message (the webhook's or the echo's timestamp): receipts' watermarks are
    // platform times, so they are compared with this, not with when this server stored the row.
    platformAt: ts('platform_at'),
    // Files and stickers, as MessageAttachment[] of the contract (null: text only).
    attachments: jsonb('attachments'),
    // The contact's reaction to this message (an emoji).
    reaction: text('reaction'),
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
  },
  (t) => [
    // The same mid arrives by webhook and by sync: store it once.
    uniqueIndex('messages_page_id_mid_key').on(t.pageId, t.mid),
    index('messages_contact_recent_idx').on(t.contactId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /**
     * How many contact_tags rows carry this tag, kept by statement triggers on contact_tags (migration
     * 0004): Manage Tags shows it on every load, and counting the rows each time cost more than the rest of
     * the request (bench/FINDINGS.md).
     */
    contactCount: integer('contact_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_page_id_lower_name_key').on(t.pageId, sql`lower(${t.name})`)],
);

// Meta's ten template statuses, lower-case, as the contract has them. A plain text column: a status Meta adds
// later needs no migration.
export { TEMPLATE_STATUSES };
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/**
 * A page's utility message templates (Meta's `message_templates`, category UTILITY): the path to contacts
 * outside the 24-hour window. Meta approves or rejects each one; its status follows the
 * `message_template_status_update` webhook and a re-read of the list. Deleting one deletes it at Meta too.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    fbTemplateId: text('fb_template_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    body: text('body').notNull(),
    // The body's parameters: names in order of first use ({{first_name}} -> 'first_name'), or positions in
    // order ({{1}} -> '1'); the format follows from them.
    params: text('params')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    buttons: jsonb('buttons')
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: TEMPLATE_STATUSES }).notNull().default('pending'),
    rejectedReason: text('rejected_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('message_templates_page_name_language_key').on(t.pageId, t.name, t.language),
    uniqueIndex('message_templates_fb_template_id_key').on(t.fbTemplateId),
  ],
);

/**
 * Marketing messages: a contact's subscription token (Meta: one per subscriber and page; it does not expire
 * unless they opt out). From the opt-in webhook and the page sync's read of Meta's token list. A stopped one
 * is kept so the contact is never sent a marketing message.
 */
export const marketingSubscriptions = pgTable(
  'marketing_subscriptions',
  {
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    status: text('status', { enum: ['subscribed', 'stopped'] })
      .notNull()
      .default('subscribed'),
    title: text('title'),
    subscribedAt: ts('subscribed_at').notNull().defaultNow(),
    stoppedAt: ts('stopped_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.pageId, t.contactId] }),
    index('marketing_subscriptions_token_idx').on(t.token),
  ],
);

/** Opt-in requests sent ('Ask to subscribe'): Meta allows one per topic and contact a week. */
export const optinRequests = pgTable(
  'optin_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    // The admin who asked (kept as history when they leave).
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    mid: text('mid'),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [index('optin_requests_contact_sent_idx').on(t.contactId, t.sentAt.desc())],
);

export const contactTags = pgTable(
  'contact_tags',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.tagId] }),
    index('contact_tags_tag_id_idx').on(t.tagId),
  ],
);

export const CAMPAIGN_STATUSES = [
  'pending',
  'processing',
  'completed',
  'failed',
  'cancelled',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    // Campaign history outlives the admin who scheduled it.
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    // Null = everyone on the page; a deleted tag keeps the campaign (audience was fixed at dispatch).
    tagId: uuid('tag_id').references(() => tags.id, { onDelete: 'set null' }),
    // 'tag' with tag_id null = the tag was deleted before dispatch: the audience is empty, never "everyone".
    audienceKind: text('audience_kind', { enum: ['all', 'tag'] })
      .notNull()
      .default('all'),
    tagName: text('tag_name'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    message: text('message').notNull(),
    type: text('type').notNull(),
    scheduledTime: ts('scheduled_time').notNull(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('pending'),
    statusReason: text('status_reason'),
    audienceCount: integer('audience_count').notNull().default(0),
    dispatchedCount: integer('dispatched_count').notNull().default(0),
    deliveredCount: integer('delivered_count').notNull().default(0),
    interactedCount: integer('interacted_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    // Recipients Messenger gives no allowed path to (outside the window...): no Graph call, a reason each.
    skippedCount: integer('skipped_count').notNull().default(0),
    // The utility template sent to recipients outside the 24-hour window (null: they are skipped). Its name,
    // language and how each parameter is filled are kept on the campaign, so the send does not depend on the
    // row (a deleted template leaves them; the send then skips with 'template_unavailable').
    templateId: uuid('template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name'),
    templateLanguage: text('template_language'),
    templateParams: jsonb('template_params'),
    // Only contacts a path reached at the snapshot joined the audience (the others were left out, not skipped).
    reachableOnly: boolean('reachable_only').notNull().default(false),
    // Deliver on return: until then a skipped recipient who writes to the page is sent the message, once.
    deliverOnReturnUntil: ts('deliver_on_return_until'),
    // Marketing messages: subscribers outside the window get it through Meta's Marketing Message API, under
    // the message campaign made there at creation; Meta lets it send from marketing_ready_at (its warm-up).
    marketing: boolean('marketing').notNull().default(false),
    marketingCampaignId: text('marketing_campaign_id'),
    marketingReadyAt: ts('marketing_ready_at'),
    // Send paths Meta refused for want of a permission ('utility' | 'marketing' -> the reason): their rows
    // fail with the reason and no call; the others go on (jobs/campaigns/chunk-sender.ts).
    pathStops: jsonb('path_stops').$type<Record<string, string>>().notNull().default({}),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('campaigns_page_created_idx').on(t.pageId, t.createdAt.desc()),
    index('campaigns_status_scheduled_idx').on(t.status, t.scheduledTime),
  ],
);

export const RECIPIENT_STATES = [
  'queued',
  'sending',
  'sent',
  'failed',
  'unknown',
  'skipped',
] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    psid: text('psid').notNull(),
    // 'sending' before the Send API call makes "at most once" hold across crashes ('unknown' after one).
    state: text('state', { enum: RECIPIENT_STATES }).notNull().default('queued'),
    messagingType: text('messaging_type'),
    tag: text('tag'),
    messageId: text('message_id'),
    errorCode: integer('error_code'),
    errorSubcode: integer('error_subcode'),
    errorMessage: text('error_message'),
    // Why a 'skipped' row got no message (SKIP_REASONS in the contract), e.g. 'outside_window'.
    skipReason: text('skip_reason'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at'),
    deliveredAt: ts('delivered_at'),
    interactedAt: ts('interacted_at'),
    batchNo: integer('batch_no').notNull().default(0),
    // The campaign worker that claimed the row ('sending'); its heartbeat is the row's lease.
    workerId: uuid('worker_id'),
    claimedAt: ts('claimed_at'),
    // A re-queued row (rate limit, transient failure) waits until then.
    notBefore: ts('not_before'),
    // Deliver on return: set when a skipped row was taken up again after the contact wrote to the page.
    returnedAt: ts('returned_at'),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.contactId] }),
    index('campaign_recipients_batch_idx').on(t.campaignId, t.state, t.batchNo),
    // Webhook counters: a contact's campaign messages by send time.
    index('campaign_recipients_contact_sent_idx').on(t.contactId, t.sentAt),
    index('campaign_recipients_message_id_idx')
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
    // Deliver on return: the workers' scan for rows a returning contact took up.
    index('campaign_recipients_returned_idx')
      .on(t.campaignId)
      .where(sql`${t.state} = 'queued' and ${t.returnedAt} is not null`),
    // The sweeper's scan for rows whose worker died mid-send.
    index('campaign_recipients_sending_idx')
      .on(t.workerId)
      .where(sql`${t.state} = 'sending'`),
  ],
);

/** Campaign worker processes and their heartbeat: a row claimed by a dead worker is never re-sent. */
export const campaignWorkers = pgTable('campaign_workers', {
  id: uuid('id').primaryKey(),
  heartbeatAt: ts('heartbeat_at').notNull().defaultNow(),
  // Campaigns this worker is dispatching right now (the sweeper rescues the others' batches).
  campaignIds: uuid('campaign_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  startedAt: ts('started_at').notNull().defaultNow(),
});

/**
 * The latest delivery watermark and interaction per contact, as webhooks report them. A delivery can
 * arrive before the worker records the send as 'sent'; the worker applies these marks right after.
 */
export const campaignContactMarks = pgTable('campaign_contact_marks', {
  contactId: uuid('contact_id')
    .primaryKey()
    .references(() => contacts.id, { onDelete: 'cascade' }),
  deliveredUntil: ts('delivered_until'),
  interactedAt: ts('interacted_at'),
});

/** The per-page Send API pace shared by every worker: each send reserves the next free time slot. */
export const pageSendRate = pgTable('page_send_rate', {
  pageId: uuid('page_id')
    .primaryKey()
    .references(() => pages.id, { onDelete: 'cascade' }),
  nextSlot: ts('next_slot').notNull().defaultNow(),
});

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

/**
 * Shared pacing of Graph API calls across every process: one row per key (e.g. a page's Conversations API
 * budget); `next_at` is the earliest time the next call may go out. See src/jobs/pacer.ts.
 */
export const graphPacers = pgTable('graph_pacers', {
  key: text('key').primaryKey(),
  nextAt: ts('next_at').notNull().defaultNow(),
});

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    object: text('object').notNull(),
    payload: jsonb('payload').notNull(),
    processedAt: ts('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
  },
  (t) => [
    index('webhook_events_unprocessed_idx')
      .on(t.id)
      .where(sql`${t.processedAt} is null`),
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

export const DELETION_STATUSES = ['in_progress', 'deleted'] as const;

export const deletionRequests = pgTable(
  'deletion_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Not a FK: the request outlives the admin row it deletes.
    fbUserId: text('fb_user_id').notNull(),
    confirmationCode: text('confirmation_code').notNull().unique(),
    status: text('status', { enum: DELETION_STATUSES }).notNull().default('in_progress'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('deletion_requests_fb_user_id_idx').on(t.fbUserId)],
);

/**
 * Every signed_request Meta's callbacks accepted (by digest), so a captured one cannot be replayed: a
 * repeated data-deletion callback answers its first confirmation code and deletes nothing again (the user
 * may have signed up again since). Rows older than the accepted age (24 h) are cleaned as new ones come.
 */
export const signedRequestUses = pgTable(
  'signed_request_uses',
  {
    digest: text('digest').primaryKey(),
    kind: text('kind', { enum: ['data_deletion', 'deauthorize'] }).notNull(),
    fbUserId: text('fb_user_id').notNull(),
    confirmationCode: text('confirmation_code'),
    usedAt: ts('used_at').notNull().defaultNow(),
  },
  (t) => [index('signed_request_uses_used_at_idx').on(t.usedAt)],
);

/**
 * The per-route rate limits' counters (http/rate-limit-store.ts): in Postgres, so a limit holds across
 * every API replica. One row per route and client, its window restarting when it has passed.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: ts('window_start').notNull().defaultNow(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [index('rate_limits_window_start_idx').on(t.windowStart)],
);

export const PLANS = ['free', 'pro'] as const;

export const subscriptions = pgTable('subscriptions', {
  adminId: uuid('admin_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  plan: text('plan', { enum: PLANS }).notNull().default('free'),
  status: text('status').notNull().default('active'),
  periodEnd: ts('period_end'),
  availableCredits: integer('available_credits').notNull().default(0),
});
