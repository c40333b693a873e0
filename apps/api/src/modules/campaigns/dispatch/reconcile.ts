// Reconciliation by reading the conversation: an 'unknown' recipient (its send's answer was lost) whose echo
// did not come within the window is checked in the page's conversation with that contact, through Graph
// (`GET /{page-id}/conversations?user_id=`, then `/{conversation-id}/messages` with `id,message,from,
// created_time`: Meta's Message node has no `metadata`, so the text is what identifies the send).
//
//   a message from the page, created at or after the attempt (less CLOCK_SKEW_MS), with the exact text this
//   row would have sent          -> 'sent' with its mid, counted once (the echo's statement, by 'conversation')
//   read fine, no such message   -> proven not sent: sent once more, at most once ever (claimForResend)
//   the read failed              -> stays 'unknown' with why; after RECONCILE_MAX_READS, left for review
//
// The window must outlast the gap between a row's mark and its request (a group's pace, seconds at most): a
// worker stalled longer than the window after marking a row could still send it after a read proved it
// unsent. 10 minutes in production; the kill suite's 2 s holds there because killed workers send nothing.
// Reads are paced on the page's conversation-read budget (the page sync's pacer key), never on the Send
// API's pacer, so they cannot starve live sends; a resend takes its slot from the send pacer like any send.
import { renderPlaceholders } from '@pagecast/contract';
import type { GraphMessage } from '../../../graph/index.js';
import {
  CONVERSATION_READS_EXHAUSTED,
  CONVERSATION_UNMATCHABLE,
  CONVERSATION_UNREADABLE,
  RECONCILE_MAX_READS,
  RESEND_UNPROVEN,
} from '../reasons.js';
import { markTokenInvalid } from './repo/end.js';
import {
  type UnknownRow,
  campaignsWithQueuedResends,
  claimForResend,
  leaseUnknownRows,
  leaveForReview,
  reconcileFromEcho,
  recordFailedRead,
} from './repo/reconcile.js';
import { publishCampaignsSafely } from '../live.js';
import { createPacer, pageSyncKey } from '../../../pacing/call-pacer.js';
import { ChunkSender } from './chunk-sender.js';
import type { BatchContext, SendTarget } from './context.js';
import { loadTarget } from './target.js';

/** Meta's clock and Postgres's may differ: a page message this much older than the attempt still counts. */
export const CLOCK_SKEW_MS = 2 * 60_000;
/** A failed read is tried again after this. */
export const READ_RETRY_MS = 30_000;
/** Rows read per sweep. */
const READS_PER_ROUND = 20;
/** Messages per page of the conversation, and pages read before the read counts as failed. */
const MESSAGES_PER_READ = 100;
const MAX_MESSAGE_PAGES = 5;

export interface ReconcileOptions {
  /** How long an 'unknown' row waits for its echo before its conversation is read. */
  windowMs: number;
  /** The page's conversation reads per second (Meta's Conversations API limit). */
  readsPerSecond: number;
  retryMs?: number;
}

export interface ReconcileRound {
  bySight: number;
  resent: number;
  failedReads: number;
  forReview: number;
}

type ReadVerdict = { found: GraphMessage } | { absent: true } | { failed: string };

/** One round: every due 'unknown' row read (at most READS_PER_ROUND), settled, resent or kept. */
export async function reconcileUnknowns(
  ctx: BatchContext,
  options: ReconcileOptions,
): Promise<ReconcileRound> {
  const round: ReconcileRound = { bySight: 0, resent: 0, failedReads: 0, forReview: 0 };
  const rows = await leaseUnknownRows(
    ctx.pool,
    options.windowMs,
    options.retryMs ?? READ_RETRY_MS,
    RECONCILE_MAX_READS,
    READS_PER_ROUND,
  );
  const byCampaign = new Map<string, UnknownRow[]>();
  for (const r of rows)
    byCampaign.set(r.campaign_id, [...(byCampaign.get(r.campaign_id) ?? []), r]);
  for (const [campaignId, unknown] of byCampaign) {
    if (ctx.isStopping()) break;
    const target = await loadTarget(ctx, campaignId, ['processing', 'completed']);
    const key = (r: UnknownRow) => ({ campaignId, contactId: r.contact_id });
    const failRead = async (r: UnknownRow, why: string) => {
      round.failedReads++;
      if (r.reconcile_reads + 1 >= RECONCILE_MAX_READS) round.forReview++;
      await recordFailedRead(
        ctx.pool,
        key(r),
        CONVERSATION_UNREADABLE + why,
        RECONCILE_MAX_READS,
        CONVERSATION_READS_EXHAUSTED,
      );
    };
    if (!target || 'stop' in target) {
      const why = target ? target.stop : 'the campaign is no longer running.';
      for (const r of unknown) await failRead(r, why);
      continue;
    }
    const pacer = createPacer(ctx.pool, pageSyncKey(target.fbPageId), options.readsPerSecond);
    const proven: UnknownRow[] = [];
    for (const r of unknown) {
      if (ctx.isStopping()) break;
      const verdict = await readConversation(ctx, target, r, () => pacer.acquire());
      if ('failed' in verdict) await failRead(r, verdict.failed);
      else if ('found' in verdict) {
        const settled = await reconcileFromEcho(
          ctx.pool,
          {
            campaignId,
            contactId: r.contact_id,
            psid: r.psid,
            mid: verdict.found.id,
            at: new Date(verdict.found.created_time),
          },
          'conversation',
        );
        if (settled) round.bySight++;
      } else if (r.resent) {
        round.forReview++;
        await leaveForReview(ctx.pool, key(r), RESEND_UNPROVEN, RECONCILE_MAX_READS);
      } else if (!textAlone(target)) {
        round.forReview++;
        await leaveForReview(ctx.pool, key(r), CONVERSATION_UNMATCHABLE, RECONCILE_MAX_READS);
      } else proven.push(r);
    }
    if (proven.length > 0 || unknown.some((r) => r.resent)) {
      round.resent += await resend(
        ctx,
        target,
        proven.map((r) => r.contact_id),
      );
    }
  }
  for (const campaignId of await campaignsWithQueuedResends(ctx.pool)) {
    if (ctx.isStopping() || byCampaign.has(campaignId)) continue;
    const target = await loadTarget(ctx, campaignId, ['processing', 'completed']);
    if (target && !('stop' in target)) round.resent += await resend(ctx, target, []);
  }
  return round;
}

/**
 * Sends once more the rows proven unsent (and any earlier resend that went back to the queue before its
 * request), through the batch's ChunkSender: marking, pacing, outcomes and counters are the batch's.
 */
export async function resend(
  ctx: BatchContext,
  target: SendTarget,
  contactIds: string[],
): Promise<number> {
  const claimed = await claimForResend(ctx.pool, target.campaignId, contactIds, ctx.workerId);
  if (claimed.length === 0) return 0;
  ctx.held.add(
    target.campaignId,
    claimed.map((r) => r.contact_id),
  );
  const { stop } = await new ChunkSender(ctx, target, claimed, () => true).run();
  if (stop?.token) await markTokenInvalid(ctx.pool, target.pageUuid, target.tokenAdminId);
  await publishCampaignsSafely(ctx.pool, [target.campaignId], ctx.log);
  return claimed.length;
}

/**
 * Only a plain-text campaign's absence is proof: a button, template or marketing message may read otherwise,
 * and the text's absence says nothing of an image part whose answer and echo were both lost (a resend would
 * send the image again).
 */
function textAlone(target: SendTarget): boolean {
  return target.buttons.length === 0 && !target.template && !target.marketing && !target.image;
}

/** Reads the page's conversation with the row's contact back to its attempt (less the clock skew). */
async function readConversation(
  ctx: BatchContext,
  target: SendTarget,
  row: UnknownRow,
  paced: () => Promise<void>,
): Promise<ReadVerdict> {
  const text = renderPlaceholders(target.message, {
    firstName: row.first_name,
    lastName: row.last_name,
  });
  const since = row.sent_at.getTime() - CLOCK_SKEW_MS;
  try {
    await paced();
    let conversationId: string | undefined;
    for await (const page of ctx.graph.listConversations(target.fbPageId, target.pageToken, {
      userId: row.psid,
      limit: 1,
      fields: 'id',
      maxRateLimitRetries: 0,
    })) {
      conversationId = page.conversations[0]?.id;
      break;
    }
    if (!conversationId) return { failed: 'Facebook has no conversation with this contact.' };
    let after: string | null = null;
    for (let pages = 0; pages < MAX_MESSAGE_PAGES; pages++) {
      await paced();
      const { messages, nextCursor } = await ctx.graph.getConversationMessages(
        conversationId,
        target.pageToken,
        { limit: MESSAGES_PER_READ, after, fields: 'id,message,from,created_time' },
      );
      // Newest first: once a message predates the attempt, every later one does too.
      for (const m of messages) {
        if (Date.parse(m.created_time) < since) return { absent: true };
        if (m.from?.id === target.fbPageId && m.message === text) return { found: m };
      }
      if (!nextCursor) return { absent: true };
      after = nextCursor;
    }
    return { failed: 'too many messages since the send to read them all.' };
  } catch (err) {
    return { failed: err instanceof Error ? err.message : String(err) };
  }
}
