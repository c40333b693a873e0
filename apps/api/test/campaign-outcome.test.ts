// The Graph error -> recipient outcome mapping of campaign dispatch (jobs/campaigns/outcome.ts), one case
// per kind of answer the Send API gives.
import { describe, expect, it } from 'vitest';
import { GraphError, type GraphErrorKind } from '../src/graph/index.js';
import {
  notSentOutcome,
  outcomeOfError,
  requeuedOutcome,
  sentOutcome,
  type SendAttempt,
} from '../src/jobs/campaigns/outcome.js';
import {
  PERMISSION_REASON,
  TOKEN_INVALID_REASON,
  UNKNOWN_OUTCOME_MESSAGE,
} from '../src/modules/campaigns/reasons.js';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const tuning = { maxAttempts: 5, rateLimitPauseMs: 1000 };
const send = (attempts = 1): SendAttempt => ({
  contactId: '00000000-0000-4000-8000-000000000001',
  messagingType: 'UPDATE',
  tag: null,
  attempts,
});
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
    expect(v.stop).toEqual({ reason: TOKEN_INVALID_REASON, token: true });
    expect(v.outcome).toMatchObject({ state: 'queued', attemptsDelta: -1, notBefore: null });
  });

  it('a lost send permission (200-299) stops the campaign without touching the token', () => {
    const v = outcomeOfError(graphError('permission', { code: 230 }), send(), tuning, NOW);
    expect(v.stop).toEqual({ reason: PERMISSION_REASON, token: false });
    expect(v.outcome.state).toBe('queued');
  });

  it('another permission error fails this recipient only', () => {
    const v = outcomeOfError(graphError('permission', { code: 10 }), send(), tuning, NOW);
    expect(v.stop).toBeUndefined();
    expect(v.outcome).toMatchObject({ state: 'failed', errorCode: 10 });
  });

  it.each(['recipient', 'invalid', 'unknown'] as const)(
    'a %s error is a definite refusal',
    (kind) => {
      const v = outcomeOfError(
        graphError(kind, { code: 551, subcode: 1545041 }),
        send(),
        tuning,
        NOW,
      );
      expect(v.stop).toBeUndefined();
      expect(v.rateLimited).toBeUndefined();
      expect(v.outcome).toMatchObject({
        state: 'failed',
        errorCode: 551,
        errorSubcode: 1545041,
        attemptsDelta: 0,
      });
    },
  );

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
});
