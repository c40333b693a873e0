// Dispatch SQL, a campaign's start: the due campaigns, the audience snapshot, then processing.
// Raw SQL on the pool: the hot statements are measured (bench/FINDINGS.md) and rely on exact plans; those
// run for every group of sends are named, so each connection parses and plans them once.
import { utilityTemplateAllowed } from '@pagecast/contract';
import type pg from 'pg';
import { inTransaction, type Sql } from '../../../../db/client.js';
import { recordCampaignChange } from '../../webhook-events.js';
import { audienceMatch, audienceParam, storedAudience, type AudienceKind } from '../../audience.js';

export interface DueCampaign {
  id: string;
  page_id: string;
  tag_id: string | null;
  audience_kind: AudienceKind;
  /** The stored audience (null on rows from before it: kind and tag say who). */
  audience: unknown;
  audience_count: number;
  scheduled_time: Date;
  reachable_only: boolean;
  /** The Purpose: a promotion has no utility-template path. */
  type: string;
}

const DUE_COLUMNS =
  'id, page_id, tag_id, audience_kind, audience, audience_count, scheduled_time, reachable_only, type';

/** Pending campaigns due within `leadMs` and not yet snapshotted, locked (at most 5). */
export async function lockCampaignsToPrepare(
  client: pg.PoolClient,
  leadMs: number,
): Promise<DueCampaign[]> {
  const { rows } = await client.query<DueCampaign>(
    `select ${DUE_COLUMNS} from campaigns
     where status = 'pending' and held_at is null and audience_count = 0 and scheduled_time > now()
       and scheduled_time <= now() + $1 * interval '1 millisecond'
     order by scheduled_time limit 5 for update skip locked`,
    [leadMs],
  );
  return rows;
}

/**
 * The earliest pending campaign whose time has come, locked; undefined when none is due. A held one waits
 * (modules/campaigns/holds.ts); once its hold lifts it is due at once if its time passed meanwhile.
 */
export async function lockDueCampaign(client: pg.PoolClient): Promise<DueCampaign | undefined> {
  const { rows } = await client.query<DueCampaign>(
    `select ${DUE_COLUMNS} from campaigns
     where status = 'pending' and held_at is null and scheduled_time <= now()
     order by scheduled_time limit 1 for update skip locked`,
  );
  return rows[0];
}

/**
 * The audience snapshot: one queued row per recipient (with `reachable_only`, only those a path reaches now), numbered into batches of `batchSize`, and the
 * campaign's audience_count. Idempotent (a second run inserts nothing). Returns the audience size.
 */
export async function insertAudienceSnapshot(
  client: pg.PoolClient,
  c: DueCampaign,
  batchSize: number,
): Promise<number> {
  const who = storedAudience(c);
  if (!who) return 0;
  const inserted = await client.query(
    `insert into campaign_recipients (campaign_id, contact_id, psid, batch_no, state)
     select $1, ct.id, ct.psid, ((row_number() over (order by ct.id)) - 1) / $4, 'queued'
     from contacts ct
     where ct.page_id = $2 and ${audienceMatch('ct', '$3::jsonb')}
       -- 'Only contacts I can reach': inside the window, anyone when an approved template reaches them (an
       -- update's, never a promotion's: $7), or a subscriber when the campaign sends marketing messages.
       and (not $5::boolean or ct.last_inbound_at > now() - interval '24 hours'
            or ($6::boolean and exists (select 1 from campaigns cc join message_templates m on m.id = cc.template_id
                       where cc.id = $1 and m.status = 'approved'))
            or exists (select 1 from campaigns cc join marketing_subscriptions s on s.contact_id = ct.id
                       where cc.id = $1 and cc.marketing and s.page_id = ct.page_id and s.status = 'subscribed'))
     on conflict do nothing`,
    [
      c.id,
      c.page_id,
      audienceParam(who),
      batchSize,
      c.reachable_only,
      utilityTemplateAllowed(c.type),
    ],
  );
  const audience = inserted.rowCount ?? 0;
  if (audience > 0) {
    await client.query('update campaigns set audience_count = $2 where id = $1', [c.id, audience]);
  }
  return audience;
}

/** Whether the campaign's audience has any contact at all (an empty snapshot's reason). */
export async function audienceExists(client: pg.PoolClient, c: DueCampaign): Promise<boolean> {
  const audience = storedAudience(c);
  if (!audience) return false;
  const { rows } = await client.query<{ found: boolean }>(
    `select exists (select 1 from contacts ct where ct.page_id = $1
       and ${audienceMatch('ct', '$2::jsonb')}) as found`,
    [c.page_id, audienceParam(audience)],
  );
  return rows[0]?.found ?? false;
}

/** pending -> completed at once: nobody to send to. */
export async function completeEmpty(
  client: pg.PoolClient,
  campaignId: string,
  reason: string,
): Promise<void> {
  await client.query(
    `update campaigns set status = 'completed', started_at = now(), completed_at = now(), audience_count = 0,
       status_reason = $2 where id = $1`,
    [campaignId, reason],
  );
  await recordCampaignChange(client, [campaignId], 'completed');
}

/** pending -> processing. */
export async function markProcessing(client: pg.PoolClient, campaignId: string): Promise<void> {
  const { rows } = await client.query<{ was: string }>(
    `update campaigns c set status = 'processing', started_at = coalesce(c.started_at, now())
     from campaigns o where c.id = $1 and o.id = c.id returning o.status as was`,
    [campaignId],
  );
  if (rows[0] && rows[0].was !== 'processing')
    await recordCampaignChange(client, [campaignId], 'started');
}

/** pending -> processing for a prepared campaign whose time has come (a batch may run before the scheduler). */
export async function startIfDue(sql: Sql, campaignId: string): Promise<void> {
  await inTransaction(sql, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `update campaigns set status = 'processing', started_at = now()
       where id = $1 and status = 'pending' and held_at is null and scheduled_time <= now()
         and audience_count > 0
       returning id`,
      [campaignId],
    );
    await recordCampaignChange(
      tx,
      rows.map((r) => r.id),
      'started',
    );
  });
}

/**
 * The admins who scheduled a pending, unheld campaign due within `leadMs` and whose access Facebook has not
 * confirmed for `freshMs`: the campaign worker asks for their re-check, so a loss is found before the start.
 */
export async function adminsToVerifyBeforeStart(
  sql: Sql,
  leadMs: number,
  freshMs: number,
): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    `select distinct a.id from campaigns c join admins a on a.id = c.admin_id
      where c.status = 'pending' and c.held_at is null
        and c.scheduled_time <= now() + $1 * interval '1 millisecond'
        and a.token_status = 'valid' and a.user_token_enc is not null
        and (a.access_verified_at is null or a.access_verified_at < now() - $2 * interval '1 millisecond')`,
    [leadMs, freshMs],
  );
  return rows.map((r) => r.id);
}

/** The planner's row estimate of campaign_recipients (-1: never analysed). */
export async function recipientRowEstimate(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ reltuples: number }>(
    `select reltuples::float8 as reltuples from pg_class where oid = 'campaign_recipients'::regclass`,
  );
  return Number(rows[0]?.reltuples ?? -1);
}

export async function analyzeRecipients(sql: Sql): Promise<void> {
  await sql.query('analyze campaign_recipients');
}
