// The queue of a page's conversations, on the contacts row (docs/inbox.md "The queue"): its rules as SQL on
// the row's own columns (read by the inbox's lists and counts) and every statement that moves it (the
// admin's status, assignment and read marks; the move when messages are stored). The one writer of these
// columns; the inbox reads them.
import { adminPage } from '../../auth/guards.js';
import { TASKS_SQL } from '../../auth/page-access.js';
import { runStatement, statement, type Sql } from '../../db/client.js';
import { activitySet } from './repo.js';

/**
 * The queue's rules on a contact row `c` (docs/inbox.md "The queue"), as SQL on its own columns (kept by
 * queueSet), so a filter never probes messages row by row. A snooze past its time is open again
 * (compared with now() when read: no job has to wake it).
 */
export const queueSql = (c = 'c') => {
  const status = `(case when ${c}.inbox_status = 'snoozed' and ${c}.snoozed_until <= now() then 'open'
    else ${c}.inbox_status end)`;
  // When the contact last wrote; for a conversation Pagecast holds no message of (a sync's summary
  // only), the last time they acted if that was the conversation's last word.
  const wrote = `coalesce(${c}.last_contact_message_at, case when ${c}.last_inbound_at
    >= coalesce(${c}.last_message_at, ${c}.last_inbound_at) then ${c}.last_inbound_at end)`;
  return {
    status,
    needsReply: `(${status} = 'open' and ${wrote} > coalesce(${c}.last_human_reply_at, '-infinity'))`,
    subscriber: `exists (select 1 from marketing_subscriptions ms
      where ms.page_id = ${c}.page_id and ms.contact_id = ${c}.id and ms.status = 'subscribed')`,
  };
};
/** The open conversations no message can reach: both windows closed, no marketing subscription. */
export const unreachableSql = (humanAgent: boolean, c = 'c') =>
  `(${queueSql(c).status} = 'open'
    and not coalesce(${c}.last_inbound_at > now() - interval '${humanAgent ? '7 days' : '24 hours'}', false)
    and not ${queueSql(c).subscriber})`;

/**
 * Whether page message `mid` of contact `contactId` was sent by Pagecast on no person's behalf: a campaign's
 * (marketing messages and deliver-on-return sends are campaign rows too) or an opt-in request. Such a
 * message never answers the contact (docs/inbox.md "The queue"). Arguments are SQL expressions.
 */
export const automatedMid = (mid: string, contactId: string) => `(exists (select 1
    from campaign_recipients r where r.message_id = ${mid} and r.contact_id = ${contactId})
  or exists (select 1 from optin_requests o where o.contact_id = ${contactId} and o.mid = ${mid}))`;

/**
 * The SET clause that moves a contact's queue forward when messages are stored (SQL expressions, never
 * data): `inboundAt` the newest new message of the contact, `humanAt` the newest new page message a person
 * sent (either null). A newer message of the contact reopens a resolved conversation or one snoozed until
 * they write; a newer reply of a person resolves it when the page asked for that (`resolveOnReply`). A
 * replay (same times) changes nothing.
 */
function queueSet(target: string, inboundAt: string, humanAt: string, resolveOnReply: string) {
  const t = target;
  const status = `(case
      when ${inboundAt} > coalesce(${t}.last_contact_message_at, '-infinity')
       and (${t}.inbox_status = 'resolved' or (${t}.inbox_status = 'snoozed' and ${t}.snoozed_until is null))
      then 'open'
      when ${humanAt} > coalesce(${t}.last_human_reply_at, '-infinity')
       and ${humanAt} >= coalesce(greatest(${inboundAt}, ${t}.last_contact_message_at), '-infinity')
       and ${resolveOnReply}
      then 'resolved'
      else ${t}.inbox_status end)`;
  return `last_contact_message_at = greatest(${t}.last_contact_message_at, ${inboundAt}),
      last_human_reply_at = greatest(${t}.last_human_reply_at, ${humanAt}),
      inbox_status = ${status},
      snoozed_until = case when ${status} = 'snoozed' then ${t}.snoozed_until end`;
}

const RESOLVE_ON_REPLY = (pageUuid: string) =>
  `coalesce((select pg.resolve_on_reply from pages pg where pg.id = ${pageUuid}), false)`;

/**
 * The UPDATE that moves contact `contact` forward when a statement stores messages of it (SQL expressions,
 * never data): its last activity (activitySet: `at`, `preview`, `inboundAt`) and its queue (queueSet:
 * `inboundAt`, and `humanAt` the newest page message a person sent), for a CTE of that statement.
 */
export const storedMessagesUpdate = (
  page: string,
  contact: string,
  m: { at: string; preview: string; inboundAt: string; humanAt: string },
) => `update contacts set
       ${activitySet('contacts', m.at, m.preview, m.inboundAt)},
       ${queueSet('contacts', m.inboundAt, m.humanAt, RESOLVE_ON_REPLY(page))}
     where id = ${contact}`;

// A webhook message's move of the queue: $2 the contact's message time, or ($3) a page message $4 at $5.
// `o` is the row before the update (locked by the ingest's upsert of the contact, earlier in its transaction).
const QUEUE_ON_MESSAGE = statement(
  'queue_on_message',
  `update contacts c set ${queueSet(
    'c',
    '$2::timestamptz',
    `(case when $3::boolean and not ${automatedMid('$4::text', '$1::uuid')} then $5::timestamptz end)`,
    RESOLVE_ON_REPLY('$6::uuid'),
  )} from contacts o where c.id = $1::uuid and o.id = c.id
  returning o.inbox_status as before, c.inbox_status as after`,
);

/**
 * Moves the contact's queue forward for one message the webhook brought (queueSet): a message of the
 * contact, or a page message `byPerson` that no campaign or opt-in request of Pagecast sent. Says how the
 * conversation moved: 'reopened' by the contact's message, 'resolved' by a person's reply (the page's
 * resolve-on-reply), or null.
 */
export async function queueOnMessage(
  db: Sql,
  m: {
    pageUuid: string;
    contactId: string;
    mid: string;
    direction: 'in' | 'out';
    at: Date;
    byPerson?: boolean | undefined;
  },
): Promise<'reopened' | 'resolved' | null> {
  if (m.direction !== 'in' && !m.byPerson) return null;
  const at = m.at.toISOString();
  const [row] = await runStatement<{ before: string; after: string }>(db, QUEUE_ON_MESSAGE, [
    m.contactId,
    m.direction === 'in' ? at : null,
    m.direction === 'out',
    m.mid,
    at,
    m.pageUuid,
  ]);
  if (!row || row.before === row.after) return null;
  if (row.after === 'open') return 'reopened';
  return row.after === 'resolved' ? 'resolved' : null;
}

const MARK_READ = statement(
  'contact_mark_read',
  `update contacts c set unread_count = 0 from (select p.id from ${adminPage('$1', '$2', 'messaging')}) p
   where c.page_id = p.id and c.psid = $3 and c.unread_count > 0
   returning c.id`,
);

/** The admin opened the conversation: nothing in it is unread any more. True when it had unread messages. */
export async function markContactRead(
  db: Sql,
  adminId: string,
  fbPageId: string,
  psid: string,
): Promise<boolean> {
  return (await runStatement(db, MARK_READ, [fbPageId, adminId, psid])).length > 0;
}

const MARK_HISTORY_SYNCED = statement(
  'mark_history_synced',
  'update contacts set history_synced_at = now() where id = $1',
);

export async function markHistorySynced(db: Sql, contactUuid: string): Promise<void> {
  await runStatement(db, MARK_HISTORY_SYNCED, [contactUuid]);
}

// The queue: status and assignment. Each write is scoped to the admin's page in
// the same statement (no row: not their page, or no such contact) and answers the contact as listed.
const STATUS_SET = statement(
  'contact_set_status',
  `with p as (select p.id from ${adminPage('$1', '$2', 'messaging')})
   update contacts c set inbox_status = $4, snoozed_until = $5::timestamptz, updated_at = now()
     from p, contacts o
     where c.page_id = p.id and c.psid = $3 and o.id = c.id
   returning c.id, c.page_id,
     (o.inbox_status, o.snoozed_until) is distinct from (c.inbox_status, c.snoozed_until) as moved`,
);

/**
 * A queue write's row: the contact and page row ids, and whether the statement moved anything (the
 * same status set again moves nothing).
 */
export interface QueueChange {
  contactUuid: string;
  pageUuid: string;
  moved: boolean;
}

const toChange = (row: { id: string; page_id: string; moved: boolean } | undefined) =>
  row ? { contactUuid: row.id, pageUuid: row.page_id, moved: row.moved } : null;

/** Sets the conversation's status (and snooze time); null when the admin has no such contact. */
export async function setContactStatus(
  db: Sql,
  adminId: string,
  fbPageId: string,
  psid: string,
  status: 'open' | 'resolved' | 'snoozed',
  snoozedUntil: Date | null,
): Promise<QueueChange | null> {
  const rows = await runStatement<{ id: string; page_id: string; moved: boolean }>(db, STATUS_SET, [
    fbPageId,
    adminId,
    psid,
    status,
    snoozedUntil?.toISOString() ?? null,
  ]);
  return toChange(rows[0]);
}

// The assignee must be an admin of the same page with messaging tasks (their social user id, $4), or
// null: an unknown id matches no admin and changes nothing (the service tells which it was).
const ASSIGN = statement(
  'contact_assign',
  `with p as (select p.id from ${adminPage('$1', '$2', 'messaging')}),
   target as (select a.id from admins a join page_admins pa on pa.admin_id = a.id
     join p on pa.page_id = p.id where a.fb_user_id = $4 and pa.tasks && ${TASKS_SQL.messaging})
   update contacts c set assignee_id = (select id from target), updated_at = now()
     from p, contacts o
     where c.page_id = p.id and c.psid = $3 and o.id = c.id
       and ($4::text is null or exists (select 1 from target))
   returning c.id, c.page_id, o.assignee_id is distinct from c.assignee_id as moved`,
);

/** Assigns the conversation (null: nobody); null when not a messaging admin of the page or no contact. */
export async function assignContact(
  db: Sql,
  adminId: string,
  fbPageId: string,
  psid: string,
  assigneeUserId: string | null,
): Promise<QueueChange | null> {
  const rows = await runStatement<{ id: string; page_id: string; moved: boolean }>(db, ASSIGN, [
    fbPageId,
    adminId,
    psid,
    assigneeUserId,
  ]);
  return toChange(rows[0]);
}

/**
 * Resolves every open conversation of the page no message can reach; the contacts it resolved (null: not
 * the page), with the page's row id.
 */
export async function resolveUnreachable(
  db: Sql,
  adminId: string,
  fbPageId: string,
  humanAgent: boolean,
): Promise<{ pageUuid: string; resolved: Array<{ psid: string; contactUuid: string }> } | null> {
  const { rows } = await db.query<{ page_id: string; psid: string | null; id: string | null }>(
    `with p as (select p.id from ${adminPage('$1', '$2', 'messaging')}),
     done as (update contacts c set inbox_status = 'resolved', snoozed_until = null, updated_at = now()
       from p where c.page_id = p.id and ${unreachableSql(humanAgent)}
       returning c.psid, c.id)
     select p.id as page_id, d.psid, d.id from p left join done d on true`,
    [fbPageId, adminId],
  );
  const first = rows[0];
  if (!first) return null;
  return {
    pageUuid: first.page_id,
    resolved: rows.flatMap((r) =>
      r.psid === null || r.id === null ? [] : [{ psid: r.psid, contactUuid: r.id }],
    ),
  };
}
