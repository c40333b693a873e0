// API keys (issue #43): made once and kept as a hash, refused once revoked on every API process, held to their
// scopes and pages, counted against their own limit, and following their admin's access on Facebook.
import { randomUUID } from 'node:crypto';
import { API_KEY_MESSAGES, type ApiKeyScope } from '@pagecast/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyHash } from '../src/auth/api-keys.js';
import { ROLE_MESSAGES } from '../src/auth/page-access.js';
import { inTransaction } from '../src/db/client.js';
import { createApiKey } from '../src/modules/api-keys/service.js';
import { linkAdminPages } from '../src/modules/sign-in/repo.js';
import type { RealtimeHub } from '../src/realtime/index.js';
import { sessionToken } from './helpers/app.js';
import type { TestDatabase } from './helpers/db.js';
import { twoApiProcesses, type ApiProcesses } from './support/api-processes.js';
import { apiClient, bodyOf } from './support/client.js';

let processes: ApiProcesses;
let database: TestDatabase;
let api1: FastifyInstance;
let api2: FastifyInstance;
let hub2: RealtimeHub;

beforeAll(async () => {
  processes = await twoApiProcesses({ env: { API_KEY_REQUESTS_PER_MINUTE: '40' } });
  ({ database, api1, api2, hub2 } = processes);
});

afterAll(async () => {
  await processes?.close();
});

let n = 0;
/** An admin signed in (a session JWT) who manages `pages` new pages with `tasks`. */
async function admin(pages = 2, tasks = ['MANAGE']) {
  const adminId = randomUUID();
  const userId = String(5_000_000_000_000 + ++n);
  const fbPageIds = Array.from({ length: pages }, (_, i) => String(6_000_000_000_000 + n * 10 + i));
  const jwt = await sessionToken(api1, database.pool, { adminId, userId, role: 'admin' });
  const link = (ids: string[], t = tasks) =>
    inTransaction(database.pool, (tx) =>
      linkAdminPages(
        tx,
        adminId,
        ids.map((fbPageId) => ({
          fbPageId,
          name: `Page ${fbPageId}`,
          profilePicture: null,
          category: null,
          pageTokenEnc: null,
          tasks: t,
        })),
      ),
    );
  await link(fbPageIds);
  // Each admin from an address of their own: the key routes' per-address limit counts one admin's calls.
  const session = (app = api1) =>
    apiClient(app, { authorization: `Bearer ${jwt}` }, { remoteAddress: `10.9.${n % 250}.7` });
  async function newKey(body: {
    pageIds: 'all' | string[];
    scopes?: ApiKeyScope[];
    expiresAt?: string;
  }) {
    const made = bodyOf(
      await session().apiKeys.createApiKey({ body: { name: 'CRM sync', ...body } }),
      201,
    );
    const as = (app = api1) => apiClient(app, { authorization: `Bearer ${made.key}` });
    return { ...made, as };
  }
  return { adminId, fbPageIds, session, newKey, link };
}

const recipients = (client: ReturnType<typeof apiClient>, pageId: string) =>
  client.inbox.getRecipients({ params: { pageId }, query: {} });

/** Resolves when the second process hears the end of `sessionId` (a revoked key's id). */
const heardEndBy2 = (sessionId: string) =>
  new Promise<void>((resolve) => {
    const off = hub2.onSessionEnded((ended) => {
      if (ended.sessionId !== sessionId) return;
      off();
      resolve();
    });
  });

describe('making and listing keys', () => {
  it('shows the key once, keeps only its hash, and lists it by prefix with its grant', async () => {
    const a = await admin();
    const made = await a.newKey({ pageIds: [a.fbPageIds[0] as string] });
    expect(made.key).toMatch(/^pck_[A-Za-z0-9_-]{43}$/);
    expect(made.apiKey).toMatchObject({
      name: 'CRM sync',
      prefix: made.key.slice(0, 12),
      scopes: ['read'],
      pageIds: [a.fbPageIds[0]],
      expiresAt: null,
      lastUsedAt: null,
      status: 'active',
    });
    const { rows } = await database.pool.query(
      `select key_hash, prefix from api_keys where id = $1`,
      [made.apiKey.id],
    );
    expect(rows).toEqual([{ key_hash: apiKeyHash(made.key), prefix: made.key.slice(0, 12) }]);
    const row = JSON.stringify(
      (await database.pool.query(`select * from api_keys where id = $1`, [made.apiKey.id])).rows,
    );
    expect(row).not.toContain(made.key);
    const listed = bodyOf(await a.session().apiKeys.listApiKeys(), 200);
    expect(listed).toEqual([made.apiKey]);
    expect(JSON.stringify(listed)).not.toContain(made.key);
  });

  it('records the last use, its time and address, once a minute', async () => {
    const a = await admin();
    const made = await a.newKey({ pageIds: 'all' });
    bodyOf(await recipients(made.as(), a.fbPageIds[0] as string), 200);
    await expect
      .poll(
        async () =>
          (
            await database.pool.query(
              `select last_used_at, last_used_ip from api_keys where id = $1`,
              [made.apiKey.id],
            )
          ).rows[0],
      )
      .toEqual({ last_used_at: expect.any(Date), last_used_ip: '127.0.0.1' });
  });

  it('refuses pages the admin does not manage, no scope, a past expiry, and changes nothing', async () => {
    const a = await admin(1);
    const b = await admin(1);
    const foreign = await a.session().apiKeys.createApiKey({
      body: { name: 'x', pageIds: [b.fbPageIds[0] as string], scopes: ['read'] },
    });
    expect(bodyOf(foreign, 400)).toEqual({
      message: API_KEY_MESSAGES.pageNotManaged,
      fieldErrors: { 'pageIds.0': [API_KEY_MESSAGES.pageNotManaged] },
    });
    const noScope = await a.session().apiKeys.createApiKey({
      body: { name: 'x', pageIds: 'all', scopes: [] },
    });
    expect(bodyOf(noScope, 400).fieldErrors).toEqual({ scopes: [API_KEY_MESSAGES.scopesRequired] });
    const past = await a.session().apiKeys.createApiKey({
      body: { name: 'x', pageIds: 'all', expiresAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(bodyOf(past, 400).fieldErrors).toEqual({ expiresAt: [API_KEY_MESSAGES.expiryPast] });
    expect(bodyOf(await a.session().apiKeys.listApiKeys(), 200)).toEqual([]);
  });

  it('holds an admin to their number of keys, however many are made at once', async () => {
    const a = await admin(1);
    for (let i = 0; i < 20; i++)
      await createApiKey(database.pool, a.adminId, {
        name: `k${i}`,
        pageIds: 'all',
        scopes: ['read'],
      });
    const tries = await Promise.all(
      Array.from({ length: 10 }, () =>
        a.session().apiKeys.createApiKey({ body: { name: 'many', pageIds: 'all' } }),
      ),
    );
    expect(tries.filter((t) => t.status === 201)).toHaveLength(5);
    expect(tries.filter((t) => t.status === 409).map((t) => t.body)).toEqual(
      Array(5).fill({ message: API_KEY_MESSAGES.tooMany }),
    );
  });

  it('an expired key is refused like an unknown one', async () => {
    const a = await admin(1);
    const made = await a.newKey({
      pageIds: 'all',
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    bodyOf(await recipients(made.as(), a.fbPageIds[0] as string), 200);
    await new Promise((r) => setTimeout(r, 1600));
    // Its expiry is checked on every request, the cached answer's too.
    expect(bodyOf(await recipients(made.as(), a.fbPageIds[0] as string), 401)).toEqual({
      message: API_KEY_MESSAGES.refused,
    });
    expect(bodyOf(await a.session().apiKeys.listApiKeys(), 200)[0]?.status).toBe('expired');
    const forged = apiClient(api1, { authorization: `Bearer pck_${'A'.repeat(43)}` });
    expect(bodyOf(await recipients(forged, a.fbPageIds[0] as string), 401)).toEqual({
      message: API_KEY_MESSAGES.refused,
    });
  });
});

describe('what a key may call', () => {
  it('works on its page, is 404 on another, 403 naming the scope it lacks', async () => {
    const a = await admin(2);
    const other = await admin(1);
    const [mine, notGiven] = a.fbPageIds as [string, string];
    const key = await a.newKey({ pageIds: [mine] });
    bodyOf(await recipients(key.as(), mine), 200);
    // A page of the admin the key was not given, and another admin's page: both unknown.
    expect(bodyOf(await recipients(key.as(), notGiven), 404)).toEqual({
      message: 'Page not found',
    });
    expect(bodyOf(await recipients(key.as(), other.fbPageIds[0] as string), 404)).toEqual({
      message: 'Page not found',
    });
    const send = await key.as().inbox.sendMessage({
      params: { pageId: mine, userId: '123' },
      body: { message: 'hello' },
    });
    expect(bodyOf(send, 403)).toEqual({ message: API_KEY_MESSAGES.missingScope('inbox:send') });
    // The page list shows only the key's pages.
    expect(bodyOf(await key.as().pages.listPages(), 200).map((p) => p.pageId)).toEqual([mine]);
  });

  it('a page named in the body, or through its entity, is held to the key’s pages', async () => {
    const a = await admin(2);
    const [mine, notGiven] = a.fbPageIds as [string, string];
    const tagOnOther = bodyOf(
      await a.session().tags.createTag({
        body: { pageId: notGiven, name: 'VIP buyers', description: 'Bought twice' },
      }),
      201,
    ).tag;
    const key = await a.newKey({ pageIds: [mine], scopes: ['read', 'tags:write'] });
    const create = await key.as().tags.createTag({
      body: { pageId: notGiven, name: 'Spring', description: 'Spring sale' },
    });
    expect(bodyOf(create, 404)).toEqual({ message: 'Page not found' });
    const rename = await key.as().tags.updateTag({
      params: { id: tagOnOther.id },
      body: { name: 'Renamed', description: 'Renamed tag' },
    });
    expect(bodyOf(rename, 404)).toEqual({ message: 'Tag not found' });
    bodyOf(
      await key.as().tags.createTag({
        body: { pageId: mine, name: 'Spring', description: 'Spring sale' },
      }),
      201,
    );
    const tags = await database.pool.query(`select name from tags order by name`);
    expect(tags.rows.map((r) => r.name)).not.toContain('Renamed');
  });

  it('never manages keys or sessions, nor calls an operator route', async () => {
    const a = await admin(1);
    const key = await a.newKey({
      pageIds: 'all',
      scopes: ['read', 'inbox:send', 'tags:write', 'campaigns:write'],
    });
    const refusals = [
      await key.as().apiKeys.listApiKeys(),
      await key.as().apiKeys.createApiKey({ body: { name: 'more', pageIds: 'all' } }),
      await key.as().apiKeys.revokeApiKey({ params: { keyId: key.apiKey.id } }),
      await key.as().sessions.list(),
      await key.as().sessions.logout(),
      await key.as().account.updateSettings({ body: { timeZone: 'Europe/Paris' } }),
      await key.as().operator.endUserSessions({ params: { id: '1' } }),
    ];
    for (const r of refusals)
      expect(r.status === 403 && r.body).toEqual({ message: API_KEY_MESSAGES.sessionOnly });
    expect(bodyOf(await a.session().apiKeys.listApiKeys(), 200)).toHaveLength(1);
  });

  it('follows its admin’s role on the page, as their sessions do', async () => {
    const a = await admin(1, ['MESSAGING']);
    const page = a.fbPageIds[0] as string;
    const key = await a.newKey({ pageIds: 'all' });
    bodyOf(await recipients(key.as(), page), 200);
    // The page access re-check (or a sign-in) rewrites the role, with its NOTIFY.
    await a.link([page], ['ANALYZE']);
    expect(bodyOf(await recipients(key.as(), page), 403)).toEqual({
      message: ROLE_MESSAGES.messaging,
    });
    await inTransaction(database.pool, (tx) => linkAdminPages(tx, a.adminId, []));
    expect(bodyOf(await recipients(key.as(), page), 404)).toEqual({ message: 'Page not found' });
  });

  it('is paused while Facebook refuses its admin’s sign-in, and works again after it', async () => {
    const a = await admin(1);
    const page = a.fbPageIds[0] as string;
    const key = await a.newKey({ pageIds: 'all' });
    bodyOf(await recipients(key.as(), page), 200);
    await database.pool.query(`update admins set token_status = 'invalid' where id = $1`, [
      a.adminId,
    ]);
    // What the refusal also does (modules/sessions endSessions): the admin-wide end drops cached keys.
    await database.pool.query(`select pg_notify('pagecast_sessions', $1)`, [
      JSON.stringify({ adminId: a.adminId, reason: 'token_refused' }),
    ]);
    await expect
      .poll(async () => (await recipients(key.as(), page)).body)
      .toEqual({ message: API_KEY_MESSAGES.suspended });
    await database.pool.query(`update admins set token_status = 'valid' where id = $1`, [
      a.adminId,
    ]);
    bodyOf(await recipients(key.as(), page), 200);
  });
});

describe('revoking a key', () => {
  it('is refused at once here and, once its NOTIFY arrives (well under a second), on the other process', async () => {
    const a = await admin(1);
    const page = a.fbPageIds[0] as string;
    const key = await a.newKey({ pageIds: 'all' });
    for (const app of [api1, api2]) bodyOf(await recipients(key.as(app), page), 200);
    const heard = heardEndBy2(key.apiKey.id);
    const started = Date.now();
    bodyOf(await a.session().apiKeys.revokeApiKey({ params: { keyId: key.apiKey.id } }), 200);
    expect(bodyOf(await recipients(key.as(api1), page), 401)).toEqual({
      message: API_KEY_MESSAGES.refused,
    });
    await heard;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(bodyOf(await recipients(key.as(api2), page), 401)).toEqual({
      message: API_KEY_MESSAGES.refused,
    });
    expect(bodyOf(await a.session().apiKeys.listApiKeys(), 200)).toEqual([]);
    // Another admin's key, or one revoked already, is unknown.
    const again = await a.session().apiKeys.revokeApiKey({ params: { keyId: key.apiKey.id } });
    expect(bodyOf(again, 404)).toEqual({ message: API_KEY_MESSAGES.notFound });
  });

  it('another admin cannot revoke it', async () => {
    const a = await admin(1);
    const b = await admin(1);
    const key = await a.newKey({ pageIds: 'all' });
    const res = await b.session().apiKeys.revokeApiKey({ params: { keyId: key.apiKey.id } });
    expect(bodyOf(res, 404)).toEqual({ message: API_KEY_MESSAGES.notFound });
    bodyOf(await recipients(key.as(), a.fbPageIds[0] as string), 200);
  });
});

describe('a key’s own rate limit', () => {
  it('answers RateLimit headers, then 429 with Retry-After past its limit, across both processes', async () => {
    const a = await admin(1);
    const page = a.fbPageIds[0] as string;
    const key = await a.newKey({ pageIds: 'all' });
    const get = (app: FastifyInstance) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/chats/${page}/recipients`,
        headers: { authorization: `Bearer ${key.key}` },
      });
    const first = await get(api1);
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('40');
    expect(first.headers['ratelimit-remaining']).toBe('39');
    const reset = Number(first.headers['ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
    // Near a minute's end the window may turn over mid-test: then start in the next one.
    if (reset < 10) await new Promise((r) => setTimeout(r, reset * 1000 + 100));
    const base = Number((await get(api1)).headers['ratelimit-remaining']);
    // Half on each process; the counts are shared every second.
    for (let i = 0; i < 20; i++) expect((await get(api1)).statusCode).toBe(200);
    // api2's first request of the key; 1.5 s on, api1 has surely shared its 20 (it exchanges every
    // second). api2's next exchange after a second request then brings them back, whatever the order of
    // the two processes' timers.
    expect((await get(api2)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await get(api2)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1200));
    let last = await get(api2);
    let sent = 3;
    while (last.statusCode === 200 && sent < 60) {
      last = await get(api2);
      sent++;
    }
    expect(last.statusCode).toBe(429);
    // api2 learned api1's 20 (and the first ones): it stops within its own second of drift.
    expect(sent).toBe(base - 20 + 1);
    expect(Number(last.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(last.body)).toEqual({
      message: API_KEY_MESSAGES.rateLimited(Number(last.headers['retry-after'])),
    });
    // A session of the same admin has no such limit.
    bodyOf(await recipients(a.session(), page), 200);
  });
});
