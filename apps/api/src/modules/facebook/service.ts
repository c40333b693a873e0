// Meta's app callbacks (messenger-platform.md §7): the signed_request is verified before anything else.
import type { Config } from '../../config.js';
import { parseSignedRequest, type SignedRequestPayload } from '../../graph/index.js';
import { HttpError } from '../../http/errors.js';

/** How old an `issued_at` may be (Meta posts the callback right away) and how far ahead a clock may run. */
export const MAX_SIGNED_REQUEST_AGE_S = 24 * 60 * 60;
export const MAX_CLOCK_SKEW_S = 5 * 60;

export interface VerifiedCallback {
  userId: string;
  payload: SignedRequestPayload;
}

/** HMAC-SHA256 with the app secret, algorithm, freshness and an app-scoped user id; 400/401 otherwise. */
export function verifyCallback(
  signedRequest: string,
  config: Pick<Config, 'fbAppSecret'>,
  nowMs = Date.now(),
): VerifiedCallback {
  const payload = parseSignedRequest(signedRequest, config.fbAppSecret);
  if (!payload) throw new HttpError(401, 'Invalid signed_request');
  const now = Math.floor(nowMs / 1000);
  if (typeof payload.expires === 'number' && payload.expires > 0 && payload.expires < now) {
    throw new HttpError(401, 'signed_request has expired');
  }
  if (typeof payload.issued_at !== 'number')
    throw new HttpError(400, 'signed_request has no issued_at');
  if (
    payload.issued_at < now - MAX_SIGNED_REQUEST_AGE_S ||
    payload.issued_at > now + MAX_CLOCK_SKEW_S
  ) {
    throw new HttpError(401, 'signed_request is too old');
  }
  const userId = typeof payload.user_id === 'number' ? String(payload.user_id) : payload.user_id;
  if (typeof userId !== 'string' || !/^\d{1,32}$/.test(userId)) {
    throw new HttpError(400, 'signed_request has no user_id');
  }
  return { userId, payload };
}

export function statusUrl(config: Pick<Config, 'webOrigin'>, userId: string): string {
  return `${config.webOrigin}/deletion-status/${encodeURIComponent(userId)}`;
}
