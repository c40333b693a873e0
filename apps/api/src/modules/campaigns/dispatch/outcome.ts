// What one send attempt means for its recipient row, as a pure function of the Send API's answer. The chunk
// sender (chunk-sender.ts) collects these and repo/send.ts#writeOutcomes stores them in one statement.
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
import {
  GraphError,
  isMarketingCode,
  marketingAnswer,
  type MarketingAnswer,
} from '../../../graph/index.js';
import type { MessagingType } from '../../../graph/types.js';
import type { Outcome } from './repo/send.js';
import {
  MARKETING_BUDGET_REASON,
  MARKETING_COOLDOWN_REASON,
  MARKETING_FREQUENCY_REASON,
  MARKETING_LOGIN_REASON,
  MARKETING_NOT_READY_REASON,
  MARKETING_OPTED_OUT_REASON,
  MARKETING_PERMISSION_REASON,
  MARKETING_REGION_REASON,
  MARKETING_RETRY_LATER_REASON,
  MARKETING_TOKEN_REASON,
  MARKETING_UNAVAILABLE_REASON,
  marketingSetupReason,
  PAGE_RESTRICTED_REASON,
  PERMISSION_REASON,
  TEMPLATE_PARAMS_REASON,
  TEMPLATE_REFUSED_REASON,
  TOKEN_INVALID_REASON,
  UNKNOWN_OUTCOME_MESSAGE,
  UTILITY_PERMISSION_REASON,
} from '../reasons.js';

export type { Outcome };

/** One recipient's send as the chunk sender makes it ('MARKETING': through the Marketing Message API). */
export interface SendAttempt {
  contactId: string;
  messagingType: MessagingType | 'MARKETING';
  tag: string | null;
  /** Claims of this row so far, this one included. */
  attempts: number;
}

/** The path of a send: the standard Send API, a utility template, or the Marketing Message API. */
export type SendPathKind = 'standard' | 'utility' | 'marketing';

/** Why the rest of the campaign must not be sent; `token` also marks the page's token invalid. */
export interface CampaignStop {
  reason: string;
  token: boolean;
  /**
   * The path whose send was refused. Today every stop ends the whole campaign (batch.ts); a refusal that
   * concerns one path only (a permission for utility templates or marketing messages) can stop just that path.
   */
  path: SendPathKind;
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
  /** The whole campaign stops (token or permission lost, page restricted, marketing setup refused). */
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

/** The path a send went by, from what its row stores. */
export function pathOf(send: SendAttempt): SendPathKind {
  if (send.messagingType === 'MARKETING') return 'marketing';
  return send.messagingType === 'UTILITY' ? 'utility' : 'standard';
}

/** The backoff of a temporary failure that names no wait: 0.5 s, doubling per attempt, at most 30 s. */
const backoffMs = (attempts: number) => Math.min(30_000, 500 * 2 ** (attempts - 1));

/**
 * The outcome of a send that threw `err` (a GraphError from the Send API, or anything else), from the kind
 * Meta's error table gives it (graph/errors.ts): a throttle re-queues and pauses the page, a temporary failure
 * re-queues (after the wait Meta named, if any) until `maxAttempts`, a lost token, permission, page
 * restriction or marketing setup stops the campaign, anything else fails this row only.
 */
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
  // A refusal that concerns one path only (its permission, marketing's own setup) stops that path.
  const pathStop = pathStopOf(err, send);
  if (pathStop) return { outcome: failed(err, pathStop.reason), pathStop };
  // The row was never sent: back to the queue, not an attempt; the campaign stops for `reason`.
  const stop = (reason: string, token = false): FailureVerdict => ({
    outcome: requeuedOutcome(send, 0, -1, now),
    stop: { reason, token, path: pathOf(send) },
  });
  switch (err.kind) {
    case 'rate_limit':
      // The throttle proves the message did not go out: back to the queue, and the page pauses.
      return {
        outcome: requeuedOutcome(send, err.retryAfterMs ?? tuning.rateLimitPauseMs, -1, now),
        rateLimited: true,
      };
    case 'transient':
      return {
        outcome:
          send.attempts >= tuning.maxAttempts
            ? failed(err, err.message)
            : requeuedOutcome(send, err.retryAfterMs ?? backoffMs(send.attempts), 0, now),
      };
    case 'unknown_outcome':
      return { outcome: { ...failed(err, UNKNOWN_OUTCOME_MESSAGE), state: 'unknown' } };
    case 'token':
      return stop(TOKEN_INVALID_REASON, true);
    case 'permission':
      return stop(PERMISSION_REASON);
    case 'page_restricted':
      return stop(PAGE_RESTRICTED_REASON);
    case 'marketing':
      return stop(marketingSetupReason(err.meaning ?? err.message));
    case 'invalid':
      if (err.code === 132001) return { outcome: failed(err, TEMPLATE_REFUSED_REASON) };
      if (err.code === 132000) return { outcome: failed(err, TEMPLATE_PARAMS_REASON) };
      return { outcome: failed(err, err.message) };
    default:
      // recipient, window, policy (613/2018338: never again to this person), unknown: a definite refusal.
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
  // Marketing Messages' own setup (terms, payment, budget, region, the page's permission) refuses every
  // marketing send, and none of the standard ones.
  if (path === 'marketing' && err.kind === 'marketing')
    return { path, reason: marketingSetupReason(err.meaning ?? err.message) };
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

/** The campaign text of each next step Meta's marketing answers call for (their rows in ERROR_TABLE). */
const MARKETING_REASONS: Record<MarketingAnswer, string> = {
  opted_out: MARKETING_OPTED_OUT_REASON,
  cooldown: MARKETING_COOLDOWN_REASON,
  unavailable: MARKETING_UNAVAILABLE_REASON,
  frequency_cap: MARKETING_FREQUENCY_REASON,
  budget: MARKETING_BUDGET_REASON,
  region: MARKETING_REGION_REASON,
  subscription: MARKETING_TOKEN_REASON,
  not_ready: MARKETING_NOT_READY_REASON,
  retry_later: MARKETING_RETRY_LATER_REASON,
};

/** The 23000xx code of a marketing send's error (in `code` or `error_subcode`), if it has one. */
export function marketingCode(err: unknown): number | null {
  if (!(err instanceof GraphError)) return null;
  if (isMarketingCode(err.code)) return err.code;
  return isMarketingCode(err.subcode) ? err.subcode : null;
}

/**
 * A marketing send's failure: decided as any send's (the table classifies 23000xx codes too), with the
 * campaign text of Meta's marketing answer as the row's error or the campaign's reason.
 */
export function marketingOutcomeOfError(
  err: unknown,
  send: SendAttempt,
  tuning: OutcomeTuning,
  now: number,
): FailureVerdict {
  const verdict = outcomeOfError(err, send, tuning, now);
  const code = marketingCode(err);
  if (code === null) return verdict;
  const answer = marketingAnswer(code);
  const reason = answer ? MARKETING_REASONS[answer] : undefined;
  if (verdict.stop && reason) return { ...verdict, stop: { ...verdict.stop, reason } };
  if (verdict.pathStop && reason)
    return {
      ...verdict,
      pathStop: { ...verdict.pathStop, reason },
      outcome: { ...verdict.outcome, errorMessage: reason },
    };
  // A stopped path's rows already carry its reason.
  if (verdict.pathStop || verdict.outcome.state !== 'failed') return verdict;
  const message = reason ?? `Meta refused the marketing message: ${(err as GraphError).message}`;
  return { ...verdict, outcome: { ...verdict.outcome, errorMessage: message } };
}
