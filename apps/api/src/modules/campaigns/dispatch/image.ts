// A campaign's image, uploaded to Meta once (Attachment Upload API, `is_reusable`) before its standard sends:
// every recipient's image part then names the saved `attachment_id`, so Meta fetches the file once, not once
// per recipient. Meta refusing the upload (a URL it cannot fetch, a type or size it does not take) stops the
// standard path with Meta's reason: no recipient gets the text without the image the admin reviewed.
import { GraphError } from '../../../graph/index.js';
import { stopPath } from './repo/end.js';
import { saveImageAttachment } from './repo/image.js';
import type { SendContext, SendTarget } from './context.js';

/** The standard path's stop reason when Meta refuses the image. */
export const imageRefusedReason = (meta: string) => `Meta refused the campaign image: ${meta}`;

/**
 * Makes sure the target's image has Meta's attachment id (uploading it when no batch did yet). A throttle or a
 * failure that may pass throws (the job is retried); a refusal stops the standard path, stored on the
 * campaign with the reason.
 */
export async function ensureImageAttachment(
  ctx: Pick<SendContext, 'pool' | 'graph'>,
  target: SendTarget,
): Promise<void> {
  const image = target.image;
  if (!image || image.attachmentId || target.pathStops.has('standard')) return;
  try {
    const { attachmentId } = await ctx.graph.uploadImageAttachment(
      target.fbPageId,
      target.pageToken,
      image.url,
    );
    image.attachmentId = await saveImageAttachment(ctx.pool, target.campaignId, attachmentId);
  } catch (err) {
    if (!(err instanceof GraphError) || RETRIED.has(err.kind)) throw err;
    const reason = imageRefusedReason(err.message);
    target.pathStops.set('standard', reason);
    await stopPath(ctx.pool, target.campaignId, 'standard', reason);
  }
}

/** Answers that prove nothing about the image itself: the upload is tried again with the job. */
const RETRIED = new Set<GraphError['kind']>([
  'rate_limit',
  'transient',
  'unknown_outcome',
  'unknown',
]);
