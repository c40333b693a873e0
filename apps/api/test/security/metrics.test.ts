// GET /metrics (process and per-route figures) is for the operator: a bearer token when METRICS_TOKEN is
// set, open in development without one, not served in production without one.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

// Random, as production insists (hex: never ends in the `x` the wrong-token case puts there).
const TOKEN = randomBytes(16).toString('hex');
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('/metrics', () => {
  it('with METRICS_TOKEN: 401 without the bearer token or with a wrong one, 200 with it', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Metrics need the METRICS_TOKEN bearer token' });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds');
  });

  it('in production without METRICS_TOKEN it is not served at all', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('process_cpu');
  });

  it('in production with METRICS_TOKEN it answers the token holder only', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', METRICS_TOKEN: TOKEN } });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
  });
});
