// Campaign counters from webhook events (deliveries, reads, replies, postbacks): which of the idempotent
// statements in counters-repo.ts an event applies, so a replayed or concurrent duplicate changes nothing.
import type { Sql } from '../../db/client.js';
import type { AfterCommit } from '../shared/after-commit.js';
import { retryOnConflict } from '../../db/conflicts.js';
import * as repo from './counters-repo.js';
import { recordImageEcho } from './dispatch/repo/image.js';
import { reconcileFromEcho } from './dispatch/repo/reconcile.js';
import { parseRecipientMetadata } from './recipient-metadata.js';
import { publishCampaignsSafely } from './live.js';

/** The shape of the events the webhook ingest hands its after-commit consumers (src/modules/shared/after-commit.ts). */
export interface CampaignWebhookEvent {
  /** For 'message': true when the page sent it (an echo, e.g. of the campaign message itself). */
  fromPage?: boolean;
  kind: 'message' | 'delivery' | 'read' | 'postback' | 'reaction' | 'referral';
  /** The social network's page id. */
  pageId: string;
  psid: string;
  mid?: string | null;
  mids?: string[] | null;
  /** Delivery / read watermark: every message sent at or before it. */
  watermark?: number | string | Date | null;
  at: number | string | Date;
  /** The contact's action (re)opened the 24-hour window (src/modules/shared/after-commit.ts). */
  opensWindow?: boolean;
  /** An echo's metadata: a campaign message names its recipient row (recipient-metadata.ts). */
  metadata?: string;
}

const toDate = (v: number | string | Date): Date => (v instanceof Date ? v : new Date(v));

const NOTHING: repo.Changed = { n: 0, campaignIds: [] };

/** Applies one webhook event to the campaign counters. Returns how many recipient rows it changed. */
export async function recordCampaignEvent(db: Sql, event: CampaignWebhookEvent): Promise<number> {
  return (await applyCampaignEvent(db, event)).n;
}

/** The same, saying which campaigns moved. */
async function applyCampaignEvent(db: Sql, event: CampaignWebhookEvent): Promise<repo.Changed> {
  // An echo is the page's own, no answer; but the echo of a campaign message proves its send went out.
  if (event.kind === 'message' && event.fromPage) {
    const parsed = parseRecipientMetadata(event.metadata);
    if (!parsed || !event.mid) return NOTHING;
    const { part, ...row } = parsed;
    // An image part's echo proves only the image went: kept so it is never sent again; no counter moves.
    if (part === 'image') {
      await recordImageEcho(db, { ...row, psid: event.psid, mid: event.mid });
      return NOTHING;
    }
    const settled = await reconcileFromEcho(db, {
      ...row,
      psid: event.psid,
      mid: event.mid,
      at: toDate(event.at),
    });
    return settled ? { n: 1, campaignIds: [row.campaignId] } : NOTHING;
  }
  // An m.me link into the thread is no answer to a campaign message.
  if (event.kind === 'referral') return NOTHING;
  const contactId = await repo.contactIdOf(db, event.pageId, event.psid);
  if (!contactId) return NOTHING;

  if (event.kind === 'delivery' || event.kind === 'read') {
    // A read implies delivery of everything up to its watermark. The watermark is Meta's time: besides
    // rows attempted before it (sent_at is stamped just before the send), every campaign message whose
    // echo (Meta's time, in messages.platform_at) is at or before it counts, whatever this server's clock.
    const until = toDate(event.watermark ?? event.at);
    const mids = [...(event.mids ?? []), ...(event.mid ? [event.mid] : [])];
    // The mark first (committed), then the rows: a worker recording 'sent' afterwards applies the mark.
    await repo.markDelivered(db, contactId, until);
    const delivered = await repo.applyDelivery(db, contactId, until, mids);
    if (event.kind === 'delivery') return delivered;
    // Read is counted apart from delivery (the funnel's Read); the rows it moved are reported with them.
    const read = await repo.applyRead(db, contactId, until, mids);
    return {
      n: delivered.n,
      campaignIds: [...delivered.campaignIds, ...read.campaignIds],
    };
  }

  const at = toDate(event.at);
  // A reaction to a campaign message is an interaction with that campaign.
  if (event.kind === 'reaction')
    return event.mid ? repo.applyReaction(db, contactId, event.mid, at) : NOTHING;

  // message / postback: an interaction with the latest campaign message that reached them in the last 7 days.
  await repo.markInteracted(db, contactId, at);
  return repo.applyInteraction(db, contactId, at);
}

/**
 * Called by the worker right after it records sends as 'sent': applies delivery / interaction marks that
 * arrived while the row was still 'sending' (the webhook can beat the outcome write).
 */
export async function applyMarksToSent(
  db: Sql,
  campaignId: string,
  contactIds: string[],
): Promise<void> {
  if (contactIds.length === 0) return;
  // One round trip: deliveries applied (and counted) in place; interactions returned for applyInteraction,
  // which picks the latest campaign message of each contact. The recipients are looked up by primary key
  // (`contact_id = any($2)`): matched through the marks alone, a campaign whose table had no statistics yet
  // got a plan that walked all its sent rows on every call (quadratic over a 100,000-recipient campaign).
  const rows = await repo.applyMarksToSentRows(db, campaignId, contactIds);
  for (const r of rows) await repo.applyInteraction(db, r.contact_id, r.interacted_at);
}

/** How long the counters wait to publish the campaigns their webhooks moved, so a burst is one event each. */
export const COUNTERS_PUBLISH_MS = 500;

/**
 * The campaign counters as an after-commit consumer of the webhook ingest (runtime.ts#ingestConsumers).
 * Receipts and replies keep coming after a campaign completed (its worker's progress loop has stopped), so
 * the campaigns they moved are published to the live stream from here, at most once per COUNTERS_PUBLISH_MS
 * each: the open detail follows Delivered, Read and Interacted without a reload.
 */
export function campaignCounters(
  db: Sql,
  log?: { warn: (obj: object, msg: string) => void },
): AfterCommit {
  const moved = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const ids = [...moved];
    moved.clear();
    void publishCampaignsSafely(db, ids, log);
  };
  // Idempotent, so a statement that lost a deadlock to another writer is simply run again.
  return async (event) => {
    const { campaignIds } = await retryOnConflict(() => applyCampaignEvent(db, event));
    for (const id of campaignIds) moved.add(id);
    if (moved.size > 0 && !timer) {
      timer = setTimeout(flush, COUNTERS_PUBLISH_MS);
      timer.unref();
    }
  };
}
