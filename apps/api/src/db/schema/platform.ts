// What the platform keeps for itself: stored webhook deliveries, Graph pacing, deletion requests,
// replay protection for signed requests, rate-limit counters.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * Shared pacing of Graph API calls across every process: one row per key (e.g. a page's Conversations API
 * budget); `next_at` is the earliest time the next call may go out. See pacing/call-pacer.ts.
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
