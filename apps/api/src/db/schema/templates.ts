// A page's message templates, as Meta reviews them.
import { TEMPLATE_STATUSES } from '@pagecast/contract';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns.js';
import { pages } from './pages.js';

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
    /** When `status` was true: Meta's time of its webhook, or the read of a sync; an older webhook is ignored. */
    statusAt: ts('status_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('message_templates_page_name_language_key').on(t.pageId, t.name, t.language),
    uniqueIndex('message_templates_fb_template_id_key').on(t.fbTemplateId),
  ],
);
