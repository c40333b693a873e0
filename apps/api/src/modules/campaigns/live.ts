// Campaign progress on the live stream: each change of a campaign (start, counters while it sends, completion,
// failure, cancel, a send on return) goes to the page's open streams as a 'campaign' event carrying the whole
// campaign, so Campaign Analytics follows it without polling. Best effort: a lost event is caught up by the
// client's refetch on (re)connect.
import type { Campaign } from '@pagecast/contract';
import { publish } from '../../realtime/publish.js';
import type { Sql } from '../../db/client.js';
import { campaignsByIds } from './repo.js';

async function notify(pool: Sql, campaign: Campaign): Promise<void> {
  await publish(pool, campaign.pageId, { type: 'campaign', pageId: campaign.pageId, campaign });
}

/** Publishes the campaigns' current state (Postgres NOTIFY to every API process). */
export async function publishCampaigns(pool: Sql, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const campaign of await campaignsByIds(pool, ids)) await notify(pool, campaign);
}

/** The same, never throwing: progress events must not fail a send or a sweep. */
export function publishCampaignsSafely(
  pool: Sql,
  ids: string[],
  log?: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  return publishCampaigns(pool, ids).catch((err: unknown) => {
    log?.warn({ err }, 'campaign progress event failed');
  });
}

/**
 * The worker's progress loop: publishes the campaigns it sends, but only those whose numbers or status moved
 * since the last tick (one query per tick for all of them).
 */
export class ProgressPublisher {
  private readonly last = new Map<string, string>();
  constructor(private readonly pool: Sql) {}

  async tick(ids: string[]): Promise<void> {
    const live = new Set(ids);
    for (const id of this.last.keys()) if (!live.has(id)) this.last.delete(id);
    if (ids.length === 0) return;
    for (const campaign of await campaignsByIds(this.pool, ids)) {
      const signature = [
        campaign.status,
        campaign.audienceCount,
        campaign.dispatchedCount,
        campaign.deliveredCount,
        campaign.interactedCount,
        campaign.failedCount,
        campaign.skippedCount,
      ].join(':');
      if (this.last.get(campaign.id) === signature) continue;
      this.last.set(campaign.id, signature);
      await notify(this.pool, campaign);
    }
  }
}
