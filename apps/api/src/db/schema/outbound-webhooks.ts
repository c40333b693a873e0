// Outbound webhooks (modules/outbound-webhooks): a page's endpoints, the events its flows record in their own
// transactions (a transactional outbox: an event exists exactly when what caused it committed), one delivery
// per (event, subscribed endpoint) written in the same statement, and each try of a delivery for its log.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins } from './admins.js';
import { createdAt, ts, updatedAt } from './columns.js';
import { pages } from './pages.js';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** The signing secret, encrypted as access tokens are (crypto/tokens.ts): signing needs it back. */
    secretEnc: text('secret_enc').notNull(),
    /** The secret before the last rotation: deliveries are signed with it too until it expires. */
    previousSecretEnc: text('previous_secret_enc'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    secretRotatedAt: ts('secret_rotated_at'),
    /** 'active' | 'disabled' */
    status: text('status').notNull().default('active'),
    disabledReason: text('disabled_reason'),
    disabledAt: ts('disabled_at'),
    /** The last try's outcome, for the list: written once per batch of results by the delivery worker. */
    lastAttemptAt: ts('last_attempt_at'),
    lastAttemptOk: boolean('last_attempt_ok'),
    lastAttemptStatus: integer('last_attempt_status'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_page_id_idx').on(t.pageId)],
);

export const outboundEvents = pgTable(
  'outbound_events',
  {
    /** The event's id in every delivery of it: receivers de-duplicate on it. */
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The delivery body, written once: every try and replay sends the same bytes' worth of content. */
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbound_events_created_at_idx').on(t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => outboundEvents.id, { onDelete: 'cascade' }),
    /** Deliveries of one endpoint with the same key go out one at a time, in `seq` order (per contact). */
    orderingKey: text('ordering_key').notNull(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    /** 'pending' | 'retrying' | 'succeeded' | 'failed' */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** Tries go on until then (WEBHOOK_LIMITS.retryForHours after the delivery, or after its replay). */
    retryUntil: ts('retry_until')
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    /** A worker's claim: another worker takes the delivery only once it passed (a crashed worker's lease). */
    lockedUntil: ts('locked_until'),
    createdAt: createdAt(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`state in ('pending', 'retrying')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc(), t.id.desc()),
    index('webhook_deliveries_order_idx')
      .on(t.endpointId, t.orderingKey, t.seq)
      .where(sql`state in ('pending', 'retrying')`),
    uniqueIndex('webhook_deliveries_event_endpoint_key').on(t.eventId, t.endpointId),
  ],
);

export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    /** null: no answer (timeout, connection error, address refused). */
    status: integer('status'),
    latencyMs: integer('latency_ms').notNull(),
    /** The answer's first 1 KB. */
    response: text('response'),
    error: text('error'),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.at.desc())],
);
