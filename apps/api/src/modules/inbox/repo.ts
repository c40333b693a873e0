// SQL of the inbox's conversations (contacts as the inbox reads them; messages are in messages-repo.ts).
// Keyset paging everywhere: a cursor is the (sort key, id) of the last row served, so rows
// that move (a contact writing again jumps to the top) never shift the others between pages.
// Every inbox request runs a few named statements (prepared once per connection), and each checks that the
// admin manages the page in the same round trip as its first read (bench/FINDINGS.md). Over 400 lines
// because the list, its counts and its filters (queue, assignee, search) share one set of column and
// WHERE fragments that must stay identical for the paging to be right.
import { adminPage, PAGE_COLUMNS, type PageRow } from '../../auth/guards.js';
import { TASKS_SQL } from '../../auth/page-access.js';
import { runStatement, statement, type Sql } from '../../db/client.js';
import type { InboxAssigneeFilter, InboxFilter, RecipientMatch } from '@pagecast/contract';
import type { RecipientFields } from './mappers.js';
import { queueSql, unreachableSql } from '../contacts/index.js';
import { textMatch } from './search-repo.js';

/** Timestamps travel as exact text (microseconds, UTC) so a cursor compares equal to the stored value. */
export const isoUs = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A contact as the inbox reads it: what a Recipient needs, plus the keys paging and history use. */
export interface ContactRow extends RecipientFields {
  id: string;
  /** Exact sort key for the cursor (null when the contact never wrote). */
  lastMessageKey: string | null;
  historySyncedAt: Date | null;
}

const Q = queueSql();

/**
 * Whether contact `c` is subscribed to marketing messages, for the select list: a scalar probe of the
 * primary key per row listed. As EXISTS (Q.subscriber), a generic plan hashed every subscribed contact of
 * every page on each request (bench/FINDINGS.md); at most one row matches, so the answer is the same.
 */
const SUBSCRIBER = `coalesce((select true from marketing_subscriptions ms
    where ms.page_id = c.page_id and ms.contact_id = c.id and ms.status = 'subscribed'), false)`;

/** The assignee of contact `c` as the contract's `{ userId, name }` (JSON), or null. */
const ASSIGNEE = `(select json_build_object('userId', a.fb_user_id, 'name', a.name) from admins a
    where a.id = c.assignee_id)`;

/** ContactRow's columns of `contacts c`, each alias prefixed (to sit beside the page's columns). */
const contactColumns = (prefix = '') => `
  c.id as "${prefix}id", c.psid as "${prefix}psid", c.name as "${prefix}name",
  c.first_name as "${prefix}firstName", c.last_name as "${prefix}lastName", c.email as "${prefix}email",
  c.profile_pic as "${prefix}profilePic", c.last_message_at as "${prefix}lastMessageAt",
  ${isoUs('c.last_message_at')} as "${prefix}lastMessageKey",
  c.last_message_preview as "${prefix}lastMessagePreview", c.last_inbound_at as "${prefix}lastInboundAt",
  c.unread_count as "${prefix}unreadCount", c.history_synced_at as "${prefix}historySyncedAt",
  ${Q.needsReply} as "${prefix}needsReply", ${Q.status} as "${prefix}status",
  c.snoozed_until as "${prefix}snoozedUntil", ${SUBSCRIBER} as "${prefix}marketingSubscriber",
  ${ASSIGNEE} as "${prefix}assignee"`;
const CONTACT_COLUMNS = contactColumns();
const RECIPIENT_FIELDS = statement(
  'recipient_fields',
  `select ${CONTACT_COLUMNS} from contacts c where c.page_id = $1 and c.psid = $2`,
);

/**
 * The contact `psid` of page `pageUuid` with the columns a Recipient needs, or null. Takes a transaction
 * too (the webhook ingest announces a contact it has just created, before its commit).
 */
export async function findRecipientFields(
  db: Sql,
  pageUuid: string,
  psid: string,
): Promise<RecipientFields | null> {
  const [row] = await runStatement<RecipientFields>(db, RECIPIENT_FIELDS, [pageUuid, psid]);
  return row ?? null;
}

export interface RecipientCursor {
  /** last_message_at of the last row served (exact text), or null for the NULL tail. */
  at: string | null;
  id: string;
}

// The page check (the admin manages it with messaging tasks), then a LATERAL read of its contacts: no row
// at all when not, one all-null row when the page has no contacts (yet).
const pageContacts = (read: string) =>
  `select c.* from (select p.id from ${adminPage('$1', '$2', 'messaging')}) p left join lateral (${read}) c on true`;
/**
 * The first `limit` contacts of page `page` in list order, as GET recipients reads them. The API bench's
 * reference (a bare route) runs this same text, so it reads exactly what the route reads.
 */
export const firstContactsSql = (page: string, limit: string) =>
  `select ${CONTACT_COLUMNS} from contacts c where c.page_id = ${page}
    order by c.last_message_at desc nulls last, c.id desc limit ${limit}`;
// GET recipients' pages: the caller checked page access first (auth/page-access-cache.ts), $1 is the page.
/** GET recipients' first page (exported for the bench's EXPLAIN). */
export const CONTACTS_FIRST = statement('page_contacts_first', firstContactsSql('$1', '$2'));
const CONTACTS_AFTER_DATED = statement(
  'page_contacts_after_dated',
  `(select ${CONTACT_COLUMNS} from contacts c
      where c.page_id = $1 and c.last_message_at is not null
        and (c.last_message_at, c.id) < ($3::timestamptz, $4::uuid)
      order by c.last_message_at desc nulls last, c.id desc limit $2)
    union all
    (select ${CONTACT_COLUMNS} from contacts c
      where c.page_id = $1 and c.last_message_at is null
      order by c.id desc limit $2)`,
);
const CONTACTS_AFTER_UNDATED = statement(
  'page_contacts_after_undated',
  `select ${CONTACT_COLUMNS} from contacts c
    where c.page_id = $1 and c.last_message_at is null and c.id < $3::uuid
    order by c.id desc limit $2`,
);

/**
 * One page of contacts of the page `pageUuid` (its access checked by the caller), ordered
 * (last_message_at DESC NULLS LAST, id DESC) like contacts_page_recent_idx. After a cursor in the dated
 * part: the older dated rows, then the NULL tail. Two index range scans joined by UNION ALL, each limited,
 * instead of one OR that would walk the index from the start.
 */
export async function listPageContacts(
  db: Sql,
  pageUuid: string,
  after: RecipientCursor | null,
  limit: number,
): Promise<ContactRow[]> {
  if (!after) return runStatement<ContactRow>(db, CONTACTS_FIRST, [pageUuid, limit]);
  const rows =
    after.at !== null
      ? await runStatement<ContactRow>(db, CONTACTS_AFTER_DATED, [
          pageUuid,
          limit,
          after.at,
          after.id,
        ])
      : await runStatement<ContactRow>(db, CONTACTS_AFTER_UNDATED, [pageUuid, limit, after.id]);
  // UNION ALL keeps each branch's order and the dated branch comes first, but SQL does not promise it: sort.
  return rows.sort(compareRecent).slice(0, limit);
}

export interface RecipientQuery {
  /** Words of a name or of a message (case-insensitive substring). */
  q?: string | undefined;
  filter: InboxFilter;
  /** Whose conversations (`mine` needs `adminId`); all when absent. */
  assignee?: InboxAssigneeFilter | undefined;
  /** The caller, for `assignee: 'mine'`. */
  adminId?: string | undefined;
  /** Whether the human-agent reply (7 days) counts as a way to reach the contact (config). */
  humanAgent?: boolean | undefined;
  tagId?: string | undefined;
}

/** The contract's RecipientMatch as the repo reads it (an empty search is no search). */
export const recipientQuery = (m: RecipientMatch): RecipientQuery => ({
  q: m.q || undefined,
  filter: m.filter,
  assignee: m.assignee,
  tagId: m.tagId,
});

/**
 * Positional parameters of an ad-hoc statement: `values` holds the fixed ones ($1...), and the returned
 * function appends one more and answers its placeholder.
 */
export function placeholders(values: unknown[]): (v: unknown) => string {
  return (v) => {
    values.push(v);
    return `$${values.length}`;
  };
}

/**
 * The conditions on `contacts c` of a search and its filters (for this listing and for bulk tagging by
 * the same search); `param` adds a value and returns its placeholder.
 */
export function recipientMatch(
  query: RecipientQuery,
  param: (v: unknown) => string,
  /** The page's uuid, not read from `c`; null: test each contact on its own (search-repo.ts#textMatch). */
  page: string | null,
): string[] {
  const where: string[] = [];
  if (query.q) where.push(textMatch(query.q, param, page));
  if (query.filter === 'needs_reply') where.push(Q.needsReply);
  else if (query.filter === 'unread') where.push('c.unread_count > 0');
  else if (query.filter === 'window_open')
    where.push(`c.last_inbound_at > now() - interval '24 hours'`);
  else if (query.filter === 'resolved') where.push(`c.inbox_status = 'resolved'`);
  else if (query.filter === 'snoozed') where.push(`${Q.status} = 'snoozed'`);
  else if (query.filter === 'unreachable') where.push(unreachableSql(!!query.humanAgent));
  if (query.assignee === 'mine')
    where.push(`c.assignee_id = ${param(query.adminId ?? null)}::uuid`);
  else if (query.assignee === 'unassigned') where.push('c.assignee_id is null');
  if (query.tagId)
    where.push(
      `exists (select 1 from contact_tags ct where ct.contact_id = c.id and ct.tag_id = ${param(query.tagId)}::uuid)`,
    );
  return where;
}

/**
 * Which contacts a search statement reads: `walk` (only the next `walk` contacts in list order, each
 * tested on its own, search-repo.ts#textMatch: fast when matches are common, where reading every match to
 * sort them is not; may answer fewer than exist), `ids` (these contacts, every match of `q` already read
 * from the indexes by search-repo.ts#matchingContacts: `q` is not tested again), or null (every match,
 * through the indexes).
 */
export type SearchScope = { walk: number } | { ids: readonly string[] } | null;

/** The conditions of `query` on `contacts c` within `scope` (not the page and cursor). */
function scopedMatch(
  query: RecipientQuery,
  param: (v: unknown) => string,
  scope: SearchScope,
): string[] {
  if (scope && 'ids' in scope)
    return [
      `c.id = any(${param(scope.ids)}::uuid[])`,
      ...recipientMatch({ ...query, q: undefined }, param, 'p.id'),
    ];
  return recipientMatch(query, param, scope ? null : 'p.id');
}

/**
 * listAdminPageContacts with a search and filters, over all the page's contacts: the same order and
 * cursor, so paging stays stable. One ad-hoc statement (planned for the filters actually given): a name
 * match or a message of the contact containing the words; the state filters read the contact row; the tag
 * filter its contact_tags.
 */
export async function searchAdminPageContacts(
  db: Sql,
  adminId: string,
  fbPageId: string,
  query: RecipientQuery,
  after: RecipientCursor | null,
  limit: number,
  scope: SearchScope = null,
): Promise<ContactRow[] | null> {
  const values: unknown[] = [fbPageId, adminId, limit];
  const param = placeholders(values);
  const page: string[] = ['c.page_id = p.id'];
  if (after && after.at !== null) {
    const at = param(after.at);
    const id = param(after.id);
    page.push(`(c.last_message_at < ${at}::timestamptz
      or (c.last_message_at = ${at}::timestamptz and c.id < ${id}::uuid) or c.last_message_at is null)`);
  } else if (after) page.push(`c.last_message_at is null and c.id < ${param(after.id)}::uuid`);
  const order = 'order by c.last_message_at desc nulls last, c.id desc';
  const walk = scope && 'walk' in scope ? scope.walk : null;
  const from = walk
    ? `(select c.* from contacts c where ${page.join(' and ')} ${order} limit ${param(walk)}) c`
    : 'contacts c';
  const where = [...(walk ? [] : page), ...scopedMatch(query, param, scope)];
  const { rows } = await db.query<ContactRow | { id: null }>(
    pageContacts(`select ${CONTACT_COLUMNS} from ${from} where ${where.join(' and ') || 'true'}
      ${order} limit $3`),
    values,
  );
  if (rows.length === 0) return null;
  return rows.filter((r): r is ContactRow => r.id !== null);
}

/**
 * How many of the page's contacts the search matches (null: the admin does not manage the page); within
 * `ids` when search-repo.ts#matchingContacts read every match already.
 */
export async function countAdminPageContacts(
  db: Sql,
  adminId: string,
  fbPageId: string,
  query: RecipientQuery,
  ids: readonly string[] | null = null,
): Promise<number | null> {
  const values: unknown[] = [fbPageId, adminId];
  const param = placeholders(values);
  const where = ['c.page_id = p.id', ...scopedMatch(query, param, ids && { ids })];
  const { rows } = await db.query<{ n: number }>(
    `select (select count(*)::int from contacts c where ${where.join(' and ')}) as n
       from (select p.id from ${adminPage('$1', '$2', 'messaging')}) p`,
    values,
  );
  return rows[0]?.n ?? null;
}

function compareRecent(a: ContactRow, b: ContactRow): number {
  if (a.lastMessageKey !== b.lastMessageKey) {
    if (a.lastMessageKey === null) return 1;
    if (b.lastMessageKey === null) return -1;
    return a.lastMessageKey < b.lastMessageKey ? 1 : -1;
  }
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export type TagRow = {
  id: string;
  name: string;
  description: string;
};

const CONTACT_KEYS = [
  'id',
  'psid',
  'name',
  'firstName',
  'lastName',
  'email',
  'profilePic',
  'lastMessageAt',
  'lastMessageKey',
  'lastMessagePreview',
  'lastInboundAt',
  'unreadCount',
  'historySyncedAt',
  'needsReply',
  'status',
  'snoozedUntil',
  'marketingSubscriber',
  'assignee',
] as const;

type PageContactRow = PageRow & {
  [K in (typeof CONTACT_KEYS)[number] as `contact.${K}`]: ContactRow[K] | null;
} & {
  contactTags?: TagRow[];
};

// The page (if the admin manages it) and its contact `$3` (if any), and for a conversation the contact's
// tags (JSON, ordered like the Tag Selector).
const pageContact = (withTags: boolean) =>
  `select p.*, c.*${withTags ? `, coalesce(t.tags, '[]'::json) as "contactTags"` : ''}
   from (select ${PAGE_COLUMNS} from ${adminPage('$1', '$2', 'messaging')}) p
   left join lateral (select ${contactColumns('contact.')} from contacts c
     where c.page_id = p.id and c.psid = $3) c on true
   ${
     withTags
       ? `left join lateral (select json_agg(json_build_object('id', t.id, 'name', t.name,
            'description', t.description) order by lower(t.name), t.id) as tags
          from contact_tags ct join tags t on t.id = ct.tag_id
          where ct.contact_id = c."contact.id") t on true`
       : ''
   }`;
const PAGE_CONTACT = statement('admin_page_contact', pageContact(false));
const PAGE_CONTACT_TAGS = statement('admin_page_contact_tags', pageContact(true));

export interface PageContact {
  page: PageRow;
  contact: ContactRow | null;
  /** With `withTags` only: the contact's tags. */
  tags: TagRow[];
}

/** The page `fbPageId` if `adminId` manages it (else null) and its contact `psid` (null if unknown). */
export async function findAdminPageContact(
  db: Sql,
  adminId: string,
  fbPageId: string,
  psid: string,
  options: { withTags: boolean },
): Promise<PageContact | null> {
  const [row] = await runStatement<PageContactRow>(
    db,
    options.withTags ? PAGE_CONTACT_TAGS : PAGE_CONTACT,
    [fbPageId, adminId, psid],
  );
  if (!row) return null;
  const page: PageRow = {
    id: row.id,
    fbPageId: row.fbPageId,
    name: row.name,
    profilePicture: row.profilePicture,
    category: row.category,
    syncScope: row.syncScope,
    lastSyncedAt: row.lastSyncedAt,
    pageTokenEnc: row.pageTokenEnc,
    tokenStatus: row.tokenStatus,
    tasks: row.tasks,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  let contact: ContactRow | null = null;
  if (row['contact.id'] !== null) {
    const c: Record<string, unknown> = {};
    for (const k of CONTACT_KEYS) c[k] = row[`contact.${k}`];
    contact = c as unknown as ContactRow;
  }
  return { page, contact, tags: row.contactTags ?? [] };
}

const ASSIGNEES = statement(
  'page_messaging_admins',
  `select a.fb_user_id as "userId", a.name, a.profile_pic as "profilePic"
     from (select p.id from ${adminPage('$1', '$2', 'messaging')}) p
     join page_admins pa on pa.page_id = p.id and pa.tasks && ${TASKS_SQL.messaging}
     join admins a on a.id = pa.admin_id
    order by lower(a.name), a.fb_user_id`,
);

/** The page's admins with messaging tasks (the caller among them, so empty means not their page). */
export async function listAssignees(
  db: Sql,
  adminId: string,
  fbPageId: string,
): Promise<Array<{ userId: string; name: string; profilePic: string | null }>> {
  return runStatement(db, ASSIGNEES, [fbPageId, adminId]);
}

/** The queue's counts of a page (contacts `c` of page uuid `pageParam`), for Home and the tab title. */
export const queueCountsSql = (pageParam: string, adminParam: string) => `
  (select count(*)::int from contacts c where c.page_id = ${pageParam} and ${Q.needsReply}) as "needsReply",
  (select count(*)::int from contacts c where c.page_id = ${pageParam} and c.unread_count > 0) as "unread",
  (select count(*)::int from contacts c where c.page_id = ${pageParam} and c.assignee_id = ${adminParam}
     and ${Q.status} = 'open') as "mine"`;

const QUEUE_COUNTS = statement(
  'inbox_queue_counts',
  `select ${queueCountsSql('p.id', '$2::uuid')} from (select p.id from ${adminPage('$1', '$2', 'messaging')}) p`,
);
const PAGE_QUEUE_COUNTS = statement(
  'page_queue_counts',
  `select ${queueCountsSql('$1::uuid', '$2::uuid')}`,
);

/** The queue's counts of page `pageUuid` for `adminId`, access already checked (Home's overview). */
export async function pageQueueCounts(
  db: Sql,
  pageUuid: string,
  adminId: string,
): Promise<{ needsReply: number; unread: number; mine: number }> {
  const [row] = await runStatement<{ needsReply: number; unread: number; mine: number }>(
    db,
    PAGE_QUEUE_COUNTS,
    [pageUuid, adminId],
  );
  return row ?? { needsReply: 0, unread: 0, mine: 0 };
}

export async function queueCounts(
  db: Sql,
  adminId: string,
  fbPageId: string,
): Promise<{ needsReply: number; unread: number; mine: number } | null> {
  const [row] = await runStatement<{ needsReply: number; unread: number; mine: number }>(
    db,
    QUEUE_COUNTS,
    [fbPageId, adminId],
  );
  return row ?? null;
}
