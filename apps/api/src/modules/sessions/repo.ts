// Server-side sessions: every JWT names its row in `sessions` (claim `sid`) and every request checks it, so
// a session ends at once everywhere, in every API process, when the admin logs out, Meta tells us the app
// was removed, their data is deleted or an operator ends it. Ending one also NOTIFYs the API processes,
// whose open live streams of that session close (realtime hub, inbox/events.ts) and whose session caches
// drop it (auth/session-cache.ts): every end of a session goes through endSessions.
import { sql } from 'drizzle-orm';
import type { Session } from '@pagecast/contract';
import { dz, runStatement, statement, type Sql } from '../../db/client.js';
import type { SessionEndReason } from '../../db/schema/index.js';
import { SESSION_CHANNEL, type SessionEnded } from '../../realtime/channel.js';
import { sessionsEnding } from '../../auth/session-cache.js';
import type { SessionState } from '../../auth/jwt.js';

/** The longest User-Agent kept: enough to tell browsers apart on the sessions list. */
const USER_AGENT_MAX = 300;
/** How stale `last_seen_at` may get before a request refreshes it (one write a minute per session at most). */
const LAST_SEEN_EVERY = "interval '1 minute'";
/** Ended and expired rows are kept this long (the account page shows recent ones), then cleaned at sign-in. */
const KEEP_ENDED = "interval '30 days'";

export interface OpenSessionInput {
  adminId: string;
  expiresAt: Date;
  userAgent?: string | null;
  ip?: string | null;
}

/** A new session row (at sign-in); old ended rows of the same admin are cleaned on the way. */
export async function openSession(db: Sql, input: OpenSessionInput): Promise<string> {
  const { rows } = await dz(db).execute<{ id: string }>(sql`
    with cleaned as (
      delete from sessions
       where admin_id = ${input.adminId}
         and coalesce(ended_at, expires_at) < now() - ${sql.raw(KEEP_ENDED)})
    insert into sessions (admin_id, expires_at, user_agent, ip)
    values (${input.adminId}, ${input.expiresAt.toISOString()},
            ${input.userAgent?.slice(0, USER_AGENT_MAX) ?? null}, ${input.ip ?? null})
    returning id`);
  const id = rows[0]?.id;
  if (!id) throw new Error('session insert returned no row');
  return id;
}

// Every authenticated request runs this: prepared, one round trip, and it refreshes last_seen_at only when
// it is a minute old (so a busy session writes once a minute, not on every request).
const CHECK_SESSION = statement(
  'check_session',
  `with s as (
     select id, ended_at, expires_at, last_seen_at from sessions where id = $1 and admin_id = $2),
   seen as (
     update sessions set last_seen_at = now()
      where id = (select id from s where ended_at is null and expires_at > now()
                                     and last_seen_at < now() - ${LAST_SEEN_EVERY}))
   select case when ended_at is not null then 'ended'
               when expires_at <= now() then 'expired'
               else 'active' end as state
     from s`,
);

/** The session's state; a row that does not exist (deleted admin, forged id) reads as ended. */
export async function sessionState(
  db: Sql,
  sessionId: string,
  adminId: string,
): Promise<SessionState> {
  const [row] = await runStatement<{ state: SessionState }>(db, CHECK_SESSION, [
    sessionId,
    adminId,
  ]);
  return row?.state ?? 'ended';
}

/** The admin's sessions that still work, newest first. */
export async function listActiveSessions(
  db: Sql,
  adminId: string,
  currentId: string,
): Promise<Session[]> {
  const { rows } = await dz(db).execute<{
    id: string;
    createdAt: string;
    lastSeenAt: string;
    expiresAt: string;
    userAgent: string | null;
    ip: string | null;
  }>(sql`
    select id, created_at as "createdAt", last_seen_at as "lastSeenAt", expires_at as "expiresAt",
           user_agent as "userAgent", ip
      from sessions
     where admin_id = ${adminId} and ended_at is null and expires_at > now()
     order by created_at desc, id`);
  return rows.map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt).toISOString(),
    lastSeenAt: new Date(r.lastSeenAt).toISOString(),
    expiresAt: new Date(r.expiresAt).toISOString(),
    current: r.id === currentId,
  }));
}

/**
 * Ends sessions: one (`sessionId`, of `adminId`) or all of an admin's. Run it in the transaction that
 * makes the change (deletion, deauthorize): the NOTIFY goes out only if that commits. Returns how many
 * sessions it ended (already ended ones do not count).
 */
export async function endSessions(
  db: Sql,
  target: { adminId: string; sessionId?: string },
  reason: SessionEndReason,
): Promise<number> {
  sessionsEnding(target);
  const one = target.sessionId ? sql`and id = ${target.sessionId}` : sql``;
  const { rows } = await dz(db).execute<{ id: string }>(sql`
    update sessions set ended_at = now(), end_reason = ${reason}
     where admin_id = ${target.adminId} and ended_at is null ${one}
     returning id`);
  if (rows.length > 0) {
    const event: SessionEnded = target.sessionId
      ? { sessionId: target.sessionId, reason }
      : { adminId: target.adminId, reason };
    await dz(db).execute(sql`select pg_notify(${SESSION_CHANNEL}, ${JSON.stringify(event)})`);
  }
  return rows.length;
}

/**
 * 'Sign out all other sessions': every active session of the admin but `keepId` ends, each announced on its
 * own (an admin-wide event would also close the streams of the session that asked). Returns how many ended.
 */
export async function endOtherSessions(db: Sql, adminId: string, keepId: string): Promise<number> {
  const { rows: others } = await dz(db).execute<{ id: string }>(sql`
    select id from sessions where admin_id = ${adminId} and ended_at is null and id <> ${keepId}`);
  for (const o of others) sessionsEnding({ adminId, sessionId: o.id });
  const { rows } = await dz(db).execute<{ id: string }>(sql`
    update sessions set ended_at = now(), end_reason = 'revoked'
     where admin_id = ${adminId} and ended_at is null and id <> ${keepId}
     returning id`);
  for (const r of rows) {
    const event: SessionEnded = { sessionId: r.id, reason: 'revoked' };
    await dz(db).execute(sql`select pg_notify(${SESSION_CHANNEL}, ${JSON.stringify(event)})`);
  }
  return rows.length;
}

/** Whether the session exists for this admin (ended or not): 404 for someone else's. */
export async function ownsSession(db: Sql, adminId: string, sessionId: string): Promise<boolean> {
  const { rows } = await dz(db).execute(
    sql`select 1 from sessions where id = ${sessionId} and admin_id = ${adminId}`,
  );
  return rows.length > 0;
}
