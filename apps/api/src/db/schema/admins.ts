// Admins (who signs in), their sessions and their plan.
import { Subscription } from '@pagecast/contract';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt } from './columns.js';

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
  // The IANA zone the screens show times in (chosen on Account); null: the browser's own. Times stay UTC.
  timeZone: text('time_zone'),
  // When Facebook last confirmed their pages and tasks (sign-in or the page access re-check); a pending
  // campaign of theirs is flagged when this is older than the re-check interval.
  accessVerifiedAt: ts('access_verified_at'),
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

export const PLANS = Subscription.shape.plan.options;

export const subscriptions = pgTable('subscriptions', {
  adminId: uuid('admin_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  plan: text('plan', { enum: PLANS }).notNull().default('free'),
  status: text('status').notNull().default('active'),
  periodEnd: ts('period_end'),
  availableCredits: integer('available_credits').notNull().default(0),
});
