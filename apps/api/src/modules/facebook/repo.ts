// SQL of Meta's callbacks: the record of signed_requests already used (single use).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { dz, type Sql } from '../../db/client.js';

export type CallbackKind = 'data_deletion' | 'deauthorize';

/**
 * A signed_request's identity: its signature's decoded bytes hashed. The signature alone covers the payload,
 * and the same bytes can be written many ways (padding, either base64 alphabet, the unused low bits of the
 * last character): hashing the text as sent let a re-encoded copy replay.
 */
export const signedRequestDigest = (signedRequest: string) =>
  createHash('sha256')
    .update(Buffer.from(signedRequest.split('.')[0] ?? '', 'base64url'))
    .digest('hex');

/**
 * Records the first use of a signed_request; false when it was used before (a replay, or Meta retrying).
 * Uses older than two days go on the way: past 24 h a signed_request is refused as too old anyway.
 */
export async function claimUse(
  db: Sql,
  digest: string,
  kind: CallbackKind,
  fbUserId: string,
): Promise<boolean> {
  const { rows } = await dz(db).execute<{ digest: string }>(sql`
    with cleaned as (delete from signed_request_uses where used_at < now() - interval '2 days')
    insert into signed_request_uses (digest, kind, fb_user_id) values (${digest}, ${kind}, ${fbUserId})
    on conflict (digest) do nothing
    returning digest`);
  return rows.length > 0;
}

export async function setConfirmationCode(db: Sql, digest: string, code: string): Promise<void> {
  await dz(db).execute(
    sql`update signed_request_uses set confirmation_code = ${code} where digest = ${digest}`,
  );
}

/** A first use that failed half-way is forgotten, so Meta's retry of it is served afresh. */
export async function releaseUse(db: Sql, digest: string): Promise<void> {
  await dz(db).execute(sql`delete from signed_request_uses where digest = ${digest}`);
}

/** The confirmation code the first use answered (or, if it has none yet, the user's latest request's). */
export async function firstAnswer(db: Sql, digest: string): Promise<string | null> {
  const { rows } = await dz(db).execute<{ code: string | null }>(sql`
    select coalesce(u.confirmation_code,
                    (select r.confirmation_code from deletion_requests r where r.fb_user_id = u.fb_user_id
                      order by r.requested_at desc limit 1)) as code
      from signed_request_uses u where u.digest = ${digest}`);
  return rows[0]?.code ?? null;
}
