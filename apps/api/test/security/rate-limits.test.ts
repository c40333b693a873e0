// The sign-in rate limit as an attacker meets it: a rotating X-Forwarded-For does not buy new addresses
// unless the request comes through a configured proxy, and the limit holds across API replicas (the
// counters live in Postgres).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

const SIGN_IN = '/api/v1/admin/register-user-admin';
const LIMIT = 20;

let one: TestApp;
let two: TestApp;
let behindProxy: TestApp;

beforeAll(async () => {
  one = await createTestApp();
  // A second replica on the same database, and one that trusts a proxy at 10.0.0.2.
  two = await createTestApp({ database: one.database });
  behindProxy = await createTestApp({
    database: one.database,
    env: { TRUSTED_PROXIES: '10.0.0.2' },
  });
});

afterAll(async () => {
  await behindProxy?.close();
  await two?.close();
  await one?.close();
});

/** An invalid sign-in (400 when let through): the limit counts every attempt. */
const attempt = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: SIGN_IN,
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: '{}',
  });

describe('sign-in rate limit', () => {
  it('a rotating X-Forwarded-For from a client that is not a trusted proxy changes nothing', async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= LIMIT; n++) {
      // A machine on the same private network (once trusted as if it were a proxy).
      statuses.push((await attempt(one, '192.168.1.50', `198.51.100.${n + 1}`)).statusCode);
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 400)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
  });

  it('holds across two API replicas: the counters are shared through Postgres', async () => {
    for (let n = 0; n < LIMIT; n++) {
      const t = n % 2 === 0 ? one : two;
      expect((await attempt(t, '203.0.113.8')).statusCode).toBe(400);
    }
    const res = await attempt(two, '203.0.113.8');
    expect(res.statusCode).toBe(429);
    expect(typeof res.json<{ message: unknown }>().message).toBe('string');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The same address on the other replica is limited too.
    expect((await attempt(one, '203.0.113.8')).statusCode).toBe(429);
  });

  it('behind a configured proxy each client is counted apart (its X-Forwarded-For is believed)', async () => {
    for (let n = 0; n < LIMIT; n++) {
      expect((await attempt(behindProxy, '10.0.0.2', '192.0.2.10')).statusCode).toBe(400);
    }
    expect((await attempt(behindProxy, '10.0.0.2', '192.0.2.10')).statusCode).toBe(429);
    expect((await attempt(behindProxy, '10.0.0.2', '192.0.2.11')).statusCode).toBe(400);
  });
});
