// Deliver on return: a campaign may keep the recipients it skipped (no path reached them) waiting until
// `deliver_on_return_until`. When one of them writes to the page in that time, their row goes back to the
// queue ('skipped' -> 'queued', `returned_at` set) and the campaign workers send it in the fresh 24-hour
// window (jobs/campaigns/returns.ts). Once per recipient and campaign: a row with `returned_at` never returns
// again, and a replayed webhook finds no skipped row to take up. The claim is dispatch-repo.ts#claimReturnedRows.
import { RETURNABLE_SKIP_REASONS } from '@pagecast/contract';
import type { Sql } from '../../db/client.js';

/** A message older than this opened no window any more: it takes up nothing (a late replay). */
const WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The contact (page `fbPageId`, `psid`) wrote at `at`: their waiting rows go back to the queue, and each
 * campaign's skipped counter drops by as many, in one statement. Returns how many rows were taken up.
 */
export async function takeUpReturns(
  db: Sql,
  fbPageId: string,
  psid: string,
  at: Date,
): Promise<number> {
  if (at.getTime() < Date.now() - WINDOW_MS) return 0;
  const { rows } = await db.query<{ n: number }>(
    `with eligible as (
       select r.campaign_id, r.contact_id from campaign_recipients r
       join campaigns c on c.id = r.campaign_id
       join contacts ct on ct.id = r.contact_id
       join pages p on p.id = ct.page_id
       where p.fb_page_id = $1 and ct.psid = $2 and r.state = 'skipped' and r.returned_at is null
         and r.skip_reason = any($3::text[]) and c.deliver_on_return_until > $4
         and c.status in ('processing', 'completed')
       for update of r skip locked),
     u as (
       update campaign_recipients r set state = 'queued', returned_at = now(), skip_reason = null,
         not_before = null, worker_id = null
       from eligible e
       where r.campaign_id = e.campaign_id and r.contact_id = e.contact_id and r.state = 'skipped'
       returning r.campaign_id),
     per as (select campaign_id, count(*)::int as n from u group by campaign_id),
     c as (update campaigns c set skipped_count = c.skipped_count - per.n from per
           where c.id = per.campaign_id returning per.n)
     select coalesce(sum(n), 0)::int as n from c`,
    [fbPageId, psid, RETURNABLE_SKIP_REASONS, at],
  );
  return rows[0]?.n ?? 0;
}
