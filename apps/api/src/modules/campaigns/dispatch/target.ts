// A campaign's send parameters for a worker: its page token decrypted, its template and marketing path.
import { utilityTemplateAllowed } from '@pagecast/contract';
import { loadSendTarget } from './repo/send.js';
import {
  CREATOR_LOST_ACCESS_REASON,
  NO_MESSAGING_ADMIN_REASON,
  TOKEN_INVALID_REASON,
} from '../reasons.js';
import type { BatchContext, SendTarget } from './context.js';

/** What loading a target needs of the worker's context. */
export type TargetDeps = Pick<BatchContext, 'pool' | 'decryptToken'>;

/** The campaign's send parameters, or a reason it cannot send (token missing or undecryptable). */
export async function loadTarget(
  ctx: TargetDeps,
  campaignId: string,
  /** Deliver on return also sends for a completed campaign. */
  statuses: readonly string[] = ['processing'],
): Promise<SendTarget | { stop: string; invalidTokenOf: string | null } | undefined> {
  const r = await loadSendTarget(ctx.pool, campaignId);
  if (!r || !statuses.includes(r.status)) return undefined;
  // Read at the start of every batch: an admin removed mid-campaign stops it at the next one.
  if (!r.creator_messaging) return { stop: CREATOR_LOST_ACCESS_REASON, invalidTokenOf: null };
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
    buttons: r.buttons ?? [],
    image: r.image_url ? { url: r.image_url, attachmentId: r.image_attachment_id } : null,
    type: r.type,
    // A promotion has no utility-template path, whatever its row holds (spec §10.8): outside the window it
    // goes as a paid marketing message to subscribers, or is skipped with the reason.
    template:
      r.template_name && r.template_language && utilityTemplateAllowed(r.type)
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

function decryptOrNull(ctx: TargetDeps, enc: string | null): string | null {
  if (!enc) return null;
  try {
    return ctx.decryptToken(enc);
  } catch {
    return null;
  }
}
