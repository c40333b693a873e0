// Dispatch SQL, a campaign's end: failed, completed, a path stopped, subscriptions stopped.
// Raw SQL on the pool: the hot statements are measured (bench/FINDINGS.md) and rely on exact plans; those
// run for every group of sends are named, so each connection parses and plans them once.
import { inTransaction, type Sql } from '../../../../db/client.js';
import { recordCampaignChange } from '../../webhook-events.js';
import { FLAGGED_FOR_REVIEW } from '../../reasons.js';
import { TEMPLATE_PATH_REASON_TEXTS } from '../../template-path.js';
import { markPageAdminTokenInvalid } from '../../../page-rows/index.js';

/** processing -> failed with a reason (token or permission lost); queued rows stay queued, unsent. */
/** Stops the campaign; `invalidTokenOf` (an admin id) marks that admin's page token invalid as well. */
export async function failCampaign(
  sql: Sql,
  campaignId: string,
  reason: string,
  invalidTokenOf: string | null,
): Promise<void> {
  await inTransaction(sql, async (tx) => {
    const { rows } = await tx.query<{ page_id: string }>(
      `update campaigns set status = 'failed', status_reason = $2, completed_at = now()
       where id = $1 and status = 'processing' returning page_id`,
      [campaignId, reason],
    );
    if (!rows[0]) return;
    await recordCampaignChange(tx, [campaignId], 'failed');
    if (invalidTokenOf) await markTokenInvalid(tx, rows[0].page_id, invalidTokenOf);
  });
}

/** Facebook refused the page token of the admin dispatch sends with: that link is marked invalid. */
export const markTokenInvalid = markPageAdminTokenInvalid;

/** Deliver on return: a campaign that cannot send now keeps its returned rows waiting `ms` before a retry. */
export async function deferReturnedRows(sql: Sql, campaignId: string, ms: number): Promise<void> {
  await sql.query(
    `update campaign_recipients set not_before = now() + $2 * interval '1 millisecond'
     where campaign_id = $1 and state = 'queued' and returned_at is not null`,
    [campaignId, ms],
  );
}

/**
 * processing -> completed once no row is queued or sending (every processing campaign, or just one); the
 * reason keeps why the template path stopped, if it did, and counts rows flagged for review. Returns the completed campaigns' ids.
 */
export async function completeIfDone(sql: Sql, campaignId?: string): Promise<string[]> {
  return inTransaction(sql, async (tx) => {
    const ids = await completeDone(tx, campaignId);
    await recordCampaignChange(tx, ids, 'completed');
    return ids;
  });
}

async function completeDone(sql: Sql, campaignId?: string): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    `with done as (
       select c.id, (select count(*) from campaign_recipients r
                     where r.campaign_id = c.id and r.state = 'unknown')::int as unknown
       from campaigns c
       where c.status = 'processing' and ($1::uuid is null or c.id = $1)
         and not exists (select 1 from campaign_recipients r
                         where r.campaign_id = c.id and r.state in ('queued', 'sending'))
       for update of c skip locked)
     update campaigns c set status = 'completed', completed_at = now(),
       status_reason = nullif(concat_ws(' ',
         case when c.status_reason = any($3::text[]) then c.status_reason end,
         case when done.unknown > 0 then done.unknown || $2 end,
         (select string_agg(e.value, ' ' order by e.key) from jsonb_each_text(c.path_stops) e)), '')
     from done where c.id = done.id returning c.id`,
    [campaignId ?? null, FLAGGED_FOR_REVIEW, TEMPLATE_PATH_REASON_TEXTS],
  );
  return rows.map((r) => r.id);
}

/**
 * Meta refused one send path of the campaign for want of a permission ('utility' | 'marketing'): its rows
 * fail with the reason from now on, without a call; the other paths go on. Idempotent.
 */
export async function stopPath(
  sql: Sql,
  campaignId: string,
  path: string,
  reason: string,
): Promise<void> {
  await sql.query(
    `update campaigns set path_stops = path_stops || jsonb_build_object($2::text, $3::text)
     where id = $1 and not path_stops ? $2`,
    [campaignId, path, reason],
  );
}
