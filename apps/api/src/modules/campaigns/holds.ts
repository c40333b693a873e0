// Holds: a pending campaign whose admin can no longer send as its page is held as soon as Pagecast learns of
// it (a page access re-check, a refused sign-in), so it neither starts at its time nor fails then; access
// back (a later re-check, a sign-in) lifts the hold, and a campaign whose time passed meanwhile starts at
// once (the scheduler takes any pending campaign due, held_at null). "Can send" is what the batch checks at
// start (dispatch/repo/send.ts loadSendTarget): the admin's own link with a messaging task and a valid token.
import { TASKS_SQL } from '../../auth/page-access.js';
import type { Sql } from '../../db/client.js';
import { publishCampaigns } from './live.js';
import { HOLD_ACCESS_LOST_REASON, HOLD_TOKEN_REFUSED_REASON } from './reasons.js';

const CAN_SEND = `exists (select 1 from page_admins pa
  where pa.page_id = c.page_id and pa.admin_id = c.admin_id and pa.tasks && ${TASKS_SQL.messaging}
    and pa.page_token_enc is not null and pa.token_status = 'valid')`;

export interface HoldChanges {
  held: string[];
  released: string[];
}

/**
 * Holds the admin's pending campaigns they can no longer send (the reason says why) and lifts the holds of
 * those they can send again; returns the campaigns whose hold changed. Run in the transaction that changed
 * their access (sign-in, re-check). A held campaign prepared for its start loses its audience snapshot
 * (nothing of it was sent: it is pending), so its early batch jobs find nothing and the scheduler snapshots
 * it afresh once the hold lifts.
 */
export async function syncAdminHolds(tx: Sql, adminId: string): Promise<HoldChanges> {
  const held = await tx.query<{ id: string }>(
    `update campaigns c
        set held_at = coalesce(c.held_at, now()),
            held_reason = case when a.token_status = 'valid' then $2 else $3 end,
            audience_count = 0
       from admins a
      where a.id = c.admin_id and c.admin_id = $1 and c.status = 'pending'
        and (a.token_status <> 'valid' or not ${CAN_SEND})
        and (c.held_at is null
             or c.held_reason is distinct from (case when a.token_status = 'valid' then $2 else $3 end))
      returning c.id`,
    [adminId, HOLD_ACCESS_LOST_REASON, HOLD_TOKEN_REFUSED_REASON],
  );
  const heldIds = held.rows.map((r) => r.id);
  if (heldIds.length > 0) {
    await tx.query('delete from campaign_recipients where campaign_id = any($1::uuid[])', [
      heldIds,
    ]);
  }
  const released = await tx.query<{ id: string }>(
    `update campaigns c set held_at = null, held_reason = null
       from admins a
      where a.id = c.admin_id and c.admin_id = $1 and c.status = 'pending' and c.held_at is not null
        and a.token_status = 'valid' and ${CAN_SEND}
      returning c.id`,
    [adminId],
  );
  const changes = { held: heldIds, released: released.rows.map((r) => r.id) };
  // Campaign Analytics shows the hold (or its end) live; NOTIFY in the transaction goes out at its commit.
  await publishCampaigns(tx, [...changes.held, ...changes.released]);
  return changes;
}
