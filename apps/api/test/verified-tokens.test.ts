// The per-app memory of verified JWTs (auth/verified-tokens.ts): a token is verified once, never answered
// past its exp, failures are never kept, and the token is read from a request as @fastify/jwt reads it.
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@pagecast/contract';
import { describe, expect, it } from 'vitest';
import type { JwtClaims } from '../src/auth/jwt.js';
import { requestToken, verifiedTokens } from '../src/auth/verified-tokens.js';

const EXP_S = 2_000_000_000;

/** A verifier that accepts tokens starting with "ok" until EXP_S, and counts its calls. */
function fakeVerify(clock: { now: number }) {
  const verify = (token: string): JwtClaims => {
    verify.calls++;
    if (!token.startsWith('ok'))
      throw Object.assign(new Error('bad'), { code: 'FAST_JWT_MALFORMED' });
    if (clock.now >= EXP_S * 1000)
      throw Object.assign(new Error('expired'), { code: 'FAST_JWT_EXPIRED' });
    return { sub: token, uid: 'u', role: 'admin', sid: 's', exp: EXP_S };
  };
  verify.calls = 0;
  return verify;
}

describe('verifiedTokens', () => {
  it('verifies a token once, then answers its claims by its text', () => {
    const clock = { now: EXP_S * 1000 - 60_000 };
    const verify = fakeVerify(clock);
    const tokens = verifiedTokens(verify, { now: () => clock.now });
    expect(tokens.claims('ok-1').sub).toBe('ok-1');
    expect(tokens.claims('ok-1').sub).toBe('ok-1');
    expect(verify.calls).toBe(1);
    expect(tokens.claims('ok-2').sub).toBe('ok-2');
    expect(verify.calls).toBe(2);
  });

  it('never answers a token past its exp: it is verified again, which refuses it', () => {
    const clock = { now: EXP_S * 1000 - 1 };
    const verify = fakeVerify(clock);
    const tokens = verifiedTokens(verify, { now: () => clock.now });
    tokens.claims('ok-1');
    clock.now = EXP_S * 1000;
    expect(() => tokens.claims('ok-1')).toThrow(
      expect.objectContaining({ code: 'FAST_JWT_EXPIRED' }),
    );
    expect(verify.calls).toBe(2);
    expect(tokens.size).toBe(0);
  });

  it('keeps no failure: a refused token is checked every time', () => {
    const clock = { now: 0 };
    const verify = fakeVerify(clock);
    const tokens = verifiedTokens(verify, { now: () => clock.now });
    expect(() => tokens.claims('forged')).toThrow('bad');
    expect(() => tokens.claims('forged')).toThrow('bad');
    expect(verify.calls).toBe(2);
    expect(tokens.size).toBe(0);
  });

  it('keeps at most `max` tokens, the first verified going first', () => {
    const clock = { now: 0 };
    const verify = fakeVerify(clock);
    const tokens = verifiedTokens(verify, { max: 2, now: () => clock.now });
    tokens.claims('ok-1');
    tokens.claims('ok-2');
    tokens.claims('ok-3');
    expect(tokens.size).toBe(2);
    tokens.claims('ok-3');
    tokens.claims('ok-2');
    expect(verify.calls).toBe(3);
    tokens.claims('ok-1');
    expect(verify.calls).toBe(4);
  });
});

describe('requestToken', () => {
  const request = (authorization?: string, cookie?: string) =>
    ({
      headers: authorization === undefined ? {} : { authorization },
      cookies: cookie === undefined ? {} : { [SESSION_COOKIE]: cookie },
    }) as unknown as FastifyRequest;

  it('reads "Bearer <token>", else the session cookie', () => {
    expect(requestToken(request('Bearer abc'))).toBe('abc');
    expect(requestToken(request('bearer abc', 'from-cookie'))).toBe('abc');
    expect(requestToken(request(undefined, 'from-cookie'))).toBe('from-cookie');
    expect(requestToken(request('Basic abc', 'from-cookie'))).toBe('from-cookie');
    expect(requestToken(request())).toBeUndefined();
  });

  it('reads nothing from a malformed Bearer header, even beside a cookie (as @fastify/jwt)', () => {
    expect(requestToken(request('Bearer a b', 'from-cookie'))).toBeUndefined();
    expect(requestToken(request('Bearer ', 'from-cookie'))).toBeUndefined();
    expect(requestToken(request('Bearer\tabc'))).toBeUndefined();
  });
});
