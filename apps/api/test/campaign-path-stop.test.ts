// A send path Meta refuses for want of a permission stops that path, not the campaign (docs/campaigns.md
// "A refused path"): the `pathStop` of modules/campaigns/dispatch/outcome.ts, one case per answer.
import { describe, expect, it } from 'vitest';
import { GraphError, type GraphErrorKind } from '../src/graph/index.js';
import {
  marketingOutcomeOfError,
  outcomeOfError,
  type SendAttempt,
} from '../src/modules/campaigns/dispatch/outcome.js';
import {
  MARKETING_LOGIN_REASON,
  MARKETING_PERMISSION_REASON,
  marketingSetupReason,
  PERMISSION_REASON,
  TOKEN_INVALID_REASON,
  UTILITY_PERMISSION_REASON,
} from '../src/modules/campaigns/reasons.js';

const NOW = Date.UTC(2026, 10, 26, 12);
const tuning = { maxAttempts: 5, rateLimitPauseMs: 1000 };
const send = (messagingType: SendAttempt['messagingType']): SendAttempt => ({
  contactId: '00000000-0000-4000-8000-000000000001',
  messagingType,
  tag: null,
  attempts: 1,
});
const err = (kind: GraphErrorKind, code: number, subcode?: number) =>
  new GraphError({ kind, message: `(#${code}) refused`, code, ...(subcode ? { subcode } : {}) });

describe('a refused send path', () => {
  it.each([200, 3, 10])(
    'a utility send refused (#%i): the row fails with the reason, the utility path stops',
    (code) => {
      const v = outcomeOfError(err('permission', code), send('UTILITY'), tuning, NOW);
      expect(v.stop).toBeUndefined();
      expect(v.pathStop).toEqual({ path: 'utility', reason: UTILITY_PERMISSION_REASON });
      expect(v.outcome).toMatchObject({ state: 'failed', errorMessage: UTILITY_PERMISSION_REASON });
    },
  );

  it('a marketing send refused (#200): the marketing path stops', () => {
    const v = marketingOutcomeOfError(err('permission', 200), send('MARKETING'), tuning, NOW);
    expect(v.stop).toBeUndefined();
    expect(v.pathStop).toEqual({ path: 'marketing', reason: MARKETING_PERMISSION_REASON });
  });

  it("a marketing send whose user token is gone (190): the marketing path, not the page's token", () => {
    const v = marketingOutcomeOfError(err('token', 190, 460), send('MARKETING'), tuning, NOW);
    expect(v.stop).toBeUndefined();
    expect(v.pathStop).toEqual({ path: 'marketing', reason: MARKETING_LOGIN_REASON });
  });

  it('a standard send keeps stopping the campaign (its page token or permission is gone)', () => {
    expect(outcomeOfError(err('permission', 200), send('UPDATE'), tuning, NOW)).toMatchObject({
      stop: { reason: PERMISSION_REASON, token: false },
    });
    expect(outcomeOfError(err('token', 190), send('UTILITY'), tuning, NOW)).toMatchObject({
      stop: { reason: TOKEN_INVALID_REASON, token: true },
    });
  });

  it('a utility send refused for another reason (a closed window, a restriction) stops nothing', () => {
    expect(
      outcomeOfError(err('recipient', 10, 2018278), send('UTILITY'), tuning, NOW).pathStop,
    ).toBeUndefined();
    expect(outcomeOfError(err('permission', 368), send('UTILITY'), tuning, NOW).pathStop).toBe(
      undefined,
    );
  });

  // The permission range is (#200)-(#299), both ends in, its neighbours out (they stop the campaign).
  it.each([
    [199, false],
    [200, true],
    [299, true],
    [300, false],
  ])(
    'a utility send refused for permission (#%i) stops the utility path only: %s',
    (code, path) => {
      const v = outcomeOfError(err('permission', code), send('UTILITY'), tuning, NOW);
      if (path) {
        expect(v.pathStop).toEqual({ path: 'utility', reason: UTILITY_PERMISSION_REASON });
        expect(v.stop).toBeUndefined();
      } else {
        expect(v.pathStop).toBeUndefined();
        expect(v.stop).toEqual({ reason: PERMISSION_REASON, token: false, path: 'utility' });
      }
    },
  );

  it('a permission refusal without a code stops the campaign, not a path', () => {
    const v = outcomeOfError(
      new GraphError({ kind: 'permission', message: 'refused' }),
      send('UTILITY'),
      tuning,
      NOW,
    );
    expect(v.pathStop).toBeUndefined();
    expect(v.stop).toEqual({ reason: PERMISSION_REASON, token: false, path: 'utility' });
  });

  it("Marketing Messages' setup refusing a standard or utility send stops the campaign with its reason", () => {
    for (const type of ['UPDATE', 'UTILITY'] as const) {
      const told = new GraphError({
        kind: 'marketing',
        message: '(#2300013) refused',
        code: 2300013,
        meaning: 'The business has not accepted the terms.',
      });
      const v = outcomeOfError(told, send(type), tuning, NOW);
      expect(v.pathStop).toBeUndefined();
      expect(v.stop).toEqual({
        reason: marketingSetupReason('The business has not accepted the terms.'),
        token: false,
        path: type === 'UTILITY' ? 'utility' : 'standard',
      });
      expect(v.outcome).toMatchObject({ state: 'queued', attemptsDelta: -1 });
      // Without Meta's meaning, its message.
      const bare = new GraphError({ kind: 'marketing', message: '(#2300013) refused' });
      expect(outcomeOfError(bare, send(type), tuning, NOW).stop?.reason).toBe(
        marketingSetupReason('(#2300013) refused'),
      );
    }
  });
});
