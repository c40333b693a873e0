// A page's contacts, their messages (the inbox) and tags.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt } from './columns.js';
import { admins } from './admins.js';
import { pages } from './pages.js';

/** Where a conversation is in the team's queue (docs/inbox.md "The queue"). */
export const INBOX_STATUSES = ['open', 'resolved', 'snoozed'] as const;

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
    // The queue (docs/inbox.md), kept by the one writer of messages (inbox/messages-repo.ts) so the
    // Needs reply filter compares two columns of the row instead of probing its messages:
    // the contact's newest stored message, and the newest page message a person sent (never a campaign,
    // a deliver-on-return send, a marketing message or an opt-in request).
    lastContactMessageAt: ts('last_contact_message_at'),
    lastHumanReplyAt: ts('last_human_reply_at'),
    inboxStatus: text('inbox_status', { enum: INBOX_STATUSES }).notNull().default('open'),
    // With status 'snoozed': back in the queue at this time; null = when the contact writes again.
    snoozedUntil: ts('snoozed_until'),
    assigneeId: uuid('assignee_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_page_id_psid_key').on(t.pageId, t.psid),
    // Keyset paging of the inbox: (last_message_at, id) < cursor. In the list's order exactly (`id desc`
    // is NULLS FIRST in SQL; drizzle's bare .desc() writes NULLS LAST), or every read sorts its rows.
    index('contacts_page_recent_idx').on(
      t.pageId,
      t.lastMessageAt.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    // Inbox search: substring (ILIKE) matches of names and previews, one page's entries at a time
    // (pg_trgm and btree_gin, migration 0016).
    index('contacts_page_name_trgm_idx').using('gin', t.pageId, sql`${t.name} gin_trgm_ops`),
    index('contacts_page_preview_trgm_idx').using(
      'gin',
      t.pageId,
      sql`${t.lastMessagePreview} gin_trgm_ops`,
    ),
    // Mine / Home's "assigned to you".
    index('contacts_assignee_idx')
      .on(t.assigneeId, t.pageId)
      .where(sql`${t.assigneeId} is not null`),
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
    // A conversation newest first, `created_at desc, id desc` as the reads write it (NULLS FIRST, as
    // contacts_page_recent_idx's comment says), so no read sorts the contact's messages.
    index('messages_contact_recent_idx').on(
      t.contactId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Inbox search over every stored message of one page (see contacts_page_name_trgm_idx).
    index('messages_page_text_trgm_idx').using('gin', t.pageId, sql`${t.text} gin_trgm_ops`),
  ],
);

/**
 * A contact's reaction that came before the message it is on was stored here: Meta's webhooks are not
 * ordered, and a reaction may beat the echo of the page's message or the Send API's answer. The message
 * takes it as it is inserted (inbox/messages-repo.ts#earlyEventCtes); the webhook sweeper applies any left over and deletes them after a day (most are reactions to messages from before Pagecast).
 */
export const pendingReactions = pgTable(
  'pending_reactions',
  {
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    mid: text('mid').notNull(),
    psid: text('psid').notNull(),
    // null: the reaction was taken back.
    reaction: text('reaction'),
    // Meta's time of the reaction: of two for one message, the later wins.
    at: ts('at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.mid] })],
);

/**
 * The newest delivery and read watermarks (Meta's times) the contact's receipts carried. Receipts mark the
 * stored messages; a page message stored after its receipt came (the echo or the Send API's answer was
 * slower than the contact) takes them from here as it is inserted (inbox/messages-repo.ts#earlyEventCtes), so
 * 'Seen' is never lost to the order Meta's webhooks arrive in.
 */
export const contactReceiptMarks = pgTable('contact_receipt_marks', {
  contactId: uuid('contact_id')
    .primaryKey()
    .references(() => contacts.id, { onDelete: 'cascade' }),
  deliveredUntil: ts('delivered_until').notNull(),
  readUntil: ts('read_until'),
});

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
