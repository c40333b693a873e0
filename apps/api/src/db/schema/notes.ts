// What a page's admins keep for themselves in the inbox: private notes on a conversation and saved replies.
// Apart from `messages` on purpose: nothing here is ever sent, counted as a message or searched as one.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { admins } from './admins.js';
import { contacts } from './contacts.js';
import { pages } from './pages.js';

export const conversationNotes = pgTable(
  'conversation_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    // Kept when its author's account goes (the note is the team's), shown without a name then.
    authorId: uuid('author_id').references(() => admins.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('conversation_notes_contact_idx').on(t.contactId, t.createdAt)],
);

/** A page's saved replies (the composer's `/` list); titles are unique per page whatever their case. */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('saved_replies_page_lower_title_key').on(t.pageId, sql`lower(${t.title})`)],
);
