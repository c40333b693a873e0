// Deliver on return, worker side: rows a returning contact took up (modules/campaigns/returns.ts) are claimed
// and sent by the same ChunkSender as a batch, so exactly-once, pacing, crash recovery and counters are the
// batch's. The campaign may be completed already: the return send keeps its status and moves its counters.
import { deferReturnedRows, markTokenInvalid } from './repo/end.js';
import { campaignsWithReturns, claimReturnedRows } from './repo/send.js';
import { publishCampaignsSafely } from '../live.js';
import { ChunkSender } from './chunk-sender.js';
import type { BatchContext } from './context.js';
import { ensureImageAttachment } from './image.js';
import { loadTarget } from './target.js';

/** Rows claimed per round: returns trickle in one by one, a burst after an outage stays small chunks. */
const RETURN_CHUNK = 50;
/** A campaign that cannot send (no token, permission lost) looks at its returned rows again after this. */
const RETRY_LATER_MS = 5 * 60_000;

/** Sends every returned row that is due now, campaign by campaign. Called on the worker's timer. */
export async function sendReturns(ctx: BatchContext): Promise<number> {
  let sent = 0;
  for (const campaignId of await campaignsWithReturns(ctx.pool)) {
    if (ctx.isStopping()) break;
    const target = await loadTarget(ctx, campaignId, ['processing', 'completed']);
    if (!target) continue; // cancelled or failed meanwhile: nothing is sent
    if ('stop' in target) {
      // No usable token: the rows wait (an admin signing in again sends them).
      await deferReturnedRows(ctx.pool, campaignId, RETRY_LATER_MS);
      continue;
    }
    await ensureImageAttachment(ctx, target);
    for (;;) {
      if (ctx.isStopping()) break;
      const rows = await claimReturnedRows(ctx.pool, campaignId, RETURN_CHUNK, ctx.workerId);
      if (rows.length === 0) break;
      ctx.held.add(
        campaignId,
        rows.map((r) => r.contact_id),
      );
      // A completed campaign is not "running" for the batch lanes' status check: a return send runs anyway.
      const { stop } = await new ChunkSender(ctx, target, rows, () => true).run();
      sent += rows.length;
      await publishCampaignsSafely(ctx.pool, [campaignId], ctx.log);
      if (stop) {
        if (stop.token) await markTokenInvalid(ctx.pool, target.pageUuid, target.tokenAdminId);
        await deferReturnedRows(ctx.pool, campaignId, RETRY_LATER_MS);
        break;
      }
    }
  }
  return sent;
}
