// SQL of the campaign counters fed by webhook events (counters.ts decides which applies). Every write is
// guarded by `... is null` and a counter grows by the number of rows that statement changed, in the same
// statement, so a replayed or concurrent duplicate event changes nothing.
import { INTERACTION_WINDOW_MS } from '@pagecast/contract';
import { runStatement, statement, type Sql } from '../../db/client.js';

/** The contact `psid` of the page with social id `fbPageId`, or undefined. */
export async function contactIdOf(
  sql: Sql,
  fbPageId: string,
  psid: string,
): Promise<string | undefined> {
  const contact = await sql.query<{ id: string }>(
    `select c.id from contacts c join pages p on p.id = c.page_id where p.fb_page_id = $1 and c.psid = $2`,
    [fbPageId, psid],
  );
  return contact.rows[0]?.id;
}

/** Keeps `at` in the contact's mark `column`: a mark only moves forward (an older one never replaces it). */
async function keepMark(
  sql: Sql,
  column: 'delivered_until' | 'interacted_at',
  contactId: string,
  at: Date,
): Promise<void> {
  await sql.query(
    `insert into campaign_contact_marks (contact_id, ${column}) values ($1, $2)
     on conflict (contact_id) do update
       set ${column} = greatest(campaign_contact_marks.${column}, excluded.${column})`,
    [contactId, at],
  );
}

/** Everything sent to the contact until `until` was delivered: kept for rows not recorded 'sent' yet. */
export async function markDelivered(sql: Sql, contactId: string, until: Date): Promise<void> {
  await keepMark(sql, 'delivered_until', contactId, until);
}

/** What one counter statement changed: how many rows of which campaigns (for the live stream). */
export interface Changed {
  n: number;
  campaignIds: string[];
}

const changed = (rows: Array<{ campaign_id: string; n: number }>): Changed => ({
  n: rows.reduce((sum, r) => sum + r.n, 0),
  campaignIds: rows.map((r) => r.campaign_id),
});

// The sent rows of contact $1 a receipt watermarked $2 covers: attempted before it, a campaign message among
// the mids $3, or one whose echo (Meta's time) is at or before it.
const COVERED_BY_RECEIPT = `r.contact_id = $1 and r.state = 'sent'
  and (r.sent_at <= $2 or r.message_id = any($3::text[])
       or r.message_id in (select m.mid from messages m where m.contact_id = $1
                            and m.direction = 'out' and m.platform_at <= $2))`;

/** Stamps `column` with $2 on the covered rows that have none yet, returning each row's campaign. */
function stampCovered(column: 'delivered_at' | 'read_at'): string {
  return `update campaign_recipients r set ${column} = $2
       where ${COVERED_BY_RECEIPT} and r.${column} is null
       returning r.campaign_id`;
}

/**
 * Sent rows of the contact delivered by `until` get `delivered_at`, and their campaigns' counters grow.
 */
export async function applyDelivery(
  sql: Sql,
  contactId: string,
  until: Date,
  mids: string[],
): Promise<Changed> {
  const { rows } = await sql.query<{ campaign_id: string; n: number }>(
    `with u as (${stampCovered('delivered_at')}),
     per as (select campaign_id, count(*)::int as n from u group by campaign_id),
     c as (update campaigns c set delivered_count = c.delivered_count + per.n from per
           where c.id = per.campaign_id returning per.campaign_id, per.n)
     select campaign_id, n from c`,
    [contactId, until, mids],
  );
  return changed(rows);
}

/**
 * Sent rows of the contact read by `until` get `read_at` (the funnel counts them from the rows). A read that
 * beats the worker's 'sent' write is not kept as a mark, unlike a delivery: a person opening the message
 * within the milliseconds between Meta's answer and that write is not worth a statement on every send.
 */
export async function applyRead(
  sql: Sql,
  contactId: string,
  until: Date,
  mids: string[],
): Promise<Changed> {
  const { rows } = await sql.query<{ campaign_id: string; n: number }>(
    `with u as (${stampCovered('read_at')})
     select campaign_id, count(*)::int as n from u group by campaign_id`,
    [contactId, until, mids],
  );
  return changed(rows);
}

/** The contact acted at `at`: kept for rows not recorded 'sent' yet. */
export async function markInteracted(sql: Sql, contactId: string, at: Date): Promise<void> {
  await keepMark(sql, 'interacted_at', contactId, at);
}

// The tail of an interaction statement: each row its CTE `u` stamped counts once in its campaign.
const COUNT_INTERACTED = `c as (update campaigns c set interacted_count = c.interacted_count + 1 from u
           where c.id = u.campaign_id returning c.id)
     select id as campaign_id, 1 as n from c`;

/** A reaction to campaign message `mid`: an interaction with that campaign. */
export async function applyReaction(
  sql: Sql,
  contactId: string,
  mid: string,
  at: Date,
): Promise<Changed> {
  const { rows } = await sql.query<{ campaign_id: string; n: number }>(
    `with u as (
       update campaign_recipients r set interacted_at = $3
       where r.contact_id = $1 and r.message_id = $2 and r.state = 'sent' and r.interacted_at is null
       returning r.campaign_id),
     ${COUNT_INTERACTED}`,
    [contactId, mid, at],
  );
  return changed(rows);
}

/** An interaction with the latest campaign message that reached the contact in the interaction window. */
export async function applyInteraction(sql: Sql, contactId: string, at: Date): Promise<Changed> {
  const { rows } = await sql.query<{ campaign_id: string; n: number }>(
    `with target as (
       select r.campaign_id from campaign_recipients r
       where r.contact_id = $1 and r.state = 'sent' and r.sent_at <= $2 and r.sent_at > $2 - $3 * interval '1 millisecond'
       order by r.sent_at desc limit 1),
     u as (
       update campaign_recipients r set interacted_at = $2 from target t
       where r.campaign_id = t.campaign_id and r.contact_id = $1 and r.interacted_at is null
       returning r.campaign_id),
     ${COUNT_INTERACTED}`,
    [contactId, at, INTERACTION_WINDOW_MS],
  );
  return changed(rows);
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
 * Applies to just-sent rows the delivery marks that came first; answers the rows whose interaction mark
 * came first (the caller applies each with applyInteraction).
 */
export function applyMarksToSentRows(
  sql: Sql,
  campaignId: string,
  contactIds: string[],
): Promise<Array<{ contact_id: string; interacted_at: Date }>> {
  return runStatement(sql, APPLY_MARKS_TO_SENT, [campaignId, contactIds]);
}
