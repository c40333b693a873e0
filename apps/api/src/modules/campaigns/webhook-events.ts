// The campaign.updated webhook event (modules/outbound-webhooks): recorded by each status move of a campaign
// with the `Sql` of that move, so the event exists exactly when the move committed. Ordered per campaign.
import type { OutboundEventData } from '@pagecast/contract';
import type { Sql } from '../../db/client.js';
import { recordOutboundEvent } from '../outbound-webhooks/index.js';

export type CampaignChange = OutboundEventData<'campaign.updated'>['change'];

/** Records the change of each of `campaignIds` (their status and counts as `sql` sees them now). */
export async function recordCampaignChange(
  sql: Sql,
  campaignIds: readonly string[],
  change: CampaignChange,
): Promise<void> {
  if (campaignIds.length === 0) return;
  const { rows } = await sql.query<{
    id: string;
    page_id: string;
    name: string;
    status: string;
    audience_count: number;
    dispatched_count: number;
    delivered_count: number;
    failed_count: number;
  }>(
    `select id, page_id, name, status, audience_count, dispatched_count, delivered_count, failed_count
     from campaigns where id = any($1::uuid[])`,
    [campaignIds],
  );
  for (const c of rows)
    await recordOutboundEvent(sql, {
      pageUuid: c.page_id,
      type: 'campaign.updated',
      orderingKey: `campaign:${c.id}`,
      data: {
        campaign: { id: c.id, name: c.name, status: c.status },
        change,
        counts: {
          audience: c.audience_count,
          dispatched: c.dispatched_count,
          delivered: c.delivered_count,
          failed: c.failed_count,
        },
      },
    });
}
