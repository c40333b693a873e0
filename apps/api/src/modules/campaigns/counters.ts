// Campaign counters from webhook events (deliveries, reads, replies, postbacks). Every write is guarded by
// `... is null` and counters grow by the number of rows that statement changed, in the same statement, so
// a replayed or concurrent duplicate event changes nothing.
import { INTERACTION_WINDOW_MS } from '@pagecast/contract';
import type { Sql } from '../../db/client.js';
import { onWebhookEvent } from '../webhooks/listeners.js';
import { runStatement, statement } from '../../db/client.js';
import { retryOnConflict } from '../../db/conflicts.js';
import { takeUpReturns } from './returns.js';

/** The shape of the webhook listener registry's events (src/modules/webhooks/listeners.ts). */
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
  /** The contact's action (re)opened the 24-hour window (src/modules/webhooks/listeners.ts). */
  opensWindow?: boolean;
}

const toDate = (v: number | string | Date): Date => (v instanceof Date ? v : new Date(v));

/** Applies one webhook event to the campaign counters. Returns how many recipient rows it changed. */
export async function recordCampaignEvent(db: Sql, event: CampaignWebhookEvent): Promise<number> {
  // An echo is the page's own; an m.me link into the thread is no answer to a campaign message.
  if ((event.kind === 'message' && event.fromPage) || event.kind === 'referral') return 0;
  const contact = await db.query<{ id: string }>(
    `select c.id from contacts c join pages p on p.id = c.page_id where p.fb_page_id = $1 and c.psid = $2`,
    [event.pageId, event.psid],
  );
  const contactId = contact.rows[0]?.id;
  if (!contactId) return 0;

  if (event.kind === 'delivery' || event.kind === 'read') {
    // A read implies delivery of everything up to its watermark. The watermark is Meta's time: besides
    // rows attempted before it (sent_at is stamped just before the send), every campaign message whose
    // echo (Meta's time, in messages.platform_at) is at or before it counts, whatever this server's clock.
    const until = toDate(event.watermark ?? event.at);
    const mids = [...(event.mids ?? []), ...(event.mid ? [event.mid] : [])];
    // The mark first (committed), then the rows: a worker recording 'sent' afterwards applies the mark.
    await db.query(
      `insert into campaign_contact_marks (contact_id, delivered_until) values ($1, $2)
       on conflict (contact_id) do update
         set delivered_until = greatest(campaign_contact_marks.delivered_until, excluded.delivered_until)`,
      [contactId, until],
    );
    const { rows } = await db.query<{ n: number }>(
      `with u as (
         update campaign_recipients r set delivered_at = $2
         where r.contact_id = $1 and r.state = 'sent' and r.delivered_at is null
           and (r.sent_at <= $2 or r.message_id = any($3::text[])
                or r.message_id in (select m.mid from messages m where m.contact_id = $1
                                     and m.direction = 'out' and m.platform_at <= $2))
         returning r.campaign_id),
       per as (select campaign_id, count(*)::int as n from u group by campaign_id),
       c as (update campaigns c set delivered_count = c.delivered_count + per.n from per
             where c.id = per.campaign_id returning per.n)
       select coalesce(sum(n), 0)::int as n from c`,
      [contactId, until, mids],
    );
    return rows[0]?.n ?? 0;
  }

  const at = toDate(event.at);
  // A reaction to a campaign message is an interaction with that campaign.
  if (event.kind === 'reaction') return event.mid ? applyReaction(db, contactId, event.mid, at) : 0;

  // message / postback: an interaction with the latest campaign message that reached them in the last 7 days.
  await db.query(
    `insert into campaign_contact_marks (contact_id, interacted_at) values ($1, $2)
     on conflict (contact_id) do update
       set interacted_at = greatest(campaign_contact_marks.interacted_at, excluded.interacted_at)`,
    [contactId, at],
  );
  return applyInteraction(db, contactId, at);
}

async function applyReaction(db: Sql, contactId: string, mid: string, at: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `with u as (
       update campaign_recipients r set interacted_at = $3
       where r.contact_id = $1 and r.message_id = $2 and r.state = 'sent' and r.interacted_at is null
       returning r.campaign_id),
     c as (update campaigns c set interacted_count = c.interacted_count + 1 from u
           where c.id = u.campaign_id returning 1)
     select count(*)::int as n from c`,
    [contactId, mid, at],
  );
  return rows[0]?.n ?? 0;
}

async function applyInteraction(db: Sql, contactId: string, at: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `with target as (
       select r.campaign_id from campaign_recipients r
       where r.contact_id = $1 and r.state = 'sent' and r.sent_at <= $2 and r.sent_at > $2 - $3 * interval '1 millisecond'
       order by r.sent_at desc limit 1),
     u as (
       update campaign_recipients r set interacted_at = $2 from target t
       where r.campaign_id = t.campaign_id and r.contact_id = $1 and r.interacted_at is null
       returning r.campaign_id),
     c as (update campaigns c set interacted_count = c.interacted_count + 1 from u
           where c.id = u.campaign_id returning 1)
     select count(*)::int as n from c`,
    [contactId, at, INTERACTION_WINDOW_MS],
  );
  return rows[0]?.n ?? 0;
}

// Named: parsed and planned once per connection, as it runs after every outcome write.
const APPLY_MARKS_TO_SENT = statement(
  'campaign_apply_marks_to_sent',
  `with m as (
       select m.* from campaign_contact_marks m where m.contact_id = any($2::uuid[])),
     u as (
       update campaign_recipients r set delivered_at = m.delivered_until
       from m
       where r.campaign_id = $1 and r.contact_id = any($2::uuid[]) and m.contact_id = r.contact_id
         and r.state = 'sent' and r.delivered_at is null and m.delivered_until >= r.sent_at
       returning 1),
     c as (
       update campaigns set delivered_count = delivered_count + (select count(*) from u)
       where id = $1 and exists (select 1 from u))
     select r.contact_id, m.interacted_at from campaign_recipients r join m on m.contact_id = r.contact_id
     where r.campaign_id = $1 and r.contact_id = any($2::uuid[])
       and r.state = 'sent' and r.interacted_at is null and m.interacted_at >= r.sent_at`,
);

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
  const rows = await runStatement<{ contact_id: string; interacted_at: Date }>(
    db,
    APPLY_MARKS_TO_SENT,
    [campaignId, contactIds],
  );
  for (const r of rows) await applyInteraction(db, r.contact_id, r.interacted_at);
}

const registered = new WeakSet<Sql>();

/** Feeds the counters (and deliver on return) from the webhook ingest of this process (API route and ingest worker alike); once per db. */
export function registerCampaignCounters(db: Sql): void {
  if (registered.has(db)) return;
  registered.add(db);
  // Both are idempotent, so a statement that lost a deadlock to another writer is simply run again.
  onWebhookEvent((event) =>
    retryOnConflict(() => recordCampaignEvent(db, event)).then(() => undefined),
  );
  // Deliver on return: a contact whose action opens the window (a message, a postback, an m.me link into
  // the thread, a reaction) takes up the campaign messages kept waiting for them.
  onWebhookEvent(async (event) => {
    if (event.opensWindow)
      await retryOnConflict(() => takeUpReturns(db, event.pageId, event.psid, event.at));
  });
}
