import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@pagecast/contract';
import { initClient } from '@ts-rest/core';
import net, { type AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { registerMetrics } from '../src/http/metrics.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createTestDatabase } from './helpers/db.js';
import { apiClient, bodyOf } from './support/client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('probes and metrics', () => {
  it('/healthz answers while the process is up', async () => {
    const res = await apiClient(t.app).system.healthz();
    expect(bodyOf(res, 200)).toEqual({ status: 'ok' });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('/readyz is ready on a migrated database', async () => {
    const res = await apiClient(t.app).system.readyz();
    expect(bodyOf(res, 200)).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true },
    });
  });

  it('/readyz answers 503 while migrations are not applied', async () => {
    const empty = await createTestDatabase({ migrated: false });
    const other = await createTestApp({ database: empty });
    try {
      const res = await apiClient(other.app).system.readyz();
      expect(bodyOf(res, 503)).toEqual({
        status: 'not_ready',
        checks: { database: true, migrations: false },
      });
    } finally {
      await other.close();
      await empty.drop();
    }
  });

  it('/metrics exposes the request histogram by route and status', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\}/,
    );
  });

  it('/metrics is a 404 in production without METRICS_TOKEN, not the web app fallback', async () => {
    const app = Fastify();
    // The SPA fallback answers every unknown GET with the page, as the built web app does.
    app.setNotFoundHandler((_request, reply) => reply.code(200).type('text/html').send('<html>'));
    registerMetrics(app, { metricsToken: undefined, isProduction: true });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /metrics not found' });
    await app.close();
  });

  it('echoes a sane x-request-id and generates one otherwise', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'no spaces!' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('errors', () => {
  it('unknown routes answer JSON 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/x?y=1',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /x not found' });
    const api = await t.app.inject({ method: 'POST', url: '/api/v1/nothing' });
    expect(api.json()).toEqual({ message: 'Route POST /api/v1/nothing not found' });
  });

  it('malformed JSON is a 400 with a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/delete-user',
      headers: { 'content-type': 'application/json' },
      payload: '{"userId":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('a body over 1 MB is a 413 with a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/delete-user',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userId: '1', accessToken: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });
});

describe('contract routes', () => {
  it('raw routes (webhook, SSE) are registered too, and the SSE one needs auth', async () => {
    // The handshake without our verify token is refused.
    const hook = await t.app.inject({ method: 'GET', url: '/api/webhooks/messenger' });
    expect(hook.statusCode).toBe(403);
    const events = await t.app.inject({ method: 'GET', url: '/api/v1/chats/123/events' });
    expect(events.statusCode).toBe(401);
  });

  it('a body that breaks a rule gets 400 with fieldErrors by field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tags',
      headers: await t.authHeader(),
      payload: { name: 'ab', description: 'A fine tag', pageId: '123' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Validation failed');
    expect(body.fieldErrors.name).toContain('Tag name must be at least 3 characters.');
  });

  it('path and query issues are reported under their names', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/campaigns/page/not-a-number?limit=0',
      headers: await t.authHeader(),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['limit', 'pageId']);
  });

  it('an anonymous caller gets 401 before any validation on a private route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tags',
      payload: { name: 'ab' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Authentication required' });
  });

  it('public routes validate without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/deletion-status/bad%20id' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.id).toEqual(['Invalid id']);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/facebook/deauthorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'signed_request=abc.def',
    });
    // Parsed as a form, then refused by the signature check: never a 5xx.
    expect([400, 401]).toContain(form.statusCode);
    expect(form.json()).toHaveProperty('message');
  });

  it("applies the contract's per-route rate limit to public sign-in routes only", async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/register-user-admin',
      payload: {},
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.headers['x-ratelimit-limit']).toBe('20');
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('works through the contract client over real HTTP', async () => {
    const server = await createTestApp();
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      const client = initClient(contract, {
        baseUrl: `http://127.0.0.1:${port}`,
        baseHeaders: await server.authHeader(),
      });
      const created = await client.tags.createTag({
        body: { name: 'ab', description: 'ok desc', pageId: '1' },
      });
      expect(created.status).toBe(400);
      const status = await client.user.deletionStatus({ params: { id: 'abc' } });
      expect(status.status).toBe(404);
      expect(status.body).toEqual({ message: 'No deletion request found for this user' });
    } finally {
      await server.close();
    }
  });
});

describe('docs', () => {
  it('serves the OpenAPI document generated from the contract and Swagger UI', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/api/v1/tags']).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('production serves the document but no Swagger UI, unless SWAGGER_UI_ENABLED', async () => {
    const off = await createTestApp({ env: { NODE_ENV: 'production' } });
    const on = await createTestApp({
      env: { NODE_ENV: 'production', SWAGGER_UI_ENABLED: 'true' },
      database: off.database,
    });
    try {
      for (const app of [off.app, on.app]) {
        const doc = await app.inject({ method: 'GET', url: '/api/openapi.json' });
        expect(doc.statusCode).toBe(200);
        expect(doc.json().paths['/api/v1/tags']).toBeDefined();
      }
      for (const url of [
        '/api/docs',
        '/api/docs/',
        '/api/docs/static/index.html',
        '/api/docs/json',
      ]) {
        const res = await off.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('application/json');
      }
      const ui = await on.app.inject({ method: 'GET', url: '/api/docs' });
      expect(ui.statusCode).toBe(200);
      expect(ui.headers['content-type']).toContain('text/html');
    } finally {
      await on.close();
      await off.close();
    }
  });
});

describe('web app', () => {
  it('serves WEB_DIST: SPA fallback for HTML navigations, long cache for hashed assets', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    const inline = 'window.theme = 1;';
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><script>${inline}</script><script type="module" src="/assets/app-abc123.js"></script><div id="root"></div>`,
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const web = await createTestApp({ env: { WEB_DIST: webDist } });
    try {
      const deep = await web.app.inject({
        method: 'GET',
        url: '/dashboard',
        headers: { accept: 'text/html' },
      });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('id="root"');
      expect(deep.headers['cache-control']).toBe('no-cache');
      // The inline script is allowed by its hash, not by 'unsafe-inline'.
      const hash = createHash('sha256').update(inline).digest('base64');
      expect(deep.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
      expect(deep.headers['content-security-policy']).not.toContain(
        "script-src 'self' 'unsafe-inline'",
      );
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const json = await web.app.inject({
        method: 'GET',
        url: '/dashboard',
        headers: { accept: 'application/json' },
      });
      expect(json.statusCode).toBe(404);
      // A client that takes anything (curl, link checkers) is served the page; a missing file stays 404.
      for (const accept of ['*/*', '']) {
        const any = await web.app.inject({
          method: 'GET',
          url: '/deletion-status/abc123',
          headers: { accept },
        });
        expect(any.statusCode, accept).toBe(200);
        expect(any.body).toContain('id="root"');
        const missing = await web.app.inject({
          method: 'GET',
          url: '/assets/missing-abc.js',
          headers: { accept },
        });
        expect(missing.statusCode, accept).toBe(404);
      }
      const api = await web.app.inject({
        method: 'GET',
        url: '/api/nope',
        headers: { accept: 'text/html' },
      });
      expect(api.json()).toEqual({ message: 'Route GET /api/nope not found' });
    } finally {
      await web.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });

  it("serves the public pages' prerendered HTML at their paths, and the SPA where a build has none", async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-web-'));
    fs.mkdirSync(path.join(webDist, 'pages'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(
      path.join(webDist, 'pages', 'index.html'),
      '<!doctype html><div id="root"><h1>Landing, prerendered</h1></div>',
    );
    fs.writeFileSync(
      path.join(webDist, 'pages', 'privacy-policy.html'),
      '<!doctype html><div id="root"><h1>Privacy, prerendered</h1></div>',
    );
    const web = await createTestApp({ env: { WEB_DIST: webDist } });
    try {
      const html = { accept: 'text/html', 'accept-encoding': 'identity' };
      const landing = await web.app.inject({ method: 'GET', url: '/', headers: html });
      expect(landing.statusCode).toBe(200);
      expect(landing.body).toContain('Landing, prerendered');
      expect(landing.headers['content-type']).toContain('text/html');
      expect(landing.headers['cache-control']).toBe('no-cache');
      const privacy = await web.app.inject({
        method: 'GET',
        url: '/privacy-policy',
        headers: html,
      });
      expect(privacy.body).toContain('Privacy, prerendered');
      // Whatever asks for it: a link checker or Meta's app review gets the page too.
      const any = await web.app.inject({ method: 'GET', url: '/privacy-policy' });
      expect(any.body).toContain('Privacy, prerendered');
      // No prerendered terms in this build: the SPA serves them.
      const terms = await web.app.inject({
        method: 'GET',
        url: '/terms-and-conditions',
        headers: html,
      });
      expect(terms.statusCode).toBe(200);
      expect(terms.body).toBe('<!doctype html><div id="root"></div>');
    } finally {
      await web.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('graceful close', () => {
  // Without the connection drain app.close() waited for these until the client let go (keep-alive: 72 s),
  // past the 15 s shutdown timeout: the API exited 1 without stopping its workers (found by the soak).
  it('ends connections that never sent a request and keep-alive ones whose answer was in flight', async () => {
    const app = await buildApp({ config: t.config, pool: t.database.pool });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    app.get('/test-slow', async () => {
      await held;
      return { done: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const spare = net.connect(port, '127.0.0.1');
    const spareClosed = new Promise<void>((resolve) => spare.once('close', () => resolve()));
    spare.on('error', () => {});
    await new Promise<void>((resolve) => spare.once('connect', () => resolve()));
    const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 1 });
    try {
      const slow = pool.request({ method: 'GET', path: '/test-slow' });
      await new Promise((r) => setTimeout(r, 100));
      const closed = app.close();
      await spareClosed; // closed by the server at once, without ever sending a request
      release();
      const res = await slow;
      expect(res.statusCode).toBe(200); // the answer in flight is not cut
      expect(await res.body.json()).toEqual({ done: true });
      await closed; // and its keep-alive connection does not hold the close open
    } finally {
      spare.destroy();
      await pool.destroy();
    }
  });
});
