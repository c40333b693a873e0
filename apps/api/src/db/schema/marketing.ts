// Marketing messages: a contact's subscription and the opt-in requests sent to them.
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts, updatedAt } from './columns.js';
import { admins } from './admins.js';
import { contacts } from './contacts.js';
import { pages } from './pages.js';

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
    /** Meta's time of the event that set `status`: an older one (a replay, out of order) changes nothing. */
    statusAt: ts('status_at'),
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
