// Rules of the inbox (spec §3/§4/§5 Messages): recipients and conversations from the database, the one-time
// history fetch from the Graph API, and replies inside Messenger's 24-hour window; the queue's calls are
// queue-service.ts's, the page-and-contact lookup conversation.ts's. Over 400 lines because the list, the
// conversation and the reply share the search gate, the send limits and the error mapping; the SQL is in
// repo.ts, messages-repo.ts and search-repo.ts.
import {
  HUMAN_AGENT_OFF_MESSAGE,
  HUMAN_AGENT_REFUSED_MESSAGE,
  replyWindow,
  type MessageReceived,
  type Recipient,
  type Tag,
} from '@pagecast/contract';
import {
  actingPageToken,
  assertPageAdmin,
  pageAccessError,
  pageIdFor,
  readPageAccess,
  type PageAccessOf,
  type PageRow,
} from '../../auth/guards.js';
import { GraphError, type GraphMessage } from '../../graph/index.js';
import {
  ConflictError,
  RateLimitedError,
  UnavailableError,
  UnprocessableError,
  ValidationError,
} from '../../errors.js';
import type { Sql } from '../../db/client.js';
import { storeReply } from './reply-store.js';
import type { ModuleDeps } from '../shared/deps.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { graphAttachments, mediaPolicyOf } from './attachments.js';
import { searchMatch, toMessage, toRecipient } from './mappers.js';
import * as contacts from '../contacts/index.js';
import { conversations, type Publish } from './conversation.js';
import * as messages from './messages-repo.js';
import { createQueueService, type QueueService } from './queue-service.js';
import * as repo from './repo.js';
import * as search from './search-repo.js';
import { requestRecheck } from '../../queues/index.js';
import { countHit } from '../../http/rate-limit-store.js';
import { graphRefusal, RECONNECT_MESSAGE } from '../shared/page-graph.js';

/** A reply over the inbox's per-minute ceilings (see enforceSendLimits). */
export const SEND_LIMIT_MESSAGE =
  'Replies are going out faster than a person types: wait a minute, then send again.';
export const HUMAN_AGENT_LIMIT_MESSAGE = (perMinute: number) =>
  `Human agent replies are limited to ${perMinute} a minute per page, so the page keeps Meta's permission for them: wait a minute, then send again.`;

/** A search or count over the inbox's per-minute ceiling (see enforceSearchLimit). */
export const SEARCH_LIMIT_MESSAGE =
  'Searches are coming faster than a person types: wait a minute, then search again.';

/** An admin's search or count while their share of the search gate runs and waits (search.SearchGate). */
export const SEARCH_QUEUED_MESSAGE =
  'Your other searches are still running: wait for them, then search again.';

/** A search or count while SEARCH_CONCURRENCY searches run and SEARCH_QUEUE wait (see search.SearchGate). */
export const SEARCH_BUSY_MESSAGE = 'Many searches are running right now: try again in a moment.';

/** A search or count that ran past SEARCH_TIMEOUT_MS. */
export const SEARCH_TIMEOUT_MESSAGE =
  'This search took too long: search for a longer word or a name, or try again in a moment.';

/** Contacts a search or filter walks in list order (see repo.searchAdminPageContacts). */
const SEARCH_WALK = 1000;

/**
 * The next `limit + 1` contacts of a search or filtered list, in list order (null: not the admin's page),
 * read the cheapest way for how common the term is (docs/inbox.md §4): a rare one has every match named by
 * the indexes (a few contacts, then filtered and sorted); a common one walks SEARCH_WALK contacts in list
 * order, which finds a page of results; filters alone, and a term the walk finds too few of, read every
 * match through the indexes.
 */
async function findMatches(
  args: readonly [Sql, string, string, repo.RecipientQuery, repo.RecipientCursor | null, number],
  limit: number,
  q: string | undefined,
): Promise<repo.ContactRow[] | null> {
  const [tx, adminId, pageId] = args;
  if (q) {
    const hits = await rareTermHits(tx, adminId, pageId, q);
    if (hits === null) return null;
    if (hits?.complete) return repo.searchAdminPageContacts(...args, hits);
  }
  const found = await repo.searchAdminPageContacts(...args, { walk: SEARCH_WALK });
  if (found && found.length <= limit) return repo.searchAdminPageContacts(...args);
  return found;
}

/**
 * Every contact `q` matches, named by the indexes, when the planner expects few hits (undefined: a common
 * or short term, or more hits than expected; null: not the admin's page).
 */
async function rareTermHits(
  tx: Sql,
  adminId: string,
  pageId: string,
  q: string,
): Promise<{ ids: string[]; complete: boolean } | null | undefined> {
  // Trigrams cannot serve a term of one or two characters (the index would be read whole): walk.
  if (q.length < search.MESSAGE_SEARCH_MIN) return undefined;
  const estimate = await search.estimatedHits(tx, adminId, pageId, q);
  if (estimate === null) return null;
  if (estimate >= search.MATCH_CAP) return undefined;
  return search.matchingContacts(tx, adminId, pageId, q);
}

/** Upper bound of a one-time history fetch (messages), so one huge thread cannot hold a request forever. */
export const HISTORY_FETCH_MAX = 5000;
const HISTORY_PAGE_SIZE = 100;
/** What a history message is read with: its files and sticker too (never a blank bubble). */
const HISTORY_FIELDS = 'id,message,from,to,created_time,attachments,sticker';

/** No Graph call: the contact last wrote more than 7 days ago (or never), past even the human-agent reply. */
export const REPLY_CLOSED_MESSAGE =
  'This contact last wrote more than 7 days ago, so Messenger allows no reply until they write again. Reach them with a campaign through an approved utility template instead.';

/**
 * Each call is page-scoped: `adminId` must manage the page `pageId` (else 404 'Page not found', checked in
 * the same round trip as the first read).
 */
export interface InboxService extends QueueService {
  listRecipients(
    adminId: string,
    pageId: string,
    after: string | undefined,
    limit: number,
    query?: repo.RecipientQuery,
  ): Promise<{ recipients: Recipient[]; paging: { nextCursor: string | null } }>;
  getConversation(
    adminId: string,
    pageId: string,
    psid: string,
    after: string | undefined,
    limit: number,
  ): Promise<{ messages: MessageReceived[]; tags: Tag[]; paging: { nextCursor: string | null } }>;
  sendMessage(
    adminId: string,
    pageId: string,
    psid: string,
    text: string,
  ): Promise<MessageReceived>;
  countRecipients(adminId: string, pageId: string, query: repo.RecipientQuery): Promise<number>;
}

/** Facebook writes '2017-02-23T00:31:29+0000'; Date wants the offset with a colon. */
const parseFbTime = (s: string) => new Date(s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));

export function createInboxService(deps: ModuleDeps, publish: Publish): InboxService {
  const { pool: db } = deps;
  const accessOf: PageAccessOf =
    deps.pageAccess ?? ((adminId, fbPageId) => readPageAccess(db, adminId, fbPageId));
  const searchGate = new search.SearchGate(deps.config.searchGate);

  /**
   * Inbox replies are typed by people: ceilings a minute per admin on the page, per page, and a lower one for
   * HUMAN_AGENT replies, which Meta allows only for a person's manual answers and polices (a script blasting
   * the past week's contacts would cost the app its permission). Counted before the send, in Postgres, so
   * they hold across API replicas; a refusal is a 429 with the seconds to wait.
   */
  async function enforceSendLimits(adminId: string, pageUuid: string, humanAgent: boolean) {
    const limits = deps.config.chatSendLimits;
    const checks: Array<[string, number, string]> = [
      [`chat-send:admin:${adminId}:${pageUuid}`, limits.perAdmin, SEND_LIMIT_MESSAGE],
      [`chat-send:page:${pageUuid}`, limits.perPage, SEND_LIMIT_MESSAGE],
      ...(humanAgent
        ? [
            [
              `chat-send:human-agent:${pageUuid}`,
              limits.humanAgentPerPage,
              HUMAN_AGENT_LIMIT_MESSAGE(limits.humanAgentPerPage),
            ] as [string, number, string],
          ]
        : []),
    ];
    for (const [key, max, message] of checks) {
      const { current, ttlMs } = await countHit(deps.pool, key, 60_000);
      if (current > max) throw new RateLimitedError(message, Math.max(1, Math.ceil(ttlMs / 1000)));
    }
  }
  /**
   * Searches, filtered listings and counts scan the page's contacts and messages: a ceiling a minute per admin
   * and per page, counted in Postgres (across replicas), so a script cannot keep the database busy for every
   * other tenant. The page's is counted once the admin's access is known: no one spends another's page.
   */
  async function enforceSearchLimit(adminId: string, pageId: string) {
    const limit = async (key: string, max: number) => {
      const { current, ttlMs } = await countHit(deps.pool, key, 60_000);
      if (current > max)
        throw new RateLimitedError(SEARCH_LIMIT_MESSAGE, Math.max(1, Math.ceil(ttlMs / 1000)));
    };
    await limit(`inbox-search:${adminId}`, deps.config.searchesPerAdminMinute);
    const pageUuid = await pageIdFor(db, accessOf, adminId, pageId, 'messaging');
    await limit(`inbox-search:page:${pageUuid}`, deps.config.searchesPerPageMinute);
  }
  /**
   * A search or count in one transaction under the search statement timeout: past it, a 503 that says
   * what to do (never a 500, never a request that holds a connection for as long as the scan takes). Its
   * turn comes from the process's search gate, shared fairly between admins: a 503 with Retry-After when too
   * many wait already, a 429 when too many of this admin's do. The per-minute limits are counted in the
   * turn: a flood waits (or is refused) before it spends a connection, so others' turns stay quick.
   */
  async function bounded<T>(
    adminId: string,
    pageId: string,
    fn: (tx: Sql) => Promise<T>,
  ): Promise<T> {
    try {
      return await searchGate.run(adminId, async () => {
        await enforceSearchLimit(adminId, pageId);
        return search.withSearchTimeout(db, deps.config.searchTimeoutMs, fn);
      });
    } catch (err) {
      if (search.isStatementTimeout(err)) throw new UnavailableError(SEARCH_TIMEOUT_MESSAGE);
      if (err instanceof search.SearchGateFull && err.own)
        throw new RateLimitedError(SEARCH_QUEUED_MESSAGE, 1);
      if (err instanceof search.SearchGateFull) throw new UnavailableError(SEARCH_BUSY_MESSAGE, 1);
      throw err;
    }
  }
  // One history fetch per contact at a time in this process; storage is idempotent across processes anyway.
  const historyInFlight = new Map<string, Promise<void>>();

  const { pageAndContact, requireContact, announce } = conversations(db, publish);

  const pageToken = (page: PageRow) => actingPageToken(page, deps.tokens.decrypt);
  /** Files of other hosts than the CSP's media sources are not linked (attachments.ts). */
  const isMediaUrl = mediaPolicyOf(deps.config);

  async function fetchHistory(page: PageRow, contact: repo.ContactRow): Promise<void> {
    const graph = deps.graph;
    const token = pageToken(page);
    if (!graph || !token) return;
    let conversationId: string | null = null;
    for await (const p of graph.listConversations(page.fbPageId, token, {
      userId: contact.psid,
      limit: 1,
      fields: 'id,participants',
    })) {
      conversationId = p.conversations[0]?.id ?? null;
      break;
    }
    if (conversationId) {
      let after: string | null = null;
      let fetched = 0;
      do {
        const r: { messages: GraphMessage[]; nextCursor: string | null } =
          await graph.getConversationMessages(conversationId, token, {
            limit: HISTORY_PAGE_SIZE,
            after,
            fields: HISTORY_FIELDS,
          });
        const items: messages.NewMessage[] = r.messages.map((m) => {
          const inbound = m.from?.id === contact.psid;
          return {
            mid: m.id,
            direction: inbound ? 'in' : 'out',
            text: m.message ?? '',
            sentBy: m.from?.id ?? (inbound ? contact.psid : page.fbPageId),
            createdAt: parseFbTime(m.created_time),
            platformAt: parseFbTime(m.created_time),
            attachments: graphAttachments(m, isMediaUrl),
          };
        });
        await messages.storeMessages(db, page.id, contact.id, items);
        fetched += items.length;
        after = r.nextCursor;
      } while (after && fetched < HISTORY_FETCH_MAX);
    }
    await contacts.markHistorySynced(db, contact.id);
  }

  async function ensureHistory(page: PageRow, contact: repo.ContactRow): Promise<void> {
    if (contact.historySyncedAt) return;
    let running = historyInFlight.get(contact.id);
    if (!running) {
      running = fetchHistory(page, contact).finally(() => historyInFlight.delete(contact.id));
      historyInFlight.set(contact.id, running);
    }
    await running;
  }

  return {
    async listRecipients(adminId, pageId, after, limit, query) {
      let cursor;
      try {
        cursor = decodeCursor(after);
      } catch (err) {
        // Page access is answered first (404 before 400), as for every page-scoped route.
        await assertPageAdmin(db, adminId, pageId, 'messaging');
        throw err;
      }
      const searching =
        !!query &&
        (!!query.q ||
          query.filter !== 'all' ||
          (!!query.assignee && query.assignee !== 'all') ||
          !!query.tagId);
      const q = query?.q;
      const queueQuery = query && {
        ...query,
        adminId,
        humanAgent: deps.config.features.humanAgent,
      };
      let lines = new Map<string, string>();
      const rows =
        !searching || !queueQuery
          ? await repo.listPageContacts(
              db,
              await pageIdFor(db, accessOf, adminId, pageId, 'messaging'),
              cursor,
              limit + 1,
            )
          : await bounded(adminId, pageId, async (tx) => {
              const args = [tx, adminId, pageId, queueQuery, cursor, limit + 1] as const;
              const found = await findMatches(args, limit, q);
              if (found && q)
                lines = await search.matchingLines(
                  tx,
                  found.slice(0, limit).map((c) => c.id),
                  q,
                );
              return found;
            });
      if (!rows) throw await pageAccessError(db, adminId, pageId, 'messaging');
      const pageRows = rows.slice(0, limit);
      const last = pageRows.at(-1);
      const now = Date.now();
      return {
        recipients: pageRows.map((c) => {
          const match = q ? searchMatch(q, c, lines.get(c.id)) : undefined;
          return match ? { ...toRecipient(c, now), match } : toRecipient(c, now);
        }),
        paging: {
          nextCursor:
            rows.length > limit && last ? encodeCursor(last.lastMessageKey, last.id) : null,
        },
      };
    },

    async getConversation(adminId, pageId, psid, after, limit) {
      const found = await pageAndContact(adminId, pageId, psid, true);
      const { page } = found;
      const cursor = decodeCursor(after);
      if (cursor && cursor.at === null)
        throw new ValidationError('Invalid cursor', { after: ['Invalid cursor'] });
      const contact = requireContact(found.contact);
      try {
        await ensureHistory(page, contact);
      } catch (err) {
        // The stored part of the conversation is still worth showing; the next open tries again.
        if (!(err instanceof GraphError)) throw err;
      }
      const rows = await messages.listMessages(
        db,
        contact.id,
        cursor ? { at: cursor.at as string, id: cursor.id } : null,
        limit + 1,
      );
      const pageRows = rows.slice(0, limit);
      const last = pageRows.at(-1);
      return {
        messages: pageRows.map(toMessage),
        tags: found.tags.map((t) => ({
          id: t.id,
          name: t.name,
          description: t.description,
          pageId: page.fbPageId,
        })),
        paging: {
          nextCursor: rows.length > limit && last ? encodeCursor(last.createdKey, last.id) : null,
        },
      };
    },

    async sendMessage(adminId, pageId, psid, text) {
      const found = await pageAndContact(adminId, pageId, psid, false);
      const { page } = found;
      const contact = requireContact(found.contact);
      // Within 24 h a standard reply; up to 7 days a person's reply goes with the HUMAN_AGENT tag (this route
      // only ever sends what an admin typed); after that Messenger allows none, so nothing is sent.
      // HUMAN_AGENT only where Meta approved the app for it (config HUMAN_AGENT_ENABLED, docs/inbox.md).
      const window = replyWindow(contact.lastInboundAt, Date.now(), {
        humanAgent: deps.config.features.humanAgent,
      });
      if (window.kind === 'closed')
        throw new UnprocessableError(
          window.humanAgentOff ? HUMAN_AGENT_OFF_MESSAGE : REPLY_CLOSED_MESSAGE,
        );
      await enforceSendLimits(adminId, page.id, window.kind === 'human_agent');
      // The admin's own page token (a co-admin's is never used): none means they must sign in again.
      const token = pageToken(page);
      if (!token) throw new ConflictError(RECONNECT_MESSAGE);
      const graph = deps.graph;
      if (!graph)
        throw new UnavailableError('Messaging is not available right now. Try again in a moment.');
      // Stamped before the call: Meta's time of the message (which its read watermarks carry) falls
      // between this and the answer; until the echo brings the exact time, receipts compare with this.
      const sentAt = new Date();
      let sent;
      try {
        sent = await graph.sendMessage({
          pageId: page.fbPageId,
          pageToken: token,
          psid,
          text,
          ...(window.kind === 'standard'
            ? { messagingType: 'RESPONSE' as const }
            : { messagingType: 'MESSAGE_TAG' as const, tag: 'HUMAN_AGENT' }),
        });
      } catch (err) {
        if (err instanceof GraphError) {
          // (#10) on a HUMAN_AGENT reply: the app lacks Meta's Human Agent feature (Meta documents no code).
          if (window.kind === 'human_agent' && err.code === 10 && err.subcode !== 2018278)
            throw new UnprocessableError(HUMAN_AGENT_REFUSED_MESSAGE);
          // Facebook says the token or the role is gone: re-read this admin's pages now, not at sign-in.
          if (err.kind === 'token' || err.kind === 'permission') {
            void requestRecheck(deps.boss, adminId).catch(() => {});
          }
          throw graphRefusal(err);
        }
        throw err;
      }
      const row = await storeReply(db, {
        pageUuid: page.id,
        contactUuid: contact.id,
        wasResolved: contact.status === 'resolved',
        find: (tx) => repo.findAdminPageContact(tx, adminId, pageId, psid, { withTags: false }),
        mid: sent.messageId,
        text,
        sentBy: page.fbPageId,
        sentAt,
      });
      // Answering a conversation is having seen it.
      await contacts.markContactRead(db, adminId, pageId, psid).catch(() => false);
      if (!row) throw new Error('sent message was not stored');
      const message = toMessage(row);
      // The message is sent and stored: a failing NOTIFY must not turn that into an error for the admin.
      await publish(page.fbPageId, {
        type: 'message',
        pageId: page.fbPageId,
        psid,
        message,
      }).catch(() => undefined);
      // Its queue changed too (Needs reply, maybe resolved): every open inbox of the page sees it.
      await announce(adminId, pageId, psid).catch(() => undefined);
      return message;
    },

    async countRecipients(adminId, pageId, query) {
      const queueQuery = { ...query, adminId, humanAgent: deps.config.features.humanAgent };
      const n = await bounded(adminId, pageId, async (tx) => {
        // Few matches: counted among the contacts the indexes name (search-repo.ts#matchingContacts).
        const hits = query.q
          ? await search.matchingContacts(tx, adminId, pageId, query.q)
          : undefined;
        if (hits === null) return null;
        return repo.countAdminPageContacts(
          tx,
          adminId,
          pageId,
          queueQuery,
          hits?.complete ? hits.ids : null,
        );
      });
      if (n === null) throw await pageAccessError(db, adminId, pageId, 'messaging');
      return n;
    },
    ...createQueueService(deps, publish),
  };
}
