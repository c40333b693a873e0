// Meta's app callbacks (docs/data-deletion.md): the signed_request is verified before anything else.
import type { Config } from '../../config.js';
import type { DeletionService } from '../deletion/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import { parseSignedRequest, type SignedRequestPayload } from '../../graph/index.js';
import { ConflictError, UnauthorizedError, ValidationError } from '../../errors.js';
import * as repo from './repo.js';

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
  if (!payload) throw new UnauthorizedError('Invalid signed_request');
  const now = Math.floor(nowMs / 1000);
  if (typeof payload.expires === 'number' && payload.expires > 0 && payload.expires < now) {
    throw new UnauthorizedError('signed_request has expired');
  }
  if (typeof payload.issued_at !== 'number')
    throw new ValidationError('signed_request has no issued_at');
  if (
    payload.issued_at < now - MAX_SIGNED_REQUEST_AGE_S ||
    payload.issued_at > now + MAX_CLOCK_SKEW_S
  ) {
    throw new UnauthorizedError('signed_request is too old');
  }
  const userId = typeof payload.user_id === 'number' ? String(payload.user_id) : payload.user_id;
  if (typeof userId !== 'string' || !/^\d{1,32}$/.test(userId)) {
    throw new ValidationError('signed_request has no user_id');
  }
  return { userId, payload };
}

export type FacebookService = ReturnType<typeof createFacebookService>;

/** Meta's app callbacks: each verifies the signed_request, then hands the user to data deletion. */
/**
 * Meta's app callbacks: each verifies the signed_request, then hands the user to data deletion. A
 * signed_request acts once: a replay (a captured request, or Meta retrying) changes nothing, so it cannot
 * wipe a user who signed up again after the first one; a data-deletion replay answers the first code.
 */
export function createFacebookService(
  deps: Pick<ModuleDeps, 'config' | 'pool'>,
  deletion: Pick<DeletionService, 'requestDeletion' | 'deauthorizeUser'>,
) {
  const { pool: db } = deps;
  return {
    /** Data deletion callback: the status URL and confirmation code Meta shows the user. */
    async dataDeletion(signedRequest: string): Promise<{ url: string; confirmation_code: string }> {
      const { userId } = verifyCallback(signedRequest, deps.config);
      const digest = repo.signedRequestDigest(signedRequest);
      if (!(await repo.claimUse(db, digest, 'data_deletion', userId))) {
        const code = await repo.firstAnswer(db, digest);
        if (code) return { url: statusUrl(deps.config, code), confirmation_code: code };
        throw new ConflictError('This deletion request is being processed. Try again in a moment.');
      }
      try {
        const request = await deletion.requestDeletion(userId);
        await repo.setConfirmationCode(db, digest, request.confirmationCode);
        return {
          url: statusUrl(deps.config, request.confirmationCode),
          confirmation_code: request.confirmationCode,
        };
      } catch (err) {
        await repo.releaseUse(db, digest).catch(() => {});
        throw err;
      }
    },

    async deauthorize(signedRequest: string): Promise<void> {
      const { userId } = verifyCallback(signedRequest, deps.config);
      const digest = repo.signedRequestDigest(signedRequest);
      if (!(await repo.claimUse(db, digest, 'deauthorize', userId))) return;
      try {
        await deletion.deauthorizeUser(userId);
      } catch (err) {
        await repo.releaseUse(db, digest).catch(() => {});
        throw err;
      }
    },
  };
}

/** The status page Meta links the person to: addressed by their confirmation code, never their user id. */
export function statusUrl(config: Pick<Config, 'webOrigin'>, confirmationCode: string): string {
  return `${config.webOrigin}/deletion-status/${encodeURIComponent(confirmationCode)}`;
}
