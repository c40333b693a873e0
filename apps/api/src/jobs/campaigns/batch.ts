// One 'campaign-batch' job: send the campaign message to the queued recipients of one batch, exactly once.
//
// A row is claimed ('queued' -> 'sending', committed) BEFORE its Send API call, and its answer is written
// after: 'sent' | 'failed' | back to 'queued' (the platform's answer proves nothing went out: rate limit,
// temporary failure) | 'unknown' (the request may have reached the platform but its answer was lost).
// Just before a group of sends, their rows get `sent_at` (committed). A row is never claimed twice from
// 'sending', so a crash can lose an answer but never duplicate a message: the sweeper flags rows that were
// attempted (sent_at set) 'unknown' (at most once) and re-queues rows that were claimed but not attempted.
// A job runs `lanes` claim -> send -> write loops at once (pipelining); chunk-sender.ts sends one chunk.
import type { TemplateParamMap } from '@pagecast/contract';
import type pg from 'pg';
import type { GraphClient } from '../../graph/index.js';
import { sleep } from '../../lib/sleep.js';
import * as repo from '../../modules/campaigns/dispatch-repo.js';
import { publishCampaignsSafely } from '../../modules/campaigns/live.js';
import {
  NO_MESSAGING_ADMIN_REASON,
  TOKEN_INVALID_REASON,
} from '../../modules/campaigns/reasons.js';
import type { PageSendPacer } from '../pacing/page-send-pacer.js';
import { ChunkSender } from './chunk-sender.js';
import type { OutcomeTuning } from './outcome.js';
import {
  type ActiveCampaigns,
  type HeldRows,
  type Semaphore,
  WorkerStoppingError,
} from './worker-state.js';

/** A batch whose next row waits longer than this ends its job (it is enqueued again when due). */
const HAND_OFF_WAIT_MS = 10_000;

export interface CampaignBatchJob {
  campaignId: string;
  batchNo: number;
}

export interface BatchTuning extends OutcomeTuning {
  /** Rows claimed and sent per round trip. */
  chunkSize: number;
  /** Concurrent claim-send-write loops per batch job (pipelining). */
  lanes: number;
  /** A send this late after its slot gets a new slot instead (keeps bursts under the page rate). */
  lateToleranceMs: number;
}

export interface BatchContext {
  pool: pg.Pool;
  graph: GraphClient;
  pacer: PageSendPacer;
  decryptToken: (enc: string) => string;
  workerId: string;
  tuning: BatchTuning;
  /** In-flight Send API calls of this process. */
  inFlight: Semaphore;
  /** Campaigns this process works on (the heartbeat publishes them), with their last seen status. */
  active: ActiveCampaigns;
  /** Rows this process has claimed and not yet written an outcome for (see releaseOrphanedClaims). */
  held: HeldRows;
  /** True once this worker is stopping: lanes end and their job goes back to the queue. */
  isStopping: () => boolean;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/** A processing campaign's send parameters, its page token decrypted. */
export interface SendTarget {
  campaignId: string;
  pageUuid: string;
  fbPageId: string;
  pageToken: string;
  /** The admin whose own page token this is. */
  tokenAdminId: string;
  message: string;
  type: string;
  /**
   * The utility template for recipients outside the 24-hour window: null when the campaign has none (they
   * are skipped, 'outside_window'); `available` false when Meta no longer approves it or it was deleted
   * (they are skipped, 'template_unavailable').
   */
  template: {
    name: string;
    language: string;
    params: TemplateParamMap;
    available: boolean;
  } | null;
  /**
   * Paid marketing messages to subscribers outside the window: Meta's message campaign, the page's ad
   * account, and when Meta lets it send (its warm-up). Null when the campaign sends none (or the page's ad
   * account is gone: subscribers are then skipped like anyone outside the window).
   */
  marketing: {
    adAccountId: string;
    messageCampaignId: string;
    readyAt: number;
    /** The user token Meta takes on the ad-account calls (Flow 2); null: that path stops with the reason. */
    userToken: string | null;
  } | null;
  /**
   * Send paths Meta refused for want of a permission, with the reason (stored on the campaign; shared by
   * the job's lanes, so one refusal stops the path for all of them).
   */
  pathStops: Map<string, string>;
}

export async function processCampaignBatch(
  ctx: BatchContext,
  job: CampaignBatchJob,
): Promise<void> {
  // A prepared batch may run a moment before the scheduler's tick: it starts its campaign itself.
  await repo.startIfDue(ctx.pool, job.campaignId);
  const target = await loadTarget(ctx, job.campaignId);
  if (!target) return;
  if ('stop' in target) {
    await repo.failCampaign(ctx.pool, job.campaignId, target.stop, target.invalidTokenOf);
    await publishCampaignsSafely(ctx.pool, [job.campaignId], ctx.log);
    return;
  }
  ctx.active.add(job.campaignId);
  try {
    // Every lane ends before the job does (a failing lane must not leave others sending for a finished job).
    const lanes = await Promise.allSettled(
      Array.from({ length: laneCount(ctx) }, () => lane(ctx, target, job.batchNo)),
    );
    const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
    if (failed) throw failed.reason;
  } finally {
    ctx.active.remove(job.campaignId);
  }
  await publishCampaignsSafely(
    ctx.pool,
    await repo.completeIfDone(ctx.pool, job.campaignId),
    ctx.log,
  );
}

/** The campaign's send parameters, or a reason it cannot send (token missing or undecryptable). */
export async function loadTarget(
  ctx: BatchContext,
  campaignId: string,
  /** Deliver on return also sends for a completed campaign. */
  statuses: readonly string[] = ['processing'],
): Promise<SendTarget | { stop: string; invalidTokenOf: string | null } | undefined> {
  const r = await repo.loadSendTarget(ctx.pool, campaignId);
  if (!r || !statuses.includes(r.status)) return undefined;
  if (!r.page_token_enc || !r.token_admin_id) {
    return { stop: NO_MESSAGING_ADMIN_REASON, invalidTokenOf: null };
  }
  let pageToken: string;
  try {
    pageToken = ctx.decryptToken(r.page_token_enc);
  } catch {
    return { stop: TOKEN_INVALID_REASON, invalidTokenOf: r.token_admin_id };
  }
  return {
    campaignId,
    pageUuid: r.page_id,
    fbPageId: r.fb_page_id,
    pageToken,
    tokenAdminId: r.token_admin_id,
    message: r.message,
    type: r.type,
    template:
      r.template_name && r.template_language
        ? {
            name: r.template_name,
            language: r.template_language,
            params: r.template_params ?? {},
            available: r.template_ok,
          }
        : null,
    marketing:
      r.marketing_campaign_id && r.ad_account_id
        ? {
            adAccountId: r.ad_account_id,
            messageCampaignId: r.marketing_campaign_id,
            readyAt: r.marketing_ready_at?.getTime() ?? 0,
            userToken: decryptOrNull(ctx, r.marketing_token_enc),
          }
        : null,
    pathStops: new Map(Object.entries(r.path_stops ?? {})),
  };
}

function decryptOrNull(ctx: BatchContext, enc: string | null): string | null {
  if (!enc) return null;
  try {
    return ctx.decryptToken(enc);
  } catch {
    return null;
  }
}

/** Rows a lane claims at once: at most ~0.5 s of the page's pace, so outcomes (and progress) land often. */
function chunkLimit(ctx: BatchContext): number {
  return Math.max(1, Math.min(ctx.tuning.chunkSize, Math.ceil(ctx.pacer.ratePerSecond / 2)));
}

/** A chunk lasting this long at the page's pace outlasts its claim and its outcome write many times. */
const PACED_CHUNK_MS = 100;
/** Lanes of a paced batch: one sends while the other claims and writes. */
const PACED_LANES = 2;

/**
 * Lanes overlap the database round trips of one chunk with the sends of another. When the page's pace is
 * what limits a batch, two are enough: more only claim rows that wait on the pacer, and poll it (ten pages
 * at 300/s with 3 lanes: ~30% of reservations found the page booked ahead).
 */
function laneCount(ctx: BatchContext): number {
  const paced = (chunkLimit(ctx) / ctx.pacer.ratePerSecond) * 1000 >= PACED_CHUNK_MS;
  return paced ? Math.min(ctx.tuning.lanes, PACED_LANES) : ctx.tuning.lanes;
}

async function lane(ctx: BatchContext, target: SendTarget, batchNo: number): Promise<void> {
  const limit = chunkLimit(ctx);
  for (;;) {
    if (ctx.isStopping()) throw new WorkerStoppingError();
    if (!ctx.active.running(target.campaignId)) return;
    const rows = await repo.claimRows(ctx.pool, target.campaignId, batchNo, limit, ctx.workerId);
    ctx.held.add(
      target.campaignId,
      rows.map((r) => r.contact_id),
    );
    if (rows.length === 0) {
      const wait = await repo.nextQueuedWait(ctx.pool, target.campaignId, batchNo);
      // Rows waiting long (a marketing campaign's warm-up) are not worth a held job: the sweeper's rescue
      // enqueues the batch again when their time comes.
      if (wait === null || wait > HAND_OFF_WAIT_MS) return;
      await sleep(Math.min(Math.max(wait, 20), 2000));
      continue;
    }
    const { stop } = await new ChunkSender(ctx, target, rows).run();
    // Every stop ends the whole campaign; `stop.path` says which path Meta refused, for a refusal that
    // concerns one path only.
    if (stop) {
      await repo.failCampaign(
        ctx.pool,
        target.campaignId,
        stop.reason,
        stop.token ? target.tokenAdminId : null,
      );
      await publishCampaignsSafely(ctx.pool, [target.campaignId], ctx.log);
      return;
    }
  }
}
