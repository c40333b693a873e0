// The transactional outbox of outbound webhooks: a flow records its event with the `Sql` of the transaction
// that made the change, so the event exists exactly when the change committed (never for a rolled-back one,
// never lost after a committed one). One statement writes the event and a delivery for each of the page's
// active endpoints subscribed to its type; a page without one writes nothing. The NOTIFY leaves on commit and
// wakes the delivery worker (delivery.ts); its poll finds anything a lost notification left.
import { randomUUID } from 'node:crypto';
import type { OutboundEventData, OutboundEventType } from '@pagecast/contract';
import type { Sql } from '../../db/client.js';

/** The channel the delivery workers LISTEN on. */
export const OUTBOUND_CHANNEL = 'pagecast_outbound_webhooks';

export interface OutboundEventInput<T extends OutboundEventType> {
  /** The page's row id. */
  pageUuid: string;
  type: T;
  data: OutboundEventData<T>;
  /**
   * Deliveries with the same key go to an endpoint one at a time, in the order recorded: the contact's PSID
   * for conversation events, the campaign's id for campaign events.
   */
  orderingKey: string;
}

const RECORD = `
  with ep as (
    select e.id from webhook_endpoints e
    where e.page_id = $2 and e.status = 'active' and $3::text = any(e.events)),
  ev as (
    insert into outbound_events (id, page_id, type, body, created_at)
    select $1::text::uuid, p.id, $3::text,
           jsonb_build_object('id', $1::text, 'type', $3::text, 'createdAt', $5::text,
                              'pageId', p.fb_page_id, 'data', $4::jsonb),
           $5::text::timestamptz
    from pages p where p.id = $2 and exists (select 1 from ep)
    returning id),
  d as (
    insert into webhook_deliveries (endpoint_id, event_id, ordering_key)
    select ep.id, ev.id, $6 from ep cross join ev
    returning 1)
  select pg_notify('${OUTBOUND_CHANNEL}', '') from (select 1 from d limit 1) x`;

/**
 * Records one event for the page's subscribed endpoints, in `sql`'s transaction. Returns whether it queued
 * any delivery (false when no active endpoint of the page takes the type).
 */
export async function recordOutboundEvent<T extends OutboundEventType>(
  sql: Sql,
  event: OutboundEventInput<T>,
): Promise<boolean> {
  const { rowCount } = await sql.query(RECORD, [
    randomUUID(),
    event.pageUuid,
    event.type,
    JSON.stringify(event.data),
    new Date().toISOString(),
    event.orderingKey,
  ]);
  return (rowCount ?? 0) > 0;
}
