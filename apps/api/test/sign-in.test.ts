// Sign-in (register-user-admin) against the Graph emulator over real HTTP, the admin's pages (list, one,
// overview) and the subscription. Tokens are minted through the emulator's control API, as a browser
// login would get them.
import { startEmulator, type Emulator } from '@pagecast/graph-emulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as cli } from '../src/cli.js';
import { decryptToken } from '../src/crypto/tokens.js';
import { createGraphClient, type GraphClient } from '../src/graph/index.js';
import { assertTokenFor, SIGN_IN_MESSAGES } from '../src/auth/facebook-login.js';
import { PAGE_WEBHOOK_FIELDS } from '../src/modules/sign-in/service.js';
import { grantPro, UnknownAdminError } from '../src/modules/subscription/service.js';
import { createTestApp, TEST_ENCRYPTION_KEY, type TestApp } from './helpers/app.js';
import { graphRequestLog } from './helpers/graph-requests.js';
import { must } from './support/assert.js';
import { apiClient, bodyOf, invalid, jwtOf, type ApiClient } from './support/client.js';

let emu: Emulator;
let graph: GraphClient;
let t: TestApp;
let demoId: string;
let secondId: string;

interface EmuUser {
  id: string;
  name: string;
  email: string | null;
}

async function control<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${emu.url}/_emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const mintToken = async (userId: string) =>
  (await control<{ access_token: string }>('POST', `/users/${userId}/tokens`, {})).access_token;

type RegisterBody = Parameters<ApiClient['signIn']['registerUserAdmin']>[0]['body'];
const register = (body: RegisterBody) => apiClient(t.app).signIn.registerUserAdmin({ body });
/** The contract client as a signed-in admin. */
const as = (headers: Record<string, string>) => apiClient(t.app, headers);

async function signIn(userId: string, name = 'Someone') {
  const accessToken = await mintToken(userId);
  const res = await register({
    name,
    email: null,
    profilePic: null,
    userId,
    accessToken,
    expiresIn: 5184000,
  });
  const jwt = jwtOf(res);
  return { ...bodyOf(res, 200), jwt, accessToken, headers: { authorization: `Bearer ${jwt}` } };
}

async function counts() {
  const { rows } = await t.database.db.execute<{
    admins: number;
    pages: number;
    links: number;
  }>(sql`
    select (select count(*)::int from admins) as admins, (select count(*)::int from pages) as pages,
           (select count(*)::int from page_admins) as links`);
  return rows[0];
}

const emuPageId = (name: string) =>
  [...emu.world.pages.values()].find((p) => p.name === name)?.id as string;

beforeAll(async () => {
  emu = await startEmulator({ ...graphRequestLog(), port: 0, seed: 'demo' });
  const state = await control<{ users: EmuUser[] }>('GET', '/state');
  demoId = state.users.find((u) => u.name === 'Demo Admin')?.id as string;
  secondId = state.users.find((u) => u.name === 'Second Admin')?.id as string;
  graph = createGraphClient({
    baseUrl: emu.url,
    version: 'v16.0',
    appId: '1000000000000001',
    appSecret: 'pagecast-emulator-app-secret',
    maxRetries: 0,
  });
  t = await createTestApp({
    env: { GRAPH_API_URL: emu.url, OPERATOR_USER_IDS: secondId },
    graph,
  });
});

afterAll(async () => {
  await t?.close();
  await graph?.close();
  await emu?.close();
});

describe('register-user-admin refuses what it cannot verify, and writes nothing', () => {
  it('refuses a token of one user presented with another user id', async () => {
    const before = await counts();
    const accessToken = await mintToken(demoId);
    const res = await register({ name: 'Second Admin', userId: secondId, accessToken });
    expect(bodyOf(res, 401)).toEqual({ message: SIGN_IN_MESSAGES.otherUser });
    expect(await counts()).toEqual(before);
  });

  it('refuses an expired token', async () => {
    const before = await counts();
    const accessToken = await mintToken(demoId);
    await control('POST', `/tokens/${encodeURIComponent(accessToken)}/expire`);
    const res = await register({ name: 'Demo Admin', userId: demoId, accessToken });
    expect(bodyOf(res, 401)).toEqual({ message: SIGN_IN_MESSAGES.invalidToken });
    expect(await counts()).toEqual(before);
  });

  it("refuses another app's token", async () => {
    const before = await counts();
    const user = emu.world.users.get(demoId);
    if (!user) throw new Error('demo user missing');
    const foreign = emu.world.tokens.issue({
      type: 'USER',
      userId: demoId,
      appId: '2000000000000002',
      scopes: emu.world.grantedScopes(user),
      longLived: false,
    });
    const res = await register({ name: 'Demo Admin', userId: demoId, accessToken: foreign.token });
    expect(bodyOf(res, 401)).toEqual({ message: SIGN_IN_MESSAGES.otherApp });
    expect(await counts()).toEqual(before);
  });

  it('refuses a token the network does not know, and a page token', async () => {
    const before = await counts();
    const unknown = await register({
      name: 'Demo Admin',
      userId: demoId,
      accessToken: 'EAAnot-a-real-token',
    });
    expect(bodyOf(unknown, 401)).toEqual({ message: SIGN_IN_MESSAGES.invalidToken });
    const page = await control<{ access_token: string }>('POST', '/pages', {
      ownerId: demoId,
      name: 'Tmp Page',
    });
    const pageToken = await register({
      name: 'Demo Admin',
      userId: demoId,
      accessToken: page.access_token,
    });
    expect(pageToken.status).toBe(401);
    emu.world.pages.delete(emuPageId('Tmp Page'));
    expect(await counts()).toEqual(before);
  });

  it('answers 400 with field errors to a malformed body', async () => {
    const res = await register({ name: '', userId: 'abc', accessToken: 'short' });
    expect(Object.keys(bodyOf(res, 400).fieldErrors ?? {}).sort()).toEqual([
      'accessToken',
      'name',
      'userId',
    ]);
  });
});

describe('a valid sign-in', () => {
  it('records the permissions Facebook says were granted: a declined one is not among them', async () => {
    const { access_token: accessToken } = await control<{ access_token: string }>(
      'POST',
      `/users/${demoId}/tokens`,
      { scopes: ['pages_show_list', 'pages_messaging', 'pages_read_engagement'] },
    );
    const res = await register({
      name: 'Demo Admin',
      email: null,
      profilePic: null,
      userId: demoId,
      accessToken,
      expiresIn: 3600,
    });
    const granted = bodyOf(res, 200).user.grantedScopes;
    expect(granted).toEqual([
      'public_profile',
      'pages_show_list',
      'pages_messaging',
      'pages_read_engagement',
    ]);
    const { rows } = await t.database.db.execute<{ granted_scopes: string[] }>(
      sql`select granted_scopes from admins where fb_user_id = ${demoId}`,
    );
    expect(rows[0]?.granted_scopes).toEqual(granted);
  });

  it('answers jwt, user and the pages, and stores tokens encrypted', async () => {
    const s = await signIn(demoId, 'Body Name');
    expect(s.user).toEqual({
      userId: demoId,
      name: 'Demo Admin', // from the network, not the body
      email: 'demo.admin@example.com',
      profilePic: expect.any(String),
      role: 'admin',
      // What Facebook says was granted (debug_token), kept for the screens that need a permission.
      grantedScopes: expect.arrayContaining(['pages_messaging', 'pages_utility_messaging']),
    });
    expect(s.accounts.map((a) => a.name)).toEqual([
      'Crumb & Co. Bakery',
      'Lotus Flow Yoga Studio',
      'Spoke & Chain Bike Shop',
    ]);
    for (const a of s.accounts) expect(a).toMatchObject({ tags: [], syncScope: 'none' });

    const claims = t.app.jwt.decode<{
      sub: string;
      uid: string;
      role: string;
      iat: number;
      exp: number;
    }>(s.jwt);
    expect(claims).toMatchObject({ uid: demoId, role: 'admin' });
    expect(claims && claims.exp - claims.iat).toBe(7 * 24 * 3600);

    const key = Buffer.from(TEST_ENCRYPTION_KEY, 'base64');
    const { rows: adminRows } = await t.database.db.execute<{ id: string; user_token_enc: string }>(
      sql`select id, user_token_enc from admins where fb_user_id = ${demoId}`,
    );
    const adminRow = adminRows[0];
    expect(adminRow?.id).toBe(claims?.sub);
    const stored = adminRow?.user_token_enc ?? '';
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(s.accessToken);
    // Exchanged for a long-lived token, which the emulator accepts.
    const longLived = decryptToken(stored, key);
    expect(longLived).not.toBe(s.accessToken);
    expect((await graph.debugToken(longLived)).is_valid).toBe(true);

    const { rows: pageRows } = await t.database.db.execute<{
      fb_page_id: string;
      page_token_enc: string;
    }>(sql`select fb_page_id, page_token_enc from pages order by fb_page_id`);
    expect(pageRows).toHaveLength(3);
    for (const row of pageRows) {
      expect(row.page_token_enc).toMatch(/^v1:/);
      const pageToken = decryptToken(row.page_token_enc, key);
      expect(row.page_token_enc).not.toContain(pageToken);
      expect((await graph.debugToken(pageToken)).profile_id).toBe(row.fb_page_id);
    }

    const state = await control<{ pages: Array<{ name: string; subscribedFields: string[] }> }>(
      'GET',
      '/state',
    );
    for (const name of s.accounts.map((a) => a.name)) {
      expect(state.pages.find((p) => p.name === name)?.subscribedFields.sort()).toEqual(
        [...PAGE_WEBHOOK_FIELDS].sort(),
      );
    }
  });

  it('gives the operator role to a configured user id', async () => {
    const s = await signIn(secondId);
    expect(s.user.role).toBe('operator');
    expect(t.app.jwt.decode<{ role: string }>(s.jwt)?.role).toBe('operator');
    expect(s.accounts.map((a) => a.name)).toEqual(['Crumb & Co. Bakery', 'Harbor Lane Books']);
  });

  it('signing in again refreshes the page list and unlinks lost pages', async () => {
    const first = await signIn(demoId);
    const yoga = emu.world.pages.get(emuPageId('Lotus Flow Yoga Studio'));
    const tasks = yoga?.roles.get(demoId);
    yoga?.roles.delete(demoId);
    await control('POST', '/pages', { ownerId: demoId, name: 'Aaron Fresh Florist' });
    const again = await signIn(demoId);
    expect(again.accounts.map((a) => a.name)).toEqual([
      'Aaron Fresh Florist',
      'Crumb & Co. Bakery',
      'Spoke & Chain Bike Shop',
    ]);
    const lost = first.accounts.find((a) => a.name === 'Lotus Flow Yoga Studio');
    const res = await as(again.headers).pages.getPage({ params: { pageId: must(lost).pageId } });
    expect(res.status).toBe(404);
    // The page row stays (its history may belong to other admins); only the link goes.
    const { rows } = await t.database.db.execute(
      sql`select 1 from pages where fb_page_id = ${lost?.pageId}`,
    );
    expect(rows).toHaveLength(1);
    if (tasks) yoga?.roles.set(demoId, tasks);
  });

  it('two sign-ins of the same user at once do not duplicate anything', async () => {
    const [a, b] = await Promise.all([signIn(demoId), signIn(demoId)]);
    expect(a.user.userId).toBe(b.user.userId);
    const { rows } = await t.database.db.execute<{ admins: number; links: number }>(sql`
      select (select count(*)::int from admins where fb_user_id = ${demoId}) as admins,
             (select count(*)::int from page_admins pa join admins ad on ad.id = pa.admin_id
               where ad.fb_user_id = ${demoId}) as links`);
    expect(rows[0]).toEqual({ admins: 1, links: a.accounts.length });
    expect(a.accounts.map((p) => p.id)).toEqual(b.accounts.map((p) => p.id));
  });

  it('reads every page of a paged /me/accounts answer', async () => {
    const many = await control<EmuUser>('POST', '/users', { name: 'Many Pages' });
    for (let i = 0; i < 27; i++) {
      await control('POST', '/pages', {
        ownerId: many.id,
        name: `Page ${String(i).padStart(2, '0')}`,
      });
    }
    const s = await signIn(many.id);
    expect(s.accounts).toHaveLength(27);
  });
});

describe('webhook subscription: what Meta refuses costs only its feature, and Home says so', () => {
  const overviewOf = async (fbPageId: string, headers: Record<string, string>) => {
    const res = await as(headers).pages.getOverview({ params: { pageId: fbPageId } });
    return bodyOf(res, 200).webhooksOff;
  };
  // From an address of their own, so these sign-ins leave the others' rate limit alone.
  const register = (body: RegisterBody) =>
    apiClient(t.app, {}, { remoteAddress: '10.9.9.9' }).signIn.registerUserAdmin({ body });
  const subscribedFields = (fbPageId: string) =>
    [...(emu.world.pages.get(fbPageId)?.subscribedApps.get('1000000000000001') ?? [])].sort();

  it('a login without pages_messaging: the inbox is off for that reason, template status is on', async () => {
    const user = await control<{ id: string }>('POST', '/users', {
      name: 'Narrow Admin',
      scopes: ['pages_show_list', 'pages_manage_metadata', 'pages_read_engagement'],
    });
    const page = await control<{ id: string }>('POST', '/pages', {
      ownerId: user.id,
      name: 'Narrow Page',
      contacts: 1,
    });
    const narrow = async () =>
      (
        await control<{ access_token: string }>('POST', `/users/${user.id}/tokens`, {
          scopes: [
            'pages_show_list',
            'pages_manage_metadata',
            'pages_read_engagement',
            'pages_utility_messaging',
          ],
        })
      ).access_token;
    const login = async (accessToken: string) => {
      const res = await register({ name: 'Narrow Admin', userId: user.id, accessToken });
      return { authorization: `Bearer ${bodyOf(res, 200).jwt}` };
    };
    const headers = await login(await narrow());
    const off = await overviewOf(page.id, headers);
    expect(off.map((o) => o.feature)).toEqual([
      'inbox',
      'optins',
      'marketing_deliveries',
      'marketing_reads',
      'marketing_clicks',
      'marketing_delivery_failed',
    ]);
    expect(off[0]).toEqual({
      feature: 'inbox',
      reason: 'permission',
      permission: 'pages_messaging',
      checkedAt: expect.any(String),
    });
    // What Meta accepted is subscribed, not nothing.
    expect(subscribedFields(page.id)).toEqual(['message_template_status_update']);

    // Logging in again with the permission turns everything on, in one call.
    const full = await mintToken(user.id);
    await login(full);
    expect(await overviewOf(page.id, headers)).toEqual([]);
    expect(subscribedFields(page.id)).toEqual([...PAGE_WEBHOOK_FIELDS].sort());
    expect(PAGE_WEBHOOK_FIELDS).toContain('message_template_status_update');
    expect(PAGE_WEBHOOK_FIELDS).toContain('messaging_referrals');
    expect(PAGE_WEBHOOK_FIELDS).toContain('message_edits');
    expect(PAGE_WEBHOOK_FIELDS).toContain('marketing_message_delivery_failed');
  });

  it('a login Meta lets subscribe nothing: every feature is off, with the permission to allow', async () => {
    const scopes = ['pages_show_list', 'pages_messaging', 'pages_read_engagement'];
    const user = await control<{ id: string }>('POST', '/users', { name: 'No Metadata', scopes });
    const page = await control<{ id: string }>('POST', '/pages', {
      ownerId: user.id,
      name: 'No Metadata Page',
      contacts: 1,
    });
    const { access_token: accessToken } = await control<{ access_token: string }>(
      'POST',
      `/users/${user.id}/tokens`,
      { scopes },
    );
    const res = await register({ name: 'No Metadata', userId: user.id, accessToken });
    const headers = { authorization: `Bearer ${bodyOf(res, 200).jwt}` };
    const off = await overviewOf(page.id, headers);
    expect(off).toHaveLength(7);
    for (const o of off)
      expect(o).toMatchObject({ reason: 'permission', permission: 'pages_manage_metadata' });
    expect(subscribedFields(page.id)).toEqual([]);
  });
});

describe('pages of the signed-in admin', () => {
  it('lists the admin pages with their tags', async () => {
    const s = await signIn(demoId);
    const bakery = s.accounts.find((a) => a.name === 'Crumb & Co. Bakery');
    await t.database.db.execute(
      sql`insert into tags (page_id, name, description) values (${bakery?.id}, 'VIP', 'Best customers')`,
    );
    const list = bodyOf(await as(s.headers).pages.listPages(), 200);
    expect(list.map((p) => p.name)).toEqual(s.accounts.map((a) => a.name));
    expect(list.find((p) => p.name === 'Crumb & Co. Bakery')?.tags).toEqual([
      expect.objectContaining({
        name: 'VIP',
        description: 'Best customers',
        pageId: bakery?.pageId,
      }),
    ]);
  });

  it("two admins cannot read each other's pages (404), and both read a shared one", async () => {
    const demo = await signIn(demoId);
    const second = await signIn(secondId);
    const bikeShop = demo.accounts.find((a) => a.name === 'Spoke & Chain Bike Shop')?.pageId;
    const books = second.accounts.find((a) => a.name === 'Harbor Lane Books')?.pageId;
    const bakery = demo.accounts.find((a) => a.name === 'Crumb & Co. Bakery')?.pageId;
    // The page and its overview, each as an admin's client reads it.
    const reads = [
      (c: ApiClient, pageId: string) => c.pages.getPage({ params: { pageId } }),
      (c: ApiClient, pageId: string) => c.pages.getOverview({ params: { pageId } }),
    ];
    for (const read of reads) {
      expect((await read(as(demo.headers), must(bikeShop))).status).toBe(200);
      const theirs = await read(as(demo.headers), must(books));
      expect(bodyOf(theirs, 404)).toEqual({ message: 'Page not found' });
      expect((await read(as(second.headers), must(bikeShop))).status).toBe(404);
      for (const h of [demo.headers, second.headers])
        expect((await read(as(h), must(bakery))).status).toBe(200);
    }
    const anonymous = await apiClient(t.app).pages.getPage({ params: { pageId: must(bikeShop) } });
    expect(anonymous.status).toBe(401);
  });

  it('overview: contacts, window, tags, last sync, upcoming and last campaign', async () => {
    const s = await signIn(demoId);
    const page = s.accounts.find((a) => a.name === 'Spoke & Chain Bike Shop');
    const overview = () =>
      as(s.headers).pages.getOverview({ params: { pageId: must(page).pageId } });
    expect(bodyOf(await overview(), 200)).toMatchObject({
      page: { pageId: page?.pageId, name: 'Spoke & Chain Bike Shop' },
      contacts: { total: 0, insideWindow: 0 },
      tagCount: 0,
      lastSync: null,
      upcomingCampaigns: [],
      lastCampaign: null,
    });

    const db = t.database.db;
    await db.execute(sql`
      insert into contacts (page_id, psid, name, last_inbound_at) values
        (${page?.id}, '9001', 'In Window', now() - interval '2 hours'),
        (${page?.id}, '9002', 'Old', now() - interval '3 days'),
        (${page?.id}, '9003', 'Never wrote', null)`);
    const { rows: tagRows } = await db.execute<{ id: string }>(
      sql`insert into tags (page_id, name) values (${page?.id}, 'Riders'), (${page?.id}, 'Racers') returning id`,
    );
    await db.execute(sql`
      insert into page_syncs (page_id, job_id, status, processed, started_at, finished_at) values
        (${page?.id}, 'old', 'failed', 3, now() - interval '2 days', now() - interval '2 days'),
        (${page?.id}, 'new', 'completed', 3, now() - interval '1 hour', now() - interval '50 minutes')`);
    const insertCampaign = (name: string, status: string, scheduled: string, extra = sql``) =>
      db.execute(sql`
        insert into campaigns (page_id, tag_id, name, message, type, scheduled_time, status,
                               audience_count, dispatched_count, delivered_count, interacted_count, started_at)
        values (${page?.id}, ${tagRows[0]?.id}, ${name}, 'Hello there', 'ACCOUNT_UPDATE',
                now() + ${scheduled}::interval, ${status}, 10, 8, 6, 2,
                case when ${status} = 'pending' then null else now() + ${scheduled}::interval end) ${extra}`);
    for (let i = 1; i <= 6; i++) await insertCampaign(`Future ${i}`, 'pending', `${i} days`);
    await insertCampaign('Done long ago', 'completed', '-5 days');
    await insertCampaign('Done yesterday', 'completed', '-1 days');

    const o = bodyOf(await overview(), 200);
    expect(o.contacts).toEqual({ total: 3, insideWindow: 1 });
    expect(o.tagCount).toBe(2);
    expect(o.page.tags).toHaveLength(2);
    expect(o.lastSync).toMatchObject({ status: 'completed', processed: 3, error: null });
    expect(Number.isNaN(Date.parse(must(o.lastSync?.finishedAt)))).toBe(false);
    expect(o.upcomingCampaigns.map((c) => c.name)).toEqual([
      'Future 1',
      'Future 2',
      'Future 3',
      'Future 4',
      'Future 5',
    ]);
    expect(o.upcomingCampaigns[0]?.tagName).toBe('Riders');
    expect(o.lastCampaign).toMatchObject({
      name: 'Done yesterday',
      dispatchedCount: 8,
      deliveredCount: 6,
      interactedCount: 2,
    });
  });
});

describe('subscription', () => {
  it('defaults to no plan, and shows what grant-pro gave', async () => {
    const s = await signIn(demoId);
    const get = async () => {
      return bodyOf(await as(s.headers).pages.getSubscription(), 200);
    };
    expect(await get()).toEqual({
      plan: 'free',
      status: 'none',
      periodEnd: null,
      availableCredits: 0,
    });

    const granted = await grantPro(t.database.pool, { userId: demoId, months: 1, credits: 500 });
    expect(granted.before.status).toBe('none');
    const first = await get();
    expect(first).toMatchObject({ plan: 'pro', status: 'active', availableCredits: 500 });
    const days = (Date.parse(first.periodEnd as string) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    // Granting again extends the running period and adds the credits.
    await grantPro(t.database.pool, { userId: demoId, months: 2, credits: 100 });
    const second = await get();
    expect(second.availableCredits).toBe(600);
    const added =
      (Date.parse(second.periodEnd as string) - Date.parse(first.periodEnd as string)) / 86_400_000;
    expect(added).toBeGreaterThan(58);
    expect(added).toBeLessThan(63);

    // A period that has ended reads 'expired'.
    await t.database.db.execute(
      sql`update subscriptions set period_end = now() - interval '1 day'`,
    );
    expect((await get()).status).toBe('expired');
  });

  it('grant-pro refuses an unknown user and bad numbers', async () => {
    await expect(
      grantPro(t.database.pool, { userId: '123456789', months: 1, credits: 0 }),
    ).rejects.toBeInstanceOf(UnknownAdminError);
    await expect(
      grantPro(t.database.pool, { userId: demoId, months: 0, credits: 0 }),
    ).rejects.toThrow(/months/);
    await expect(
      grantPro(t.database.pool, { userId: demoId, months: 1, credits: -1 }),
    ).rejects.toThrow(/credits/);
  });
});

describe('operator CLI', () => {
  it('refuses bad arguments before touching the database', async () => {
    await expect(cli(['grant-pro'])).rejects.toThrow(/exactly one <userId>/);
    await expect(cli(['grant-pro', 'abc', '--months', '1'])).rejects.toThrow(/numeric id/);
    await expect(cli(['grant-pro', '123', '--months', 'two'])).rejects.toThrow(
      /--months must be a whole number/,
    );
    await expect(cli(['grant-pro', '123'])).rejects.toThrow(/--months is required/);
    await expect(cli(['revoke-pro', '123'])).rejects.toThrow(/Unknown command/);
  });
});

describe('rate limit', () => {
  it('refuses the 21st sign-in attempt of a minute with 429', async () => {
    const limited = await createTestApp();
    try {
      // An empty body (400) still counts as an attempt.
      const attempt = () => apiClient(limited.app).signIn.registerUserAdmin({ body: invalid({}) });
      for (let i = 0; i < 20; i++) expect((await attempt()).status).toBe(400);
      expect(bodyOf(await attempt(), 429)).toHaveProperty('message');
    } finally {
      await limited.close();
    }
  });
});

describe('debug_token ids', () => {
  const base = { is_valid: true, type: 'USER' as const, scopes: [] };
  it('accepts the app and user ids as numbers as well as strings; refuses anything else', () => {
    expect(() =>
      assertTokenFor(
        { ...base, app_id: '1000000000000001', user_id: '1000000000000042' },
        '1000000000000001',
        '1000000000000042',
      ),
    ).not.toThrow();
    expect(() =>
      assertTokenFor(
        { ...base, app_id: 1000000000000001, user_id: 1000000000000042 },
        '1000000000000001',
        '1000000000000042',
      ),
    ).not.toThrow();
    expect(() =>
      assertTokenFor(
        { ...base, app_id: 1000000000000001, user_id: 1000000000000043 },
        '1000000000000001',
        '1000000000000042',
      ),
    ).toThrow(SIGN_IN_MESSAGES.otherUser);
    expect(() =>
      assertTokenFor(
        { ...base, app_id: 2, user_id: 1000000000000042 },
        '1000000000000001',
        '1000000000000042',
      ),
    ).toThrow(SIGN_IN_MESSAGES.otherApp);
    expect(() =>
      assertTokenFor(
        { ...base, app_id: 1.5, user_id: '1000000000000042' },
        '1.5',
        '1000000000000042',
      ),
    ).toThrow(SIGN_IN_MESSAGES.otherApp);
  });
});
