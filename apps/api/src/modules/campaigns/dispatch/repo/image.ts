// Dispatch SQL, the image part of a campaign message: Meta's attachment id, the part's answer, its echo.
// Raw SQL on the pool: the hot statements are measured (bench/FINDINGS.md) and rely on exact plans; those
// run for every group of sends are named, so each connection parses and plans them once.
import { type Sql } from '../../../../db/client.js';

/**
 * Keeps Meta's reusable attachment id of the campaign's image; a concurrent batch's upload may have won:
 * the id kept is returned (both are valid; the other is never used).
 */
export async function saveImageAttachment(
  sql: Sql,
  campaignId: string,
  attachmentId: string,
): Promise<string> {
  const { rows } = await sql.query<{ image_attachment_id: string }>(
    `update campaigns set image_attachment_id = coalesce(image_attachment_id, $2) where id = $1
     returning image_attachment_id`,
    [campaignId, attachmentId],
  );
  return rows[0]?.image_attachment_id ?? attachmentId;
}

/**
 * The image part went out (its mid): recorded, committed, before the text part is attempted. The row's
 * attempt mark is cleared with it: until the text part's own mark, the row provably holds no send in flight,
 * so a crash here re-queues it (the sweeper), and its next attempt sends the text only. False when the row is
 * no longer ours (the sweeper took it back): its text part is not sent now.
 */
export async function recordImagePart(
  sql: Sql,
  campaignId: string,
  contactId: string,
  workerId: string,
  claimAttempts: number,
  mid: string,
): Promise<boolean> {
  // Only this claim's row (worker and attempt), as markAttempted: a re-claim has its own parts to send.
  const { rowCount } = await sql.query(
    `update campaign_recipients set image_mid = $4, sent_at = null
      where campaign_id = $1 and contact_id = $2 and worker_id = $3 and state = 'sending' and attempts = $5`,
    [campaignId, contactId, workerId, mid, claimAttempts],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * The echo of an image part (its metadata names the row and the part) proves the image went out: its mid is
 * kept on the row (when its answer was lost), so no later attempt sends the image again. The row's state is
 * the text part's, left as it is.
 */
export async function recordImageEcho(
  sql: Sql,
  echo: { campaignId: string; contactId: string; psid: string; mid: string },
): Promise<boolean> {
  const { rowCount } = await sql.query(
    `update campaign_recipients set image_mid = $3
      where campaign_id = $1 and contact_id = $2 and psid = $4 and image_mid is null`,
    [echo.campaignId, echo.contactId, echo.mid, echo.psid],
  );
  return (rowCount ?? 0) > 0;
}
