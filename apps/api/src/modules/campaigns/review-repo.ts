// SQL of the review before Confirm: a contact of the audience to preview with, the admin's Facebook identity,
// and the page's contact behind a page-scoped id.
import type { Sql } from '../../db/client.js';
import { audienceMatch } from './audience.js';

export interface ContactNames {
  name: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The audience's first contact in dispatch order (contact id, as the snapshot numbers its batches), one with
 * a first name when there is one, so the preview shows a real name.
 */
export async function sampleContact(
  db: Sql,
  pageUuid: string,
  /** The audience as audience.ts#audienceParam gives it. */
  audience: string,
): Promise<ContactNames | null> {
  const { rows } = await db.query<ContactNames>(
    `select c.name, c.first_name as "firstName", c.last_name as "lastName"
       from contacts c
      where c.page_id = $1 and ${audienceMatch('c', '$2::jsonb')}
      order by (c.first_name is null), c.id
      limit 1`,
    [pageUuid, audience],
  );
  return rows[0] ?? null;
}

/** The admin's social network user id and, while it is valid, their encrypted user token. */
export async function adminIdentity(
  db: Sql,
  adminId: string,
): Promise<{ fbUserId: string; tokenEnc: string | null } | null> {
  const { rows } = await db.query<{ fbUserId: string; tokenEnc: string | null }>(
    `select fb_user_id as "fbUserId", case when token_status = 'valid' then user_token_enc end as "tokenEnc"
       from admins where id = $1`,
    [adminId],
  );
  return rows[0] ?? null;
}

/** The page's contacts behind these PSIDs (most recent writer first), with their window. */
export async function contactsByPsid(
  db: Sql,
  pageUuid: string,
  psids: string[],
): Promise<Array<ContactNames & { psid: string; insideWindow: boolean }>> {
  if (psids.length === 0) return [];
  const { rows } = await db.query<ContactNames & { psid: string; insideWindow: boolean }>(
    `select psid, name, first_name as "firstName", last_name as "lastName",
            coalesce(last_inbound_at > now() - interval '24 hours', false) as "insideWindow"
       from contacts
      where page_id = $1 and psid = any($2::text[])
      order by last_inbound_at desc nulls last`,
    [pageUuid, psids],
  );
  return rows;
}
