// One 'campaign-batch' job: send the campaign message to the queued recipients of one batch, exactly once.
//
// A row is claimed ('queued' -> 'sending', committed) BEFORE its Send API call, and its answer is written
// after: 'sent' | 'failed' | back to 'queued' (the platform's answer proves nothing went out: rate limit,
// temporary failure) | 'unknown' (the request may have reached the platform but its answer was lost).
// Just before a group of sends, their rows get `sent_at` (committed). A row is never claimed twice from
// 'sending', so a crash can lose an answer but never duplicate a message: the sweeper flags rows that were
// attempted (sent_at set) 'unknown' (at most once) and re-queues rows that were claimed but not attempted.
// A job runs `lanes` claim -> send -> write loops at once (pipelining); chunk-sender.ts sends one chunk.
import { sleep } from '../../../lib/sleep.js';
import { completeIfDone, failCampaign } from './repo/end.js';
import { claimRows, nextQueuedWait } from './repo/send.js';
import { startIfDue } from './repo/start.js';
import { publishCampaignsSafely } from '../live.js';
import { ChunkSender } from './chunk-sender.js';
import type { BatchContext, CampaignBatchJob, SendTarget } from './context.js';
import { ensureImageAttachment } from './image.js';
import { loadTarget } from './target.js';
import { WorkerStoppingError } from './worker-state.js';

/** A batch whose next row waits longer than this ends its job (it is enqueued again when due). */
const HAND_OFF_WAIT_MS = 10_000;

export async function processCampaignBatch(
  ctx: BatchContext,
  job: CampaignBatchJob,
): Promise<void> {
  // A prepared batch may run a moment before the scheduler's tick: it starts its campaign itself.
  await startIfDue(ctx.pool, job.campaignId);
  const target = await loadTarget(ctx, job.campaignId);
  if (!target) return;
  if ('stop' in target) {
    await failCampaign(ctx.pool, job.campaignId, target.stop, target.invalidTokenOf);
    await publishCampaignsSafely(ctx.pool, [job.campaignId], ctx.log);
    return;
  }
  // The image is uploaded once for the campaign before any of its standard sends (image.ts).
  await ensureImageAttachment(ctx, target);
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
  await publishCampaignsSafely(ctx.pool, await completeIfDone(ctx.pool, job.campaignId), ctx.log);
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
    const rows = await claimRows(ctx.pool, target.campaignId, batchNo, limit, ctx.workerId);
    ctx.held.add(
      target.campaignId,
      rows.map((r) => r.contact_id),
    );
    if (rows.length === 0) {
      const wait = await nextQueuedWait(ctx.pool, target.campaignId, batchNo);
      // Rows waiting long (a marketing campaign's warm-up) are not worth a held job: the sweeper's rescue
      // enqueues the batch again when their time comes.
      if (wait === null || wait > HAND_OFF_WAIT_MS) return;
      await sleep(Math.min(Math.max(wait, 20), 2000));
      continue;
    }
    const { stop } = await new ChunkSender(ctx, target, rows, () =>
      ctx.active.running(target.campaignId),
    ).run();
    // Every stop ends the whole campaign; `stop.path` says which path Meta refused, for a refusal that
    // concerns one path only.
    if (stop) {
      await failCampaign(
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
