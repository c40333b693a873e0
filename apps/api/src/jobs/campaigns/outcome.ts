// What one send attempt means for its recipient row, as a pure function of the Send API's answer. The chunk
// sender (chunk-sender.ts) collects these and dispatch-repo.ts#writeOutcomes stores them in one statement.
//
//   sent     the platform accepted the message (it has a message id)
//   failed   a definite refusal (recipient unreachable, invalid request) or a temporary failure retried
//            maxAttempts times
//   queued   back to the queue: the answer proves nothing went out (rate limit, temporary failure, the chunk
//            stopped before this row); `notBefore` delays the next try
//   unknown  the request may have reached the platform but its answer was lost: never re-sent, flagged
//   skipped  no allowed path to the recipient (outside the window, no usable utility template): no request at
//            all, a reason instead
import type { SkipReason } from '@pagecast/contract';
import { GraphError } from '../../graph/index.js';
import type { MessagingType } from '../../graph/types.js';
import type { Outcome } from '../../modules/campaigns/dispatch-repo.js';
import {
  MARKETING_BUDGET_REASON,
  MARKETING_COOLDOWN_REASON,
  MARKETING_FREQUENCY_REASON,
  MARKETING_LOGIN_REASON,
  MARKETING_NOT_READY_REASON,
  MARKETING_OPTED_OUT_REASON,
  MARKETING_PERMISSION_REASON,
  MARKETING_REGION_REASON,
  MARKETING_TOKEN_REASON,
  PERMISSION_REASON,
  TEMPLATE_PARAMS_REASON,
  TEMPLATE_REFUSED_REASON,
  TOKEN_INVALID_REASON,
  UNKNOWN_OUTCOME_MESSAGE,
  UTILITY_PERMISSION_REASON,
} from '../../modules/campaigns/reasons.js';

export type { Outcome };

/** One recipient's send as the chunk sender makes it ('MARKETING': through the Marketing Message API). */
export interface SendAttempt {
  contactId: string;
  messagingType: MessagingType | 'MARKETING';
  tag: string | null;
  /** Claims of this row so far, this one included. */
  attempts: number;
}

/** Why the rest of the campaign must not be sent; `token` also marks the page's token invalid. */
export interface CampaignStop {
  reason: string;
  token: boolean;
}

export interface OutcomeTuning {
  /** Attempts before a temporary failure becomes final. */
  maxAttempts: number;
  /** Backoff after a rate-limit answer without its own retry time. */
  rateLimitPauseMs: number;
}

/** One send path stops for the campaign (a permission it needs is missing); the other paths go on. */
export interface PathStop {
  path: 'utility' | 'marketing';
  reason: string;
}

/** A failed send's outcome, and what it means for the rest of the campaign. */
export interface FailureVerdict {
  outcome: Outcome;
  /** The whole campaign stops (token or permission lost). */
  stop?: CampaignStop;
  /** Only this send's path stops (utility or marketing refused for a permission). */
  pathStop?: PathStop;
  /** The page is rate-limited: the rest of the chunk is not sent and the page pauses. */
  rateLimited?: boolean;
  /** Not a platform answer (a bug or a local failure): worth an error log. */
  unexpected?: boolean;
}

const EMPTY = {
  messageId: null,
  errorCode: null,
  errorSubcode: null,
  errorMessage: null,
  sentAt: null,
  notBefore: null,
} as const;

/** The platform accepted the message. */
export function sentOutcome(send: SendAttempt, messageId: string, sentAt: Date): Outcome {
  return { ...attemptFields(send), ...EMPTY, state: 'sent', messageId, sentAt, attemptsDelta: 0 };
}

/** Back to the queue, tried again no earlier than `notBeforeMs` from `now`. */
export function requeuedOutcome(
  send: SendAttempt,
  notBeforeMs: number,
  attemptsDelta: number,
  now: number,
): Outcome {
  return {
    ...attemptFields(send),
    ...EMPTY,
    state: 'queued',
    notBefore: notBeforeMs > 0 ? new Date(now + notBeforeMs) : null,
    attemptsDelta,
  };
}

/**
 * No message: Messenger allows none on the paths this campaign has (e.g. outside the 24-hour window). Final,
 * never an attempt, never a Graph call.
 */
export function skippedOutcome(contactId: string, reason: SkipReason): Outcome {
  return {
    contactId,
    messagingType: null,
    tag: null,
    ...EMPTY,
    state: 'skipped',
    attemptsDelta: -1,
    skipReason: reason,
  };
}

/** A claimed row the chunk never got to (it failed before its send): queued again, not an attempt. */
export function notSentOutcome(contactId: string): Outcome {
  return {
    contactId,
    messagingType: null,
    tag: null,
    ...EMPTY,
    state: 'queued',
    attemptsDelta: -1,
  };
}

/** The outcome of a send that threw `err` (a GraphError from the Send API, or anything else). */
export function outcomeOfError(
  err: unknown,
  send: SendAttempt,
  tuning: OutcomeTuning,
  now: number,
): FailureVerdict {
  const failed = (e: GraphError | null, message: string): Outcome => ({
    ...attemptFields(send),
    ...EMPTY,
    state: 'failed',
    errorCode: e?.code ?? null,
    errorSubcode: e?.subcode ?? null,
    errorMessage: message,
    attemptsDelta: 0,
  });
  if (!(err instanceof GraphError)) {
    // A local failure after the request started: assume it may have gone.
    return {
      outcome: { ...failed(null, UNKNOWN_OUTCOME_MESSAGE), state: 'unknown' },
      unexpected: true,
    };
  }
  const pathStop = pathStopOf(err, send);
  if (pathStop) return { outcome: failed(err, pathStop.reason), pathStop };
  switch (err.kind) {
    case 'rate_limit':
      // The 613 answer proves the message did not go out: back to the queue, and the page pauses.
      return {
        outcome: requeuedOutcome(send, err.retryAfterMs ?? tuning.rateLimitPauseMs, -1, now),
        rateLimited: true,
      };
    case 'transient':
      return {
        outcome:
          send.attempts >= tuning.maxAttempts
            ? failed(err, err.message)
            : requeuedOutcome(send, Math.min(30_000, 500 * 2 ** (send.attempts - 1)), 0, now),
      };
    case 'unknown_outcome':
      return { outcome: { ...failed(err, UNKNOWN_OUTCOME_MESSAGE), state: 'unknown' } };
    case 'token':
      return {
        outcome: requeuedOutcome(send, 0, -1, now),
        stop: { reason: TOKEN_INVALID_REASON, token: true },
      };
    case 'permission':
      if (err.code !== null && err.code >= 200 && err.code <= 299) {
        return {
          outcome: requeuedOutcome(send, 0, -1, now),
          stop: { reason: PERMISSION_REASON, token: false },
        };
      }
      return { outcome: failed(err, err.message) };
    case 'invalid':
      if (err.code === 132001) return { outcome: failed(err, TEMPLATE_REFUSED_REASON) };
      if (err.code === 132000) return { outcome: failed(err, TEMPLATE_PARAMS_REASON) };
      return { outcome: failed(err, err.message) };
    default:
      // recipient (551, 100/2018001, 10/2018278, retired tags), unknown: a definite refusal.
      return { outcome: failed(err, err.message) };
  }
}

/**
 * A utility or marketing send refused for want of a permission ((#3), (#10) without a window subcode,
 * (#200)-(#299)), or a marketing send whose user token is gone (190): that path stops, not the campaign,
 * whose in-window sends need neither (docs/campaigns.md).
 */
function pathStopOf(err: GraphError, send: SendAttempt): PathStop | null {
  const path =
    send.messagingType === 'UTILITY'
      ? 'utility'
      : send.messagingType === 'MARKETING'
        ? 'marketing'
        : null;
  if (!path) return null;
  if (path === 'marketing' && err.kind === 'token') return { path, reason: MARKETING_LOGIN_REASON };
  const c = err.code;
  const refused =
    err.kind === 'permission' && (c === 3 || c === 10 || (c !== null && c >= 200 && c <= 299));
  if (!refused) return null;
  return {
    path,
    reason: path === 'utility' ? UTILITY_PERMISSION_REASON : MARKETING_PERMISSION_REASON,
  };
}

function attemptFields(send: SendAttempt) {
  return { contactId: send.contactId, messagingType: send.messagingType, tag: send.tag };
}

/** Meta's marketing answers (23000xx, in `code` or `error_subcode`: where Meta puts them is not documented). */
const MARKETING_NOT_READY = new Set([2300000, 2300002, 2300003, 2300012, 2300028, 2300041]);
const MARKETING_FINAL: Array<[number[], string]> = [
  [[2300034], MARKETING_OPTED_OUT_REASON],
  [[2300035, 2300052], MARKETING_COOLDOWN_REASON],
  [[2300042, 2300043, 2300044], MARKETING_FREQUENCY_REASON],
  [[2300015, 2300017, 2300053, 2300054], MARKETING_BUDGET_REASON],
  [[2300030, 2300031, 2300032], MARKETING_REGION_REASON],
  [[2300004, 2300005, 2300037], MARKETING_TOKEN_REASON],
];
/** How long a "not ready yet" answer waits before the row is tried again. */
const NOT_READY_RETRY_MS = 60_000;

/** The 23000xx code of a marketing send's error, if it has one. */
export function marketingCode(err: unknown): number | null {
  if (!(err instanceof GraphError)) return null;
  for (const c of [err.code, err.subcode]) if (c !== null && c >= 2300000 && c < 2400000) return c;
  return null;
}

/** A marketing send's failure: Meta's 23000xx answers as next steps, anything else as any send's. */
export function marketingOutcomeOfError(
  err: unknown,
  send: SendAttempt,
  tuning: OutcomeTuning,
  now: number,
): FailureVerdict {
  const code = marketingCode(err);
  if (code === null) return outcomeOfError(err, send, tuning, now);
  const e = err as GraphError;
  const failed = (message: string): Outcome => ({
    ...attemptFields(send),
    ...EMPTY,
    state: 'failed',
    errorCode: e.code,
    errorSubcode: e.subcode,
    errorMessage: message,
    attemptsDelta: 0,
  });
  if (MARKETING_NOT_READY.has(code)) {
    return {
      outcome:
        send.attempts >= tuning.maxAttempts
          ? failed(MARKETING_NOT_READY_REASON)
          : requeuedOutcome(send, e.retryAfterMs ?? NOT_READY_RETRY_MS, 0, now),
    };
  }
  const known = MARKETING_FINAL.find(([codes]) => codes.includes(code));
  return { outcome: failed(known ? known[1] : `Meta refused the marketing message: ${e.message}`) };
}
