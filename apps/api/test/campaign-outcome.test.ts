// The Graph error -> recipient outcome mapping of campaign dispatch (modules/campaigns/dispatch/outcome.ts), one case
// per kind of answer the Send API gives.
import { describe, expect, it } from 'vitest';
import { classifyResponse, GraphError, type GraphErrorKind } from '../src/graph/index.js';
import {
  marketingCode,
  marketingOutcomeOfError,
  notSentOutcome,
  outcomeOfError,
  pathOf,
  requeuedOutcome,
  sentOutcome,
  skippedOutcome,
  type SendAttempt,
} from '../src/modules/campaigns/dispatch/outcome.js';
import {
  MARKETING_BUDGET_REASON,
  MARKETING_COOLDOWN_REASON,
  MARKETING_FREQUENCY_REASON,
  MARKETING_NOT_READY_REASON,
  MARKETING_OPTED_OUT_REASON,
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
} from '../src/modules/campaigns/reasons.js';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const tuning = { maxAttempts: 5, rateLimitPauseMs: 1000 };
const send = (
  attempts = 1,
  messagingType: SendAttempt['messagingType'] = 'UPDATE',
): SendAttempt => ({
  contactId: '00000000-0000-4000-8000-000000000001',
  messagingType,
  tag: null,
  attempts,
});
/** The error the Graph client throws for Meta's answer `{code, error_subcode}` (the table decides its kind). */
const answered = (code: number, subcode?: number, extra: Record<string, unknown> = {}) =>
  classifyResponse(
    400,
    { error: { code, error_subcode: subcode, message: `(#${code}) Meta says no`, ...extra } },
    {},
  );
const graphError = (
  kind: GraphErrorKind,
  extra: { code?: number; subcode?: number; retryAfterMs?: number } = {},
) => new GraphError({ kind, message: `platform says ${kind}`, ...extra });

describe('campaign send outcomes', () => {
  it('a sent message keeps its id and send time and counts as an attempt', () => {
    const at = new Date(NOW);
    expect(sentOutcome(send(), 'm_1', at)).toMatchObject({
      state: 'sent',
      messageId: 'm_1',
      sentAt: at,
      messagingType: 'UPDATE',
      attemptsDelta: 0,
    });
  });

  it('a rate limit re-queues the row after the retry time, not as an attempt, and pauses the page', () => {
    const v = outcomeOfError(
      graphError('rate_limit', { code: 613, retryAfterMs: 5000 }),
      send(),
      tuning,
      NOW,
    );
    expect(v.rateLimited).toBe(true);
    expect(v.stop).toBeUndefined();
    expect(v.outcome).toMatchObject({
      state: 'queued',
      attemptsDelta: -1,
      notBefore: new Date(NOW + 5000),
    });
  });

  it('a rate limit without a retry time waits the configured pause', () => {
    const v = outcomeOfError(graphError('rate_limit', { code: 613 }), send(), tuning, NOW);
    expect(v.outcome.notBefore).toEqual(new Date(NOW + 1000));
  });

  it('a temporary failure backs off exponentially, then fails for good after maxAttempts', () => {
    const first = outcomeOfError(
      graphError('transient', { code: 2 }),
      send(1),
      tuning,
      NOW,
    ).outcome;
    expect(first).toMatchObject({
      state: 'queued',
      attemptsDelta: 0,
      notBefore: new Date(NOW + 500),
    });
    const third = outcomeOfError(
      graphError('transient', { code: 2 }),
      send(3),
      tuning,
      NOW,
    ).outcome;
    expect(third.notBefore).toEqual(new Date(NOW + 2000));
    const last = outcomeOfError(graphError('transient', { code: 2 }), send(5), tuning, NOW).outcome;
    expect(last).toMatchObject({
      state: 'failed',
      errorCode: 2,
      errorMessage: 'platform says transient',
    });
  });

  it('the backoff never exceeds 30 s', () => {
    const v = outcomeOfError(
      graphError('transient'),
      send(12),
      { ...tuning, maxAttempts: 20 },
      NOW,
    );
    expect(v.outcome.notBefore).toEqual(new Date(NOW + 30_000));
  });

  it('a lost answer is flagged unknown (never re-sent)', () => {
    const v = outcomeOfError(graphError('unknown_outcome'), send(), tuning, NOW);
    expect(v.outcome).toMatchObject({ state: 'unknown', errorMessage: UNKNOWN_OUTCOME_MESSAGE });
    expect(v.unexpected).toBeUndefined();
  });

  it('a local failure that is not a platform answer is unknown and reported as unexpected', () => {
    const v = outcomeOfError(new TypeError('boom'), send(), tuning, NOW);
    expect(v.outcome).toMatchObject({
      state: 'unknown',
      errorCode: null,
      errorMessage: UNKNOWN_OUTCOME_MESSAGE,
    });
    expect(v.unexpected).toBe(true);
  });

  it('an invalid token stops the campaign, marks the token, and leaves the row unsent', () => {
    const v = outcomeOfError(graphError('token', { code: 190 }), send(), tuning, NOW);
    expect(v.stop).toEqual({ reason: TOKEN_INVALID_REASON, token: true, path: 'standard' });
    expect(v.outcome).toMatchObject({ state: 'queued', attemptsDelta: -1, notBefore: null });
  });

  it.each([
    [200, undefined],
    [230, undefined],
    [299, undefined],
    [10, undefined],
    [3, undefined],
  ] as const)(
    'a lost send permission (%s) stops the campaign without touching the token',
    (code, sub) => {
      const v = outcomeOfError(answered(code, sub), send(), tuning, NOW);
      expect(v.stop).toEqual({ reason: PERMISSION_REASON, token: false, path: 'standard' });
      expect(v.outcome).toMatchObject({ state: 'queued', attemptsDelta: -1, notBefore: null });
    },
  );

  it.each([
    [10, 1893063],
    [368, undefined],
    [10, 1404170],
  ] as const)('a page restriction (%s/%s) stops the campaign with its own reason', (code, sub) => {
    const v = outcomeOfError(answered(code, sub), send(), tuning, NOW);
    expect(v.stop).toEqual({ reason: PAGE_RESTRICTED_REASON, token: false, path: 'standard' });
    expect(v.outcome).toMatchObject({ state: 'queued', attemptsDelta: -1 });
    expect(v.rateLimited).toBeUndefined();
  });

  it('a stop names the path whose send was refused', () => {
    // A permission on a utility send stops only that path (pathStop); what stops the whole campaign from a
    // utility or marketing send (a dead page token, a restricted page) still names the path it came from.
    const utility = outcomeOfError(answered(190), send(1, 'UTILITY'), tuning, NOW);
    expect(utility.stop?.path).toBe('utility');
    const marketing = outcomeOfError(answered(368), send(1, 'MARKETING'), tuning, NOW);
    expect(marketing.stop?.path).toBe('marketing');
    expect(pathOf(send(1, 'RESPONSE'))).toBe('standard');
    expect(pathOf(send(1, 'MESSAGE_TAG'))).toBe('standard');
  });

  it.each([
    [200, 1545041, 'recipient'],
    [551, 1545041, 'recipient'],
    [10, 2018108, 'recipient'],
    [100, 2018001, 'recipient'],
    [10, 2018300, 'recipient'],
    [10, 2018278, 'window'],
    [10, 2534022, 'window'],
    [613, 2018338, 'policy'],
    [613, 1893016, 'policy'],
    [100, undefined, 'invalid'],
    [12345, undefined, 'unknown'],
  ] as const)("%s/%s (%s) fails this recipient only, with Meta's words", (code, sub, kind) => {
    const err = answered(code, sub);
    expect(err.kind).toBe(kind);
    const v = outcomeOfError(err, send(), tuning, NOW);
    expect(v.stop).toBeUndefined();
    expect(v.rateLimited).toBeUndefined();
    expect(v.unexpected).toBeUndefined();
    expect(v.outcome).toEqual({
      contactId: send().contactId,
      messagingType: 'UPDATE',
      tag: null,
      state: 'failed',
      messageId: null,
      errorCode: code,
      errorSubcode: sub ?? null,
      errorMessage: `(#${code}) Meta says no`,
      sentAt: null,
      notBefore: null,
      attemptsDelta: 0,
    });
  });

  it("template refusals read as next steps: 132001 refused, 132000 parameters, other codes in Meta's words", () => {
    const text = (code: number) =>
      outcomeOfError(answered(code), send(1, 'UTILITY'), tuning, NOW).outcome.errorMessage;
    expect(text(132001)).toBe(TEMPLATE_REFUSED_REASON);
    expect(text(132000)).toBe(TEMPLATE_PARAMS_REASON);
    expect(text(132002)).toBe('(#132002) Meta says no');
  });

  it('a temporary failure waits what Meta named, else backs off; the last attempt fails', () => {
    const named = outcomeOfError(answered(2300055, 2300055), send(2), tuning, NOW).outcome;
    expect(named).toMatchObject({
      state: 'queued',
      attemptsDelta: 0,
      notBefore: new Date(NOW + 1_800_000),
    });
    const backoff = (attempts: number) =>
      outcomeOfError(
        graphError('transient', { code: 1200 }),
        send(attempts),
        { ...tuning, maxAttempts: 20 },
        NOW,
      ).outcome.notBefore;
    expect(backoff(1)).toEqual(new Date(NOW + 500));
    expect(backoff(2)).toEqual(new Date(NOW + 1000));
    expect(backoff(6)).toEqual(new Date(NOW + 16_000));
    expect(backoff(7)).toEqual(new Date(NOW + 30_000));
    expect(outcomeOfError(answered(1200), send(4), tuning, NOW).outcome.state).toBe('queued');
    expect(outcomeOfError(answered(1200), send(5), tuning, NOW).outcome.state).toBe('failed');
    expect(outcomeOfError(answered(1200), send(6), tuning, NOW).outcome.state).toBe('failed');
  });

  it('a row never sent and a re-queued row do not count as attempts', () => {
    expect(notSentOutcome('c')).toMatchObject({
      state: 'queued',
      attemptsDelta: -1,
      messagingType: null,
    });
    expect(requeuedOutcome(send(), 0, -1, NOW)).toMatchObject({
      notBefore: null,
      messagingType: 'UPDATE',
    });
  });

  it('a skipped row is final, never an attempt, and keeps its reason', () => {
    expect(skippedOutcome('c', 'outside_window')).toEqual({
      contactId: 'c',
      messagingType: null,
      tag: null,
      messageId: null,
      errorCode: null,
      errorSubcode: null,
      errorMessage: null,
      sentAt: null,
      notBefore: null,
      state: 'skipped',
      attemptsDelta: -1,
      skipReason: 'outside_window',
    });
  });
});

describe('marketing send outcomes (23000xx)', () => {
  const mm = (attempts = 1) => send(attempts, 'MARKETING');
  const verdict = (err: unknown, attempts = 1) =>
    marketingOutcomeOfError(err, mm(attempts), tuning, NOW);

  it.each([
    [2300034, MARKETING_OPTED_OUT_REASON],
    [2300035, MARKETING_COOLDOWN_REASON],
    [2300036, MARKETING_UNAVAILABLE_REASON],
    [2300052, MARKETING_UNAVAILABLE_REASON],
    [2300042, MARKETING_FREQUENCY_REASON],
    [2300043, MARKETING_FREQUENCY_REASON],
    [2300044, MARKETING_FREQUENCY_REASON],
    [2300032, MARKETING_REGION_REASON],
    [2300004, MARKETING_TOKEN_REASON],
    [2300005, MARKETING_TOKEN_REASON],
    [2300037, MARKETING_TOKEN_REASON],
    [2300038, null],
    [2300001, null],
    [2399999, null],
  ] as const)('%s fails this subscriber with its reason', (code, reason) => {
    for (const err of [answered(code, code), answered(100, code), answered(code)]) {
      const v = verdict(err);
      expect(v.stop).toBeUndefined();
      expect(v.outcome).toMatchObject({
        state: 'failed',
        errorMessage: reason ?? `Meta refused the marketing message: ${err.message}`,
        messagingType: 'MARKETING',
        attemptsDelta: 0,
      });
    }
  });

  it.each([
    [2300015, MARKETING_BUDGET_REASON],
    [2300017, MARKETING_BUDGET_REASON],
    [2300053, MARKETING_BUDGET_REASON],
    [2300054, MARKETING_BUDGET_REASON],
    [2300056, MARKETING_BUDGET_REASON],
    [2300058, MARKETING_BUDGET_REASON],
    [2300059, MARKETING_BUDGET_REASON],
    [2300030, MARKETING_REGION_REASON],
    [2300031, MARKETING_REGION_REASON],
    [2300013, marketingSetupReason('The business has not accepted the Marketing Messages terms.')],
    [2300019, marketingSetupReason('The app has not accepted the Marketing Messages terms.')],
    [2300011, marketingSetupReason('The ad account has no payment method.')],
    [2300039, marketingSetupReason('Lack of the permission for the page.')],
    [2300040, marketingSetupReason('Marketing messages are not available for this page.')],
    [
      2300066,
      marketingSetupReason(
        'The Page or the ad account has not signed the Marketing Messages terms.',
      ),
    ],
    [
      2300069,
      marketingSetupReason(
        'The Page or the ad account has not signed the Marketing Messages terms.',
      ),
    ],
  ] as const)(
    '%s stops the marketing path only: the setup refuses every marketing send',
    (code, reason) => {
      const v = verdict(answered(code, code));
      expect(v.stop).toBeUndefined();
      expect(v.pathStop).toEqual({ path: 'marketing', reason });
      expect(v.outcome).toMatchObject({ state: 'failed', errorMessage: reason });
    },
  );

  it('the setup reason says what Meta said and what to do', () => {
    expect(marketingSetupReason('No payment method.')).toBe(
      'Meta refused marketing messages for this page: No payment method. Fix it in Meta Business Suite or Ads Manager, then schedule again.',
    );
    const bare = new GraphError({ kind: 'marketing', message: 'raw words', code: 2300099 });
    expect(verdict(bare).pathStop?.reason).toBe(marketingSetupReason('raw words'));
  });

  it.each([
    [2300028, 3_600_000, MARKETING_RETRY_LATER_REASON],
    [2300055, 1_800_000, MARKETING_RETRY_LATER_REASON],
    [2300057, 1_800_000, MARKETING_RETRY_LATER_REASON],
    [2300060, 1_800_000, MARKETING_RETRY_LATER_REASON],
    [2300061, 1_800_000, MARKETING_RETRY_LATER_REASON],
    [2300062, 1_800_000, MARKETING_RETRY_LATER_REASON],
    [2300063, 1_800_000, MARKETING_RETRY_LATER_REASON],
    [2300000, 60_000, MARKETING_NOT_READY_REASON],
    [2300002, 60_000, MARKETING_NOT_READY_REASON],
    [2300003, 60_000, MARKETING_NOT_READY_REASON],
    [2300012, 60_000, MARKETING_NOT_READY_REASON],
    [2300041, 60_000, MARKETING_NOT_READY_REASON],
  ] as const)(
    '%s is tried again after %s ms (not a final failure) until the last attempt',
    (code, wait, reason) => {
      expect(verdict(answered(code, code), 4)).toEqual({
        outcome: expect.objectContaining({
          state: 'queued',
          attemptsDelta: 0,
          notBefore: new Date(NOW + wait),
          errorMessage: null,
        }),
      });
      // Meta's own remaining time wins.
      const paced = answered(code, code, { error_data: { remaining_seconds: 42 } });
      expect(verdict(paced).outcome.notBefore).toEqual(new Date(NOW + 42_000));
      expect(verdict(answered(code, code), 5).outcome).toMatchObject({
        state: 'failed',
        errorMessage: reason,
      });
    },
  );

  it('the send rate limit (2300078) re-queues after remaining_seconds and pauses the page', () => {
    const v = verdict(answered(2300078, 2300078, { error_data: { remaining_seconds: 5 } }));
    expect(v).toEqual({
      outcome: expect.objectContaining({
        state: 'queued',
        attemptsDelta: -1,
        notBefore: new Date(NOW + 5000),
      }),
      rateLimited: true,
    });
  });

  it("an answer without a 23000xx code is decided as any send's", () => {
    for (const err of [answered(551, 1545041), answered(190), answered(1200), new TypeError('x')])
      expect(verdict(err)).toEqual(outcomeOfError(err, mm(), tuning, NOW));
    expect(verdict(answered(200, 1545041)).outcome.errorMessage).toBe('(#200) Meta says no');
  });

  it('marketingCode reads the 23000xx code from the code, else the subcode', () => {
    expect(marketingCode(answered(2300034, 100))).toBe(2300034);
    expect(marketingCode(answered(100, 2300034))).toBe(2300034);
    expect(marketingCode(answered(2300034, 2300035))).toBe(2300034);
    expect(marketingCode(answered(100, 33))).toBeNull();
    expect(marketingCode(new GraphError({ kind: 'unknown', message: 'x' }))).toBeNull();
    expect(marketingCode(new Error('x'))).toBeNull();
    // Only the Graph client's errors carry Meta's codes: anything else shaped like one has none.
    expect(marketingCode({ code: 2300034, subcode: 2300034 })).toBeNull();
    expect(marketingCode(null)).toBeNull();
  });

  it('a campaign stopped by a marketing send takes the text of its 23000xx answer', () => {
    // A restriction answered with a marketing subcode (budget): the campaign stops with the budget's text.
    const err = new GraphError({
      kind: 'page_restricted',
      message: '(#368) blocked',
      code: 368,
      subcode: 2300015,
    });
    const v = marketingOutcomeOfError(err, mm(), tuning, NOW);
    expect(v.stop).toEqual({ reason: MARKETING_BUDGET_REASON, token: false, path: 'marketing' });
    expect(v.outcome).toMatchObject({ state: 'queued', attemptsDelta: -1 });
    // Without a reason of its own (an unlisted 23000xx code), the stop keeps the restriction's.
    const other = new GraphError({
      ...err,
      kind: 'page_restricted',
      message: 'x',
      subcode: 2300099,
    });
    expect(marketingOutcomeOfError(other, mm(), tuning, NOW).stop?.reason).toBe(
      PAGE_RESTRICTED_REASON,
    );
  });
});
