// Campaigns, their recipients, and the dispatch bookkeeping (workers, marks, the per-page pace).
import { CampaignStatus as CampaignStatusEnum, RecipientOutcome } from '@pagecast/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts, createdAt } from './columns.js';
import { admins } from './admins.js';
import { contacts, tags } from './contacts.js';
import { pages } from './pages.js';
import { messageTemplates } from './templates.js';

export const CAMPAIGN_STATUSES = CampaignStatusEnum.options;
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
    // 'audience': tags combined, narrowed or subscribers only (the `audience` column says how).
    audienceKind: text('audience_kind', { enum: ['all', 'tag', 'audience'] })
      .notNull()
      .default('all'),
    // The audience (spec §10.9) in the contract's CampaignAudience shape; null on rows from before it (their
    // kind and tag say who). Resolved in SQL by modules/campaigns/audience.ts only.
    audience: jsonb('audience'),
    tagName: text('tag_name'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    message: text('message').notNull(),
    // Link buttons of a standard send (Meta's button template), at most three; [] = a plain text message.
    buttons: jsonb('buttons').$type<Array<{ title: string; url: string }>>().notNull().default([]),
    // An image sent before the text on standard sends (null: none), and Meta's reusable attachment id for it,
    // uploaded once when the campaign starts.
    imageUrl: text('image_url'),
    imageAttachmentId: text('image_attachment_id'),
    type: text('type').notNull(),
    scheduledTime: ts('scheduled_time').notNull(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('pending'),
    statusReason: text('status_reason'),
    // A pending campaign held because a page access re-check found its admin can no longer send as the page
    // (or Facebook refused their sign-in): the scheduler does not start it; access back lifts the hold
    // (modules/campaigns/holds.ts). Not a status: held, it is still pending for every other rule (cancel,
    // templates, marketing), and it starts at once if its time passed meanwhile.
    heldAt: ts('held_at'),
    heldReason: text('held_reason'),
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
    // Deliver on return waits this long after the contact wrote (unless a person answers them first), so
    // the campaign is never the instant reply to their question.
    returnDelayMinutes: integer('return_delay_minutes').notNull().default(30),
    // 'Stop waiting for returns': from then on nobody is sent the campaign on return.
    returnsStoppedAt: ts('returns_stopped_at'),
    // Marketing messages: subscribers outside the window get it through Meta's Marketing Message API, under
    // the message campaign made there at creation; Meta lets it send from marketing_ready_at (its warm-up).
    marketing: boolean('marketing').notNull().default(false),
    marketingCampaignId: text('marketing_campaign_id'),
    marketingReadyAt: ts('marketing_ready_at'),
    // Send paths Meta refused for want of a permission ('utility' | 'marketing' -> the reason): their rows
    // fail with the reason and no call; the others go on (modules/campaigns/dispatch/chunk-sender.ts).
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

export const RECIPIENT_STATES = RecipientOutcome.options;
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
    // The image part's mid, recorded (committed) before the text part is attempted: a row holding it is never
    // sent the image again. `message_id` stays the text's (the part counters and receipts follow).
    imageMid: text('image_mid'),
    errorCode: integer('error_code'),
    errorSubcode: integer('error_subcode'),
    errorMessage: text('error_message'),
    // Why a 'skipped' row got no message (SKIP_REASONS in the contract), e.g. 'outside_window'.
    skipReason: text('skip_reason'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at'),
    deliveredAt: ts('delivered_at'),
    // A message_reads (or marketing_message_reads) webhook covered it: the funnel's Read.
    readAt: ts('read_at'),
    interactedAt: ts('interacted_at'),
    batchNo: integer('batch_no').notNull().default(0),
    // The campaign worker that claimed the row ('sending'); its heartbeat is the row's lease.
    workerId: uuid('worker_id'),
    claimedAt: ts('claimed_at'),
    // A re-queued row (rate limit, transient failure) waits until then.
    notBefore: ts('not_before'),
    // Deliver on return: set when a skipped row was taken up again after the contact wrote to the page.
    returnedAt: ts('returned_at'),
    // Deliver on return: the row is sent from then on, or as soon as a person answered the contact.
    returnDueAt: ts('return_due_at'),
    // Reconciliation of an 'unknown' row (modules/campaigns/dispatch/reconcile.ts): what settled it ('echo' or
    // 'conversation'), when a conversation read last took it, how many reads failed, and when it was sent
    // once more after a read proved it unsent (set once, never cleared: a second resend is impossible).
    reconciledBy: text('reconciled_by'),
    reconcileReadAt: ts('reconcile_read_at'),
    reconcileReads: integer('reconcile_reads').notNull().default(0),
    resentAt: ts('resent_at'),
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
