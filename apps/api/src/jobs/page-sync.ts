// The page sync job: walks a page's Messenger conversations (newest first, cursor by cursor) and upserts
// each contact with its recent messages (nested in the same call, so search finds history too). Crash-safe
// and exact: every page of results is stored in ONE transaction together with the saved cursor and the
// progress counter, fenced by the worker's lease, so a resumed sync continues from the last committed page
// and never counts (or imports) a page twice.
import { graphAttachments, previewOf } from '../modules/inbox/index.js';
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Sql } from '../db/client.js';
import { GraphError, type GraphClient } from '../graph/index.js';
import type { Conversation, ConversationsPage } from '../graph/types.js';
import type { ModuleDeps } from '../modules/shared/deps.js';
import type { ContactUpsert } from '../modules/contacts/index.js';
import {
  claimSync,
  markPageTokenInvalid,
  markSyncCompleted,
  markSyncFailed,
  recordSyncRateLimit,
  saveSyncPage,
  staleSyncs,
} from '../modules/pages/index.js';
import type { HistoryMessage } from '../modules/inbox/index.js';
import { noteTemplatePath } from '../modules/campaigns/index.js';
import { syncPageSubscribers } from '../modules/marketing/index.js';
import { syncPageTemplates } from '../modules/templates/index.js';
import { jobStates, stopRetrying } from './boss.js';
import { createPacer, pageSyncKey } from '../pacing/call-pacer.js';
import { PAGE_SYNC_QUEUE, type PageSyncJobData } from '../queues/index.js';

export const TOKEN_INVALID_MESSAGE =
  'The page access token is no longer valid: reconnect the page by signing in again.';
export const PERMISSION_MESSAGE =
  'The page no longer grants the permissions needed to read its conversations: reconnect the page by signing in again and accept every permission.';
const WORKER_LOST_MESSAGE = 'The sync stopped unexpectedly. Please try again.';

export interface PageSyncOptions {
  /** Conversations per Graph call (the emulator's and Facebook's maximum is 100). */
  pageSize: number;
  /**
   * Latest messages read per conversation (nested in the conversations call: no call of their own), stored
   * as history and used to find the contact's last inbound message. Meta reads only a conversation's 20
   * most recent messages in detail.
   */
  messagesPerConversation: number;
  /** A worker's hold on a running sync; renewed with every saved page. */
  leaseMs: number;
  /** How often each worker process looks for syncs whose worker died. */
  watchdogMs: number;
  /** Longest single wait honoured after a rate-limit answer (the wait then repeats if still limited). */
  maxRateLimitWaitMs: number;
  /** Shortest wait after a rate-limit answer that gave no usable time. */
  minRateLimitWaitMs: number;
  /** Concurrent syncs per worker process. */
  concurrency: number;
  /** pg-boss polling interval of the sync workers. */
  pollingIntervalSeconds: number;
  /** Called after each committed page (tests and benchmarks observe progress with it). */
  onPage?: (info: { syncId: string; processed: number }) => void;
}

export const DEFAULT_PAGE_SYNC_OPTIONS: PageSyncOptions = {
  pageSize: 100,
  messagesPerConversation: 20,
  leaseMs: 30_000,
  watchdogMs: 10_000,
  maxRateLimitWaitMs: 60_000,
  minRateLimitWaitMs: 1_000,
  concurrency: 2,
  pollingIntervalSeconds: 2,
};

/** A failure that retrying cannot fix (token, permissions): the sync fails with `message` for the admin. */
export class PermanentSyncError extends Error {}
class LeaseLostError extends Error {}

type Fetched = { page: ConversationsPage } | { error: unknown };

/** Runs one sync to its end (or throws for pg-boss to retry). Exported for tests and benchmarks. */
export async function runPageSync(
  deps: Pick<ModuleDeps, 'pool' | 'config' | 'tokens'> & { graph: GraphClient },
  syncId: string,
  options: PageSyncOptions = DEFAULT_PAGE_SYNC_OPTIONS,
  logger?: Pick<Logger, 'info' | 'warn'>,
): Promise<'completed' | 'failed' | 'skipped'> {
  const { pool: db, graph } = deps;
  const owner = randomUUID();
  const claimed = await claimSync(db, syncId, owner, options.leaseMs);
  if (claimed === 'done') return 'skipped';
  if (claimed === 'failed') throw new PermanentSyncError('sync already failed');
  if (claimed === 'held') throw new Error('the sync is running on another worker');
  const sync = claimed;
  const pacer = createPacer(db, pageSyncKey(sync.fbPageId), deps.config.conversationsRatePerPage);

  let token: string;
  try {
    if (!sync.pageTokenEnc) throw new Error('no page token stored');
    token = deps.tokens.decrypt(sync.pageTokenEnc);
  } catch {
    await markSyncFailed(db, sync.id, TOKEN_INVALID_MESSAGE);
    throw new PermanentSyncError(TOKEN_INVALID_MESSAGE);
  }

  let cursor = sync.cursor;
  let processed = sync.processed;
  logger?.info({ syncId, pageId: sync.fbPageId, cursor: !!cursor, processed }, 'page sync started');
  // The next page is requested (paced) while the current one is being stored: the Graph API's time and the
  // database's overlap. A fetched page counts only once stored, so a crash in between loses nothing.
  const fetchPaced = (at: string | null): Promise<Fetched> =>
    pacer
      .acquire()
      .then(() => fetchPage(graph, sync.fbPageId, token, at, options))
      .then(
        (page) => ({ page }),
        (error: unknown) => ({ error }),
      );
  let prefetched: Promise<Fetched> | null = null;
  for (;;) {
    const result = await (prefetched ?? fetchPaced(cursor));
    prefetched = null;
    if ('error' in result) {
      const err = result.error;
      if (!(err instanceof GraphError)) throw err;
      if (err.kind === 'rate_limit') {
        // Slow down, never fail: everyone on this page waits, then we ask for the same cursor again.
        const wait = Math.min(
          options.maxRateLimitWaitMs,
          Math.max(options.minRateLimitWaitMs, err.retryAfterMs ?? 0),
        );
        logger?.warn(
          { syncId, waitMs: wait, code: err.code },
          'page sync rate limited: slowing down',
        );
        await pacer.penalize(wait);
        await recordSyncRateLimit(db, sync.id, owner, wait + options.leaseMs);
        continue;
      }
      if (err.kind === 'token') {
        await markSyncFailed(db, sync.id, TOKEN_INVALID_MESSAGE);
        await markPageTokenInvalid(db, sync.pageUuid);
        throw new PermanentSyncError(TOKEN_INVALID_MESSAGE);
      }
      if (err.kind === 'permission') {
        await markSyncFailed(db, sync.id, PERMISSION_MESSAGE);
        throw new PermanentSyncError(PERMISSION_MESSAGE);
      }
      throw err; // transient after the client's own retries, or unknown: pg-boss retries from the cursor
    }
    const { page } = result;
    if (page.nextCursor) prefetched = fetchPaced(page.nextCursor);
    const contacts = page.conversations
      .map((c) => contactOf(c, sync.fbPageId))
      .filter((c): c is ContactUpsert => c !== null);
    const history = page.conversations.flatMap((c) => historyOf(c, sync.fbPageId));
    const saved = await saveSyncPage(
      db,
      sync,
      owner,
      contacts,
      history,
      page.nextCursor,
      options.leaseMs,
    );
    if (saved === null) throw new LeaseLostError('the sync lease was lost');
    processed = saved;
    options.onPage?.({ syncId, processed });
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  if (!(await markSyncCompleted(db, sync, owner)))
    throw new LeaseLostError('the sync lease was lost');
  logger?.info({ syncId, pageId: sync.fbPageId, processed }, 'page sync completed');
  // The page's utility templates come along (a new admin sees them at once); contacts are what the sync is
  // for, so a failure here is logged and left to the Templates screen's re-read.
  await syncPageTemplates(db, graph, sync.pageUuid, sync.fbPageId, token, noteTemplatePath).catch(
    (err: unknown) =>
      logger?.warn({ err, syncId }, 'reading the page templates after the sync failed'),
  );
  // So are its marketing-messages subscribers (their contacts are known now).
  await syncPageSubscribers(db, graph, sync.pageUuid, sync.fbPageId, token).catch((err: unknown) =>
    logger?.warn({ err, syncId }, 'reading the page subscribers after the sync failed'),
  );
  return 'completed';
}

async function fetchPage(
  graph: GraphClient,
  fbPageId: string,
  token: string,
  cursor: string | null,
  options: PageSyncOptions,
): Promise<ConversationsPage> {
  const pages = graph.listConversations(fbPageId, token, {
    after: cursor,
    limit: options.pageSize,
    fields: `id,participants,updated_time,snippet,messages.limit(${options.messagesPerConversation}){id,message,from,created_time,attachments,sticker}`,
    // The sync paces and retries itself (through the shared pacer), so the client must not.
    maxRateLimitRetries: 0,
  });
  try {
    const first = await pages.next();
    if (first.done) return { conversations: [], cursor, nextCursor: null };
    return first.value;
  } finally {
    await pages.return(undefined);
  }
}

/** The contact of a conversation: the participant who is not the page. */
export function contactOf(c: Conversation, fbPageId: string): ContactUpsert | null {
  const person = c.participants?.data.find((p) => p.id !== fbPageId);
  if (!person) return null;
  const messages = c.messages?.data ?? [];
  const lastInbound = messages.find((m) => m.from?.id === person.id);
  const newest = messages[0];
  const lastMessageAt = c.updated_time
    ? new Date(c.updated_time)
    : newest
      ? new Date(newest.created_time)
      : null;
  return {
    psid: person.id,
    name: person.name || null,
    email: person.email ?? null,
    lastMessageAt,
    lastMessagePreview:
      c.snippet || previewOf(newest?.message ?? '', newest ? graphAttachments(newest) : []) || null,
    lastInboundAt: lastInbound ? new Date(lastInbound.created_time) : null,
  };
}

/** Facebook writes '2017-02-23T00:31:29+0000'. */
const fbTime = (s: string) => new Date(s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));

/**
 * The conversation's recent messages as history to store: the contact's are inbound, the rest the page's.
 * A U+0000 in a text (Postgres cannot hold it) becomes U+FFFD, so one message never fails the sync.
 */
export function historyOf(c: Conversation, fbPageId: string): HistoryMessage[] {
  const person = c.participants?.data.find((p) => p.id !== fbPageId);
  if (!person) return [];
  return (c.messages?.data ?? [])
    .filter((m) => m.id && m.created_time)
    .map((m) => {
      const inbound = m.from?.id === person.id;
      const at = fbTime(m.created_time);
      return {
        psid: person.id,
        mid: m.id,
        direction: inbound ? 'in' : 'out',
        text: (m.message ?? '').replaceAll('\u0000', '\uFFFD'),
        sentBy: m.from?.id ?? (inbound ? person.id : fbPageId),
        createdAt: at,
        attachments: graphAttachments(m),
      };
    });
}

/**
 * Syncs whose worker died (lease lapsed while running) are failed in pg-boss so it retries them at once
 * on any worker, which resumes from the saved cursor. Sync rows whose queue job vanished or ended without
 * them are closed, so the page can be synced again.
 */
export async function reapStaleSyncs(db: Sql, boss: PgBoss, logger?: Pick<Logger, 'warn'>) {
  const rows = await staleSyncs(db);
  if (rows.length === 0) return;
  const states = await jobStates(
    db,
    PAGE_SYNC_QUEUE,
    rows.map((r) => r.id),
  );
  for (const r of rows) {
    const jobState = states.get(r.id) ?? null;
    const jobEnded = jobState === null || ENDED_JOB_STATES.includes(jobState);
    // A sync row is the id of its pg-boss job: the two are read apart, so each case is checked again here.
    if (!r.leaseLapsed && !(r.quiet && jobEnded)) continue;
    if (jobState === 'active') {
      logger?.warn({ syncId: r.id }, 'page sync worker lost: handing the sync to another worker');
      await boss.fail(PAGE_SYNC_QUEUE, r.id, { message: 'worker lost' });
    } else if (jobEnded) {
      await markSyncFailed(db, r.id, WORKER_LOST_MESSAGE);
    }
  }
}

const ENDED_JOB_STATES = ['completed', 'failed', 'cancelled'];

/** Attaches the sync workers and the watchdog to pg-boss. */
export async function registerPageSyncWorker(
  boss: PgBoss,
  deps: ModuleDeps,
  options: Partial<PageSyncOptions> = {},
  logger?: Logger,
): Promise<void> {
  const graph = deps.graph;
  if (!graph) throw new Error('the page sync worker needs the Graph client');
  const opts = { ...DEFAULT_PAGE_SYNC_OPTIONS, ...options };
  for (let i = 0; i < opts.concurrency; i++) {
    await boss.work<PageSyncJobData>(
      PAGE_SYNC_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds },
      async ([job]) => {
        if (!job) return;
        try {
          await runPageSync({ ...deps, graph }, job.data.syncId, opts, logger);
        } catch (err) {
          if (err instanceof PermanentSyncError) {
            // No retry can fix it: let pg-boss record the failure now instead of retrying.
            await stopRetrying(deps.pool, PAGE_SYNC_QUEUE, job.id);
          } else {
            logger?.warn({ err, syncId: job.data.syncId }, 'page sync attempt failed: will retry');
          }
          throw err;
        }
      },
    );
  }
  const timer = setInterval(() => {
    reapStaleSyncs(deps.pool, boss, logger).catch((err: unknown) =>
      logger?.warn({ err }, 'page sync watchdog failed'),
    );
  }, opts.watchdogMs);
  timer.unref();
  boss.once('stopped', () => clearInterval(timer));
}
