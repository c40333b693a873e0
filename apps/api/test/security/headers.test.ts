// Security headers, CORS, rate limits of the sign-in and deletion routes, request body size limit.
import { contract, listRoutes } from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders } from '../../src/http/security-headers.js';
import { rateLimitMessage } from '../../src/modules/shared/route-guard.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let prod: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  prod = await createTestApp({
    env: { NODE_ENV: 'production', WEB_ORIGIN: 'https://app.example', LOG_LEVEL: 'silent' },
  });
});

afterAll(async () => {
  await t?.close();
  await prod?.close();
});

describe('security headers', () => {
  it.each(['/healthz', '/api/v1/pages', '/api/v1/no-such-route'])(
    '%s carries the helmet headers',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
      // HSTS only over TLS, i.e. in production.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('refuses at startup a CSP directive computed per request (the headers are computed once)', () => {
    const nonce = () => "'nonce-abc'";
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", nonce] } } }),
    ).toThrow('CSP directives must be static');
    expect(
      helmetHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'"] } } })[
        'content-security-policy'
      ],
    ).toContain("script-src 'self'");
  });

  it('production adds Strict-Transport-Security', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("loads images and media only from Meta's CDN and the Graph origin, never any https host", async () => {
    const directive = (res: { headers: Record<string, unknown> }, name: string) =>
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1) ?? [];
    const inProd = await prod.app.inject({ method: 'GET', url: '/healthz' });
    for (const name of ['img-src', 'media-src']) {
      const sources = directive(inProd, name);
      expect(sources).toEqual(
        expect.arrayContaining(["'self'", 'https://*.fbcdn.net', 'https://*.fbsbx.com']),
      );
      expect(sources).not.toContain('https:');
    }
    // In development the emulator serves the media, from its own origin.
    const inDev = await t.app.inject({ method: 'GET', url: '/healthz' });
    const emulator = new URL(t.config.graphApiUrl ?? '').origin;
    for (const name of ['img-src', 'media-src']) {
      expect(directive(inDev, name)).toContain(emulator);
      expect(directive(inDev, name)).not.toContain('https:');
      expect(directive(inDev, name)).not.toContain('https://*.fbcdn.net');
    }
  });
});

describe('CORS', () => {
  const preflight = (app: TestApp, origin: string) =>
    app.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/pages',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });

  it('refuses another origin (preflight and simple request)', async () => {
    for (const app of [t, prod]) {
      const res = await preflight(app, 'https://evil.example');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const get = await app.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { origin: 'https://evil.example' },
      });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('allows WEB_ORIGIN', async () => {
    const res = await preflight(t, t.config.webOrigin);
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe(t.config.webOrigin);
    const prodRes = await preflight(prod, 'https://app.example');
    expect(prodRes.headers['access-control-allow-origin']).toBe('https://app.example');
  });
});

describe('rate limits', () => {
  const limited = listRoutes(contract).filter((r) => r.meta.rateLimitPerMinute);

  it('the sign-in, deletion, bulk and Graph-calling routes declare a limit and their 429', () => {
    expect(limited.map((r) => r.key).sort()).toEqual(
      expect.arrayContaining([
        'signIn.registerUserAdmin',
        'user.deleteUser',
        'user.deletionStatus',
        'system.dataDeletionCallback',
        // Each calls the Graph API, starts work that does, or changes many rows.
        'templates.refreshTemplates',
        'templates.createTemplate',
        'templates.deleteTemplate',
        'marketing.listAdAccounts',
        'marketing.connectMarketing',
        'marketing.disconnectMarketing',
        'marketing.askToSubscribe',
        'marketing.unsubscribe',
        'pages.syncPage',
        'user.addUsersByPage',
        'userTags.bulkUserTags',
      ]),
    );
    for (const r of limited.filter((l) => !l.route.path.startsWith('/api/webhooks')))
      expect(Object.keys(r.route.responses), r.key).toContain('429');
  });

  it.each(limited.map((r, i) => [r.key, r, i] as const))(
    '%s answers 429 with the error body after its limit',
    async (_key, route, i) => {
      const max = route.meta.rateLimitPerMinute ?? 0;
      const form = route.route.method === 'POST' && 'contentType' in route.route;
      const hasBody = route.route.method !== 'GET';
      // An admin route counts only signed-in requests (the guard answers 401 first, before any work).
      const auth = route.meta.auth === 'public' ? {} : await t.authHeader();
      // Invalid requests (bodies, or the path's `:param` placeholders): the limit counts every attempt, so
      // nothing reaches the Graph API.
      const send = (remoteAddress: string) =>
        t.app.inject({
          method: route.route.method as 'POST',
          url: route.route.path,
          remoteAddress,
          headers: {
            ...auth,
            ...(hasBody
              ? { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }
              : {}),
          },
          ...(hasBody ? { payload: form ? 'signed_request=' : '{}' } : {}),
        });
      const first = await send(`10.77.0.${i + 1}`);
      expect([400, 404], first.body).toContain(first.statusCode);
      for (let n = 1; n < max; n++) {
        const res = await send(`10.77.0.${i + 1}`);
        expect(res.statusCode, res.body).toBe(first.statusCode);
      }
      const res = await send(`10.77.0.${i + 1}`);
      expect(res.statusCode).toBe(429);
      // The wait as the plugin words it ("1 minute", "58 seconds").
      const wait = /wait (.+), then/.exec(res.json<{ message: string }>().message)?.[1] ?? '';
      expect(res.json<{ message: unknown }>().message).toBe(rateLimitMessage(wait));
      expect(wait).toMatch(/^\d+ (minute|second)s?$/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not affected.
      expect((await send(`10.78.0.${i + 1}`)).statusCode).toBe(first.statusCode);
    },
  );
});

describe('body size limit', () => {
  const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1), description: 'd', pageId: '1' });

  // Meta's signed deliveries may be larger (webhooks/router.ts#MAX_WEBHOOK_BYTES): 8 MiB there.
  const huge = JSON.stringify({ object: 'page', entry: [], pad: 'x'.repeat(8 * 1024 * 1024) });

  it.each([
    ['/api/v1/tags', 'application/json', big],
    ['/api/webhooks/messenger', 'application/json', huge],
    ['/api/v1/facebook/data-deletion', 'application/x-www-form-urlencoded', big],
  ])('POST %s over its limit -> 413 with the error body', async (url, contentType, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        ...(await t.authHeader()),
        'content-type': contentType,
        'x-hub-signature-256': 'sha256=00',
      },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });
});
