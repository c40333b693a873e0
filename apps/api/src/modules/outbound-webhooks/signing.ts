// An endpoint's signing secret and the Pagecast-Signature header (docs/api.md "Webhooks"): `t=<unix
// seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, one v1 per valid secret (the current one first).
import { createHmac, randomBytes } from 'node:crypto';

/** The prefix of every secret: a leaked one is recognisable (and masked in logs, logger.ts). */
export const SECRET_PREFIX = 'whsec_';

/** A new secret: 32 random bytes, shown to the admin once. */
export const newWebhookSecret = () => SECRET_PREFIX + randomBytes(32).toString('base64url');

export function signatureHeader(
  body: string,
  secrets: readonly string[],
  at = Math.floor(Date.now() / 1000),
): string {
  const signed = `${at}.${body}`;
  const v1 = secrets.map((s) => `v1=${createHmac('sha256', s).update(signed).digest('hex')}`);
  return [`t=${at}`, ...v1].join(',');
}
