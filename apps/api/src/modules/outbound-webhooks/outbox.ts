// The transactional outbox of outbound webhooks: a flow records its event with the `Sql` of the transaction
// that made the change, so the event exists exactly when the change committed (never for a rolled-back one,
// never lost after a committed one). One statement writes the event and a delivery for each of the page's
// active endpoints subscribed to its type; a page without one writes nothing. The NOTIFY leaves on commit and
// wakes the delivery worker; its poll finds anything a lost notification left.
import { randomUUID } from 'node:crypto';
import type { OutboundEventData, OutboundEventType } from '@pagecast/contract';
import type { Sql } from '../../db/client.js';

/** The channel the delivery workers LISTEN on. */
export const OUTBOUND_CHANNEL = 'pagecast_outbound_webhooks';

/** What the statement reads from the contact's row (as committed in the caller's transaction). */
type FromRow<T extends OutboundEventType> = T extends 'conversation.updated'
  ? 'contact' | 'status' | 'snoozedUntil' | 'assignee'
  : 'contact';

export type OutboundEventInput<T extends OutboundEventType> =
  | {
      /** The page's row id. */
      pageUuid: string;
      type: T;
      data: OutboundEventData<T>;
      /**
       * Deliveries with the same key go to an endpoint one at a time, in the order recorded: the contact's
       * PSID for conversation events, the campaign's id for campaign events.
       */
      orderingKey: string;
    }
  | {
      pageUuid: string;
      type: T;
      /**
       * The contact's row id: `data.contact` (and, for conversation.updated, its status, snooze and
       * assignee) is read from the row in the same statement, and the ordering key is its PSID.
       */
      contactUuid: string;
      data: Omit<OutboundEventData<T>, FromRow<T>>;
    };

// $7: the contact row whose fields complete `data` (null: `data` is whole). The queue's status is as the
// inbox lists it: a snooze past its time is open again.
const RECORD = `
  with ep as (
    select e.id from webhook_endpoints e
    where e.page_id = $2 and e.status = 'active' and $3::text = any(e.events)),
  c as (
    select c.psid,
           jsonb_build_object('contact', jsonb_build_object('psid', c.psid, 'name', c.name))
           || case when $3::text = 'conversation.updated' then jsonb_build_object(
                'status', case when c.inbox_status = 'snoozed' and c.snoozed_until <= now() then 'open'
                               else c.inbox_status end,
                'snoozedUntil', case when c.inbox_status = 'snoozed' and c.snoozed_until > now()
                                     then to_char(c.snoozed_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
                'assignee', (select jsonb_build_object('userId', a.fb_user_id, 'name', a.name)
                             from admins a where a.id = c.assignee_id))
              else '{}'::jsonb end as part
    from contacts c where c.id = $7::uuid and exists (select 1 from ep)),
  ev as (
    insert into outbound_events (id, page_id, type, body, created_at)
    select $1::text::uuid, p.id, $3::text,
           jsonb_build_object('id', $1::text, 'type', $3::text, 'createdAt', $5::text,
                              'pageId', p.fb_page_id,
                              'data', $4::jsonb || coalesce((select part from c), '{}'::jsonb)),
           $5::text::timestamptz
    from pages p where p.id = $2 and exists (select 1 from ep)
      and ($7::uuid is null or exists (select 1 from c))
    returning id),
  d as (
    insert into webhook_deliveries (endpoint_id, event_id, ordering_key)
    select ep.id, ev.id, coalesce($6::text, (select psid from c)) from ep cross join ev
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
  const fromRow = 'contactUuid' in event;
  const { rowCount } = await sql.query(RECORD, [
    randomUUID(),
    event.pageUuid,
    event.type,
    JSON.stringify(event.data),
    new Date().toISOString(),
    fromRow ? null : event.orderingKey,
    fromRow ? event.contactUuid : null,
  ]);
  return (rowCount ?? 0) > 0;
}

/**
 * Whether an active endpoint of the page takes events of `type`: a bulk change asks once before it records
 * an event per row (most pages have no endpoint, and then nothing is written at all).
 */
export async function pageSubscribes(
  sql: Sql,
  pageUuid: string,
  type: OutboundEventType,
): Promise<boolean> {
  const { rows } = await sql.query(
    `select 1 from webhook_endpoints where page_id = $1 and status = 'active' and $2 = any(events) limit 1`,
    [pageUuid, type],
  );
  return rows.length > 0;
}
