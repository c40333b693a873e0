// Meta's X-Business-Use-Case-Usage header and its minutes to regain access, for every rate-limited answer, and
// the throttled answers that carry them.
import { GraphApiError } from '../graph/errors.js';

export function usageHeader(
  pageId: string,
  type: 'messenger' | 'pages',
  callCount: number,
  regainMinutes: number,
): Record<string, string> {
  return {
    'x-business-use-case-usage': JSON.stringify({
      [pageId]: [
        {
          type,
          call_count: callCount,
          total_cputime: Math.min(100, Math.round(callCount / 4)),
          total_time: Math.min(100, Math.round(callCount / 3)),
          estimated_time_to_regain_access: regainMinutes,
        },
      ],
    }),
  };
}

/** Facebook reports the time to regain access in whole minutes; a per-second window is "0" (under a minute). */
export const regainMinutes = (retryInMs: number) => Math.floor(retryInMs / 60_000);

/** A throttled answer in Meta's words, with the time left in the usage header of `type`. */
export function throttled(
  code: number,
  message: string,
  type: 'messenger' | 'pages',
  pageId: string,
  retryInMs: number,
): GraphApiError {
  return new GraphApiError(
    code,
    message,
    undefined,
    usageHeader(pageId, type, 100, regainMinutes(retryInMs)),
  );
}

/** The Send API's throttle (613). */
export function sendRateLimited(pageId: string, retryInMs: number): GraphApiError {
  return throttled(
    613,
    '(#613) Calls to this api have exceeded the rate limit.',
    'messenger',
    pageId,
    retryInMs,
  );
}
