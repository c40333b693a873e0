import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { fixture, http, start } from './helpers.js';

const APP_TOKEN = '1000000000000001|pagecast-emulator-app-secret';
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/;

describe('Graph API core', () => {
  let emu: Emulator;
  let f: Awaited<ReturnType<typeof fixture>>;
  beforeAll(async () => {
    emu = await start({ behaviour: { conversationsPerSecond: 0 } });
    f = await fixture(emu, 30, { messagesPerContact: 3 });
  });
  afterAll(() => emu.close());

  it('GET /me with fields, under any version prefix or none', async () => {
    for (const prefix of ['/v16.0', '/v19.0', '']) {
      const r = await http(
        `${emu.url}${prefix}/me?fields=id,name,email,picture{data{url,width,height,is_silhouette}}&access_token=${f.userToken}`,
      );
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ id: f.user.id, name: 'Ada Lovelace', email: f.user.email });
      expect(r.body.picture.data).toEqual({
        url: expect.stringContaining('/_emulator/avatars/'),
        width: 50,
        height: 50,
        is_silhouette: false,
      });
    }
    const plain = await http(`${emu.url}/v16.0/me?access_token=${f.userToken}`);
    expect(plain.body).toEqual({ id: f.user.id, name: 'Ada Lovelace' });
  });

  it('an expired version is served as the oldest live one, as Meta does (facebook-api-version header)', async () => {
    const answeredBy = async (prefix: string) =>
      (await fetch(`${emu.url}${prefix}/me?access_token=${f.userToken}`)).headers.get(
        'facebook-api-version',
      );
    expect(await answeredBy('/v16.0')).toBe('v21.0');
    expect(await answeredBy('/v20.0')).toBe('v21.0');
    expect(await answeredBy('/v25.0')).toBe('v25.0');
    expect(await answeredBy('')).toBe('v26.0');
  });

  it('serves the avatar SVG', async () => {
    const r = await fetch(`${emu.url}/_emulator/avatars/${f.psids[0]}.svg`);
    expect(r.headers.get('content-type')).toContain('image/svg+xml');
    expect(await r.text()).toMatch(/^<svg[^>]*>.*<text[^>]*>[A-ZÉ]{1,2}<\/text><\/svg>$/s);
  });

  it('missing token -> 104, garbage -> 190, unknown field -> 100, syntax error -> 100', async () => {
    const missing = await http(`${emu.url}/v16.0/me`);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      type: 'OAuthException',
      code: 104,
      fbtrace_id: expect.any(String),
    });
    const bad = await http(`${emu.url}/v16.0/me?access_token=nope`);
    expect(bad.body.error.code).toBe(190);
    const field = await http(`${emu.url}/v16.0/me?fields=id,shoe_size&access_token=${f.userToken}`);
    expect(field.body.error).toMatchObject({
      code: 100,
      message: '(#100) Tried accessing nonexisting field (shoe_size) on node type (User)',
    });
    const syntax = await http(
      `${emu.url}/v16.0/me?fields=id,picture{url&access_token=${f.userToken}`,
    );
    expect(syntax.body.error.code).toBe(100);
    const unknown = await http(`${emu.url}/v16.0/999999999?access_token=${f.userToken}`);
    expect(unknown.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('accepts the token in an Authorization header and checks appsecret_proof', async () => {
    const r = await fetch(`${emu.url}/v16.0/me`, {
      headers: { authorization: `Bearer ${f.userToken}` },
    });
    expect(((await r.json()) as { id: string }).id).toBe(f.user.id);
    const proof = await http(
      `${emu.url}/v16.0/me?access_token=${f.userToken}&appsecret_proof=deadbeef`,
    );
    expect(proof.body.error.message).toContain('appsecret_proof');
  });

  it('GET /me/permissions', async () => {
    const r = await http(`${emu.url}/v16.0/me/permissions?access_token=${f.userToken}`);
    expect(r.body.data).toContainEqual({ permission: 'pages_messaging', status: 'granted' });
    expect(r.body.data).toContainEqual({ permission: 'public_profile', status: 'granted' });
  });

  it('GET /me/accounts pages with cursors, next absent at the end, summary', async () => {
    for (let i = 0; i < 4; i++) {
      await http(`${emu.url}/_emulator/pages`, {
        json: { ownerId: f.user.id, name: `Extra ${i}` },
      });
    }
    const seen: string[] = [];
    let url: string | undefined =
      `${emu.url}/v16.0/me/accounts?limit=2&fields=id,name,access_token,picture,category,tasks&access_token=${f.userToken}`;
    let pages = 0;
    while (url) {
      const r = await http(url);
      expect(r.status).toBe(200);
      expect(r.body.summary).toEqual({ total_count: 5 });
      for (const p of r.body.data) {
        expect(p).toMatchObject({
          id: expect.any(String),
          name: expect.any(String),
          access_token: expect.stringMatching(/^EAA/),
          tasks: expect.arrayContaining(['MESSAGING']),
        });
        seen.push(p.id);
      }
      expect(r.body.paging.cursors).toEqual({
        before: expect.any(String),
        after: expect.any(String),
      });
      url = r.body.paging.next;
      pages++;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
    expect(seen[0]).toBe(f.page.id);
  });

  it('page tokens from /me/accounts work and never expire for a long-lived user token', async () => {
    const r = await http(`${emu.url}/v16.0/me/accounts?access_token=${f.userToken}`);
    const pt = r.body.data[0].access_token as string;
    const dbg = await http(
      `${emu.url}/v16.0/debug_token?input_token=${pt}&access_token=${APP_TOKEN}`,
    );
    expect(dbg.body.data).toMatchObject({
      type: 'PAGE',
      is_valid: true,
      expires_at: 0,
      app_id: '1000000000000001',
      user_id: f.user.id,
      profile_id: f.page.id,
    });
    const page = await http(
      `${emu.url}/v16.0/${f.page.id}?fields=id,name,category,access_token,picture&access_token=${f.userToken}`,
    );
    expect(page.body).toMatchObject({
      id: f.page.id,
      name: 'Test Bakery',
      access_token: pt,
      picture: { data: { url: expect.any(String) } },
    });
  });

  it('debug_token: shape, app token required, invalid token reported inside data', async () => {
    const ok = await http(
      `${emu.url}/v16.0/debug_token?input_token=${f.userToken}&access_token=${APP_TOKEN}`,
    );
    expect(ok.body.data).toMatchObject({
      app_id: '1000000000000001',
      type: 'USER',
      application: 'Pagecast',
      is_valid: true,
      user_id: f.user.id,
      scopes: expect.arrayContaining(['pages_show_list']),
      expires_at: expect.any(Number),
      issued_at: expect.any(Number),
      data_access_expires_at: expect.any(Number),
    });
    const notApp = await http(
      `${emu.url}/v16.0/debug_token?input_token=${f.userToken}&access_token=${f.userToken}`,
    );
    expect(notApp.body.error.code).toBe(100);
    const invalid = await http(
      `${emu.url}/v16.0/debug_token?input_token=garbage&access_token=${APP_TOKEN}`,
    );
    expect(invalid.status).toBe(200);
    expect(invalid.body.data).toMatchObject({ is_valid: false, error: { code: 190 } });
  });

  it('exchanges a short-lived token for a long-lived one (client secret checked)', async () => {
    const short = (await http(`${emu.url}/_emulator/users/${f.user.id}/tokens`, { json: {} })).body
      .access_token;
    const r = await http(
      `${emu.url}/v16.0/oauth/access_token?grant_type=fb_exchange_token&client_id=1000000000000001&client_secret=pagecast-emulator-app-secret&fb_exchange_token=${short}`,
    );
    expect(r.body).toEqual({
      access_token: expect.stringMatching(/^EAA/),
      token_type: 'bearer',
      expires_in: expect.any(Number),
    });
    expect(r.body.expires_in).toBeGreaterThan(5_180_000);
    const wrong = await http(
      `${emu.url}/v16.0/oauth/access_token?grant_type=fb_exchange_token&client_id=1000000000000001&client_secret=x&fb_exchange_token=${short}`,
    );
    expect(wrong.body.error.code).toBe(101);
  });

  it('expired and revoked tokens: 190 with subcodes 463 / 460 / 467', async () => {
    const mk = async () =>
      (await http(`${emu.url}/_emulator/users/${f.user.id}/tokens`, { json: {} })).body
        .access_token as string;
    const a = await mk();
    await http(`${emu.url}/_emulator/tokens/${a}/expire`, { method: 'POST' });
    expect((await http(`${emu.url}/v16.0/me?access_token=${a}`)).body.error).toMatchObject({
      code: 190,
      error_subcode: 463,
    });
    const b = await mk();
    await http(`${emu.url}/_emulator/tokens/${b}/revoke`, { json: { subcode: 460 } });
    expect((await http(`${emu.url}/v16.0/me?access_token=${b}`)).body.error).toMatchObject({
      code: 190,
      error_subcode: 460,
    });
    const c = await mk();
    await http(`${emu.url}/_emulator/tokens/${c}/revoke`, { json: {} });
    expect((await http(`${emu.url}/v16.0/me?access_token=${c}`)).body.error).toMatchObject({
      code: 190,
      error_subcode: 467,
    });
    const dbg = await http(
      `${emu.url}/v16.0/debug_token?input_token=${a}&access_token=${APP_TOKEN}`,
    );
    expect(dbg.body.data).toMatchObject({ is_valid: false, error: { code: 190, subcode: 463 } });
  });

  it("GET /{psid} with a page token (and not with another page's token)", async () => {
    const r = await http(
      `${emu.url}/v16.0/${f.psids[0]}?fields=first_name,last_name,name,profile_pic,id&access_token=${f.pageToken}`,
    );
    expect(r.body).toEqual({
      first_name: expect.any(String),
      last_name: expect.any(String),
      name: expect.any(String),
      profile_pic: expect.stringContaining('.svg'),
      id: f.psids[0],
    });
    const other = await http(`${emu.url}/_emulator/pages`, {
      json: { ownerId: f.user.id, name: 'Other', contacts: 1 },
    });
    const denied = await http(
      `${emu.url}/v16.0/${f.psids[0]}?access_token=${other.body.access_token}`,
    );
    expect(denied.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('conversations: shapes, newest first, cursor paging, nested messages.limit(n), user_id filter', async () => {
    const fields =
      'id,participants,updated_time,snippet,unread_count,message_count,messages.limit(2){message,from,to,created_time,id}';
    const ids: string[] = [];
    const times: string[] = [];
    let url: string | undefined =
      `${emu.url}/v16.0/${f.page.id}/conversations?platform=messenger&limit=7&fields=${encodeURIComponent(fields)}&access_token=${f.pageToken}`;
    let last: { paging?: { next?: string } } = {};
    while (url) {
      const r = await http(url);
      expect(r.status).toBe(200);
      for (const c of r.body.data) {
        expect(c.id).toMatch(/^t_/);
        expect(c.updated_time).toMatch(TIME);
        expect(c.participants.data).toHaveLength(2);
        expect(c.participants.data[1]).toEqual({
          id: f.page.id,
          name: 'Test Bakery',
          email: `${f.page.id}@facebook.com`,
        });
        expect(c.messages.data.length).toBeLessThanOrEqual(2);
        expect(c.messages.data[0]).toEqual({
          message: expect.any(String),
          from: expect.any(Object),
          to: { data: [expect.any(Object)] },
          created_time: expect.stringMatching(TIME),
          id: expect.stringMatching(/^m_/),
        });
        expect(c.message_count).toBeGreaterThanOrEqual(1);
        ids.push(c.id);
        times.push(c.updated_time);
      }
      last = r.body;
      url = r.body.paging?.next;
    }
    expect(last.paging?.next).toBeUndefined();
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect([...times].sort().reverse()).toEqual(times);
    const one = await http(
      `${emu.url}/v16.0/${f.page.id}/conversations?platform=messenger&user_id=${f.psids[3]}&access_token=${f.pageToken}`,
    );
    expect(one.body.data).toEqual([
      {
        id: `t_${f.psids[3]}`,
        link: expect.any(String),
        updated_time: expect.stringMatching(TIME),
      },
    ]);
  });

  it('conversation messages edge, ?fields=messages and the message node', async () => {
    const psid = f.psids[1] as string;
    await http(`${emu.url}/_emulator/pages/${f.page.id}/contacts/${psid}/messages`, {
      json: { text: 'Hello from the contact' },
    });
    const conv = await http(
      `${emu.url}/v16.0/t_${psid}?fields=messages&access_token=${f.pageToken}`,
    );
    expect(conv.body.id).toBe(`t_${psid}`);
    expect(conv.body.messages.data[0]).toEqual({
      id: expect.stringMatching(/^m_/),
      created_time: expect.stringMatching(TIME),
    });
    const edge = await http(
      `${emu.url}/v16.0/t_${psid}/messages?limit=1&fields=message,from&access_token=${f.pageToken}`,
    );
    expect(edge.body.data[0].message).toBe('Hello from the contact');
    expect(edge.body.data[0].from.id).toBe(psid);
    expect(edge.body.paging.next).toContain('after=');
    const next = await http(edge.body.paging.next);
    expect(next.body.data[0].message).not.toBe('Hello from the contact');
    const mid = conv.body.messages.data[0].id;
    const msg = await http(
      `${emu.url}/v16.0/${mid}?fields=id,created_time,from,to,message&access_token=${f.pageToken}`,
    );
    expect(msg.body).toMatchObject({
      id: mid,
      message: 'Hello from the contact',
      from: { id: psid },
      to: { data: [{ id: f.page.id }] },
    });
  });

  it('conversations need a page token (210) with the permissions (200)', async () => {
    const r = await http(`${emu.url}/v16.0/${f.page.id}/conversations?access_token=${f.userToken}`);
    expect(r.body.error.code).toBe(210);
    const limitedUser = (
      await http(`${emu.url}/_emulator/users/${f.user.id}/tokens`, {
        json: { scopes: ['pages_show_list'] },
      })
    ).body.access_token;
    const accounts = await http(`${emu.url}/v16.0/me/accounts?access_token=${limitedUser}`);
    const pt = accounts.body.data[0].access_token;
    const denied = await http(`${emu.url}/v16.0/${f.page.id}/conversations?access_token=${pt}`);
    expect(denied.body.error).toMatchObject({
      code: 200,
      message: expect.stringContaining('pages_messaging'),
    });
    const noList = (
      await http(`${emu.url}/_emulator/users/${f.user.id}/tokens`, { json: { scopes: ['email'] } })
    ).body.access_token;
    expect(
      (await http(`${emu.url}/v16.0/me/accounts?access_token=${noList}`)).body.error.code,
    ).toBe(200);
  });

  it('subscribed_apps GET/POST/DELETE with a page token', async () => {
    const base = `${emu.url}/v16.0/${f.page.id}/subscribed_apps`;
    expect((await http(`${base}?access_token=${f.pageToken}`)).body).toEqual({ data: [] });
    const post = await http(`${base}?access_token=${f.pageToken}`, {
      form: { subscribed_fields: 'messages,message_deliveries' },
    });
    expect(post.body).toEqual({ success: true });
    const got = await http(`${base}?access_token=${f.pageToken}`);
    expect(got.body.data[0]).toMatchObject({
      id: '1000000000000001',
      subscribed_fields: ['messages', 'message_deliveries'],
    });
    const bad = await http(`${base}?access_token=${f.pageToken}`, {
      form: { subscribed_fields: 'nonsense' },
    });
    expect(bad.body.error.code).toBe(100);
    expect(
      (
        await http(`${base}?access_token=${f.userToken}`, {
          form: { subscribed_fields: 'messages' },
        })
      ).body.error.code,
    ).toBe(210);
    expect((await http(`${base}?access_token=${f.pageToken}`, { method: 'DELETE' })).body).toEqual({
      success: true,
    });
    expect((await http(`${base}?access_token=${f.pageToken}`)).body).toEqual({ data: [] });
  });

  it("subscribed_apps checks every field against Meta's enum and permissions, refusing the whole call", async () => {
    const base = `${emu.url}/v25.0/${f.page.id}/subscribed_apps`;
    const post = (token: string, fields: string) =>
      http(`${base}?access_token=${token}`, { form: { subscribed_fields: fields } });
    const fields = async () =>
      (await http(`${base}?access_token=${f.pageToken}`)).body.data[0]?.subscribed_fields;
    expect((await post(f.pageToken, 'messages,message_edits,messaging_referrals')).body).toEqual({
      success: true,
    });
    // The name Meta's enum does not have (its webhooks reference does): the whole call is refused.
    const wrong = await post(f.pageToken, 'messages,messenger_template_status_update');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ type: 'OAuthException', code: 100 });
    expect(wrong.body.error.message).toMatch(
      /^\(#100\) Param subscribed_fields\[1\] must be one of \{affiliation, attire, .*message_template_status_update.*website\}$/,
    );
    expect(await fields()).toEqual(['messages', 'message_edits', 'messaging_referrals']);
    expect(
      (await post(f.pageToken, 'message_template_status_update,marketing_message_delivery_failed'))
        .body,
    ).toEqual({ success: true });
    // A page token without pages_messaging: every Messenger field it asks for is named, nothing is subscribed.
    const narrow = (
      await http(`${emu.url}/_emulator/users/${f.user.id}/tokens`, {
        json: { scopes: ['pages_show_list', 'pages_manage_metadata'] },
      })
    ).body.access_token as string;
    const accounts = await http(`${emu.url}/v25.0/me/accounts?access_token=${narrow}`);
    const narrowPage = (accounts.body.data as Array<{ id: string; access_token: string }>).find(
      (p) => p.id === f.page.id,
    )?.access_token as string;
    const gated = await post(narrowPage, 'messages,feed,messaging_postbacks');
    expect(gated.status).toBe(403);
    expect(gated.body.error).toMatchObject({ type: 'OAuthException', code: 200 });
    expect(gated.body.error.message).toBe(
      '(#200) To subscribe to the messages field, one of these permissions is needed: pages_messaging. ' +
        'To subscribe to the messaging_postbacks field, one of these permissions is needed: pages_messaging',
    );
    expect((await post(narrowPage, 'message_template_status_update')).body.error.message).toContain(
      'one of these permissions is needed: pages_messaging, pages_utility_messaging',
    );
    expect(await fields()).toEqual([
      'message_template_status_update',
      'marketing_message_delivery_failed',
    ]);
    expect((await post(narrowPage, 'feed')).body).toEqual({ success: true });
  });

  it('batch: up to 50, in order, items fail independently', async () => {
    const batch = [
      { method: 'GET', relative_url: 'me?fields=id,name' },
      { method: 'GET', relative_url: 'v16.0/me/permissions' },
      { method: 'GET', relative_url: `me?access_token=bogus` },
      {
        method: 'POST',
        relative_url: `${f.page.id}/messages`,
        body: `access_token=${f.pageToken}&messaging_type=RESPONSE&recipient=${encodeURIComponent(JSON.stringify({ id: f.psids[0] }))}&message=${encodeURIComponent(JSON.stringify({ text: 'batched' }))}`,
      },
    ];
    const r = await http(`${emu.url}/v16.0/`, {
      form: { access_token: f.userToken, batch: JSON.stringify(batch) },
    });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(4);
    expect(r.body[0]).toMatchObject({ code: 200, headers: expect.any(Array) });
    expect(JSON.parse(r.body[0].body)).toEqual({ id: f.user.id, name: 'Ada Lovelace' });
    expect(JSON.parse(r.body[1].body).data).toBeInstanceOf(Array);
    expect(r.body[2].code).toBe(400);
    expect(JSON.parse(r.body[2].body).error.code).toBe(190);
    expect(JSON.parse(r.body[3].body)).toMatchObject({
      recipient_id: f.psids[0],
      message_id: expect.stringMatching(/^m_/),
    });
    const tooMany = await http(`${emu.url}/v16.0/`, {
      form: {
        access_token: f.userToken,
        batch: JSON.stringify(
          Array.from({ length: 51 }, () => ({ method: 'GET', relative_url: 'me' })),
        ),
      },
    });
    expect(tooMany.body.error.code).toBe(100);
  });

  it('test users API', async () => {
    const r = await http(
      `${emu.url}/v16.0/1000000000000001/accounts/test-users?access_token=${APP_TOKEN}`,
      {
        form: {
          installed: 'true',
          permissions: 'pages_show_list,pages_messaging',
          name: 'Tess Tuser',
        },
      },
    );
    expect(r.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      access_token: expect.stringMatching(/^EAA/),
      login_url: expect.any(String),
      email: expect.stringContaining('@tfbnw.net'),
      password: expect.any(String),
    });
    const me = await http(`${emu.url}/v16.0/me?access_token=${r.body.access_token}`);
    expect(me.body).toEqual({ id: r.body.id, name: 'Tess Tuser' });
    const perms = await http(`${emu.url}/v16.0/me/permissions?access_token=${r.body.access_token}`);
    expect(perms.body.data.map((p: { permission: string }) => p.permission).sort()).toEqual([
      'pages_messaging',
      'pages_show_list',
      'public_profile',
    ]);
    const notInstalled = await http(
      `${emu.url}/v16.0/1000000000000001/accounts/test-users?access_token=${APP_TOKEN}`,
      { form: { installed: 'false' } },
    );
    expect(notInstalled.body.access_token).toBeUndefined();
    const withUserToken = await http(
      `${emu.url}/v16.0/1000000000000001/accounts/test-users?access_token=${f.userToken}`,
      { form: {} },
    );
    expect(withUserToken.body.error.code).toBe(100);
  });

  it('CORS headers for another origin, preflight answered', async () => {
    const r = await fetch(`${emu.url}/v16.0/me?access_token=${f.userToken}`, {
      headers: { origin: 'http://localhost:3000' },
    });
    expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const pre = await fetch(`${emu.url}/v16.0/me`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('no CORS for an origin that is not the product, and never for the control API', async () => {
    const other = await fetch(`${emu.url}/v16.0/me?access_token=${f.userToken}`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await fetch(`${emu.url}/v16.0/me`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    // The control API mints sign-in tokens: a page on the product's own origin may not call it either.
    for (const origin of ['https://evil.example', 'http://localhost:3000']) {
      const minting = await fetch(`${emu.url}/_emulator/users/${f.user.id}/tokens`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(minting.headers.get('access-control-allow-origin')).toBeNull();
      const state = await fetch(`${emu.url}/_emulator/state`, { headers: { origin } });
      expect(state.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('answers CORS for the origins it is given', async () => {
    const own = await start({ allowedOrigins: ['https://pagecast.example'] });
    try {
      const ok = await fetch(`${own.url}/v16.0/me`, {
        headers: { origin: 'https://pagecast.example' },
      });
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://pagecast.example');
      const dev = await fetch(`${own.url}/v16.0/me`, {
        headers: { origin: 'http://localhost:3000' },
      });
      expect(dev.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await own.close();
    }
  });
});

describe('demo world and seeding', () => {
  it('demo world is deterministic, has the admins, pages and a share inside the window', async () => {
    const a = await start({ seed: 'demo' });
    const b = await start({ seed: 'demo' });
    try {
      const sa = (await http(`${a.url}/_emulator/state`)).body;
      const sb = (await http(`${b.url}/_emulator/state`)).body;
      expect(sa.pages.map((p: { id: string }) => p.id)).toEqual(
        sb.pages.map((p: { id: string }) => p.id),
      );
      expect(sa.users.map((u: { name: string }) => u.name)).toEqual(['Demo Admin', 'Second Admin']);
      expect(sa.users[0].email).toBe('demo.admin@example.com');
      const bakery = sa.pages[0];
      expect(bakery.admins).toHaveLength(2);
      expect(
        sa.pages.filter((p: { admins: string[] }) => p.admins.includes(sa.users[1].id)),
      ).toHaveLength(2);
      expect(bakery.contacts).toBe(200);
      const page = a.world.pages.get(bakery.id);
      const now = a.world.now();
      const inside = [...(page?.contacts.values() ?? [])].filter(
        (c) => now - c.lastInboundAt < 86_400_000,
      ).length;
      expect(inside).toBeGreaterThan(20);
      expect(inside).toBeLessThan(90);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('POST /_emulator/seed is deterministic per seed', async () => {
    const a = await start();
    try {
      const spec = {
        seed: 'abc',
        users: 2,
        pagesPerUser: 2,
        contactsPerPage: 5,
        messagesPerContact: 2,
      };
      const one = (await http(`${a.url}/_emulator/seed`, { json: spec })).body;
      const full1 = (await http(`${a.url}/_emulator/state?full=1`)).body;
      const two = (await http(`${a.url}/_emulator/seed`, { json: spec })).body;
      const full2 = (await http(`${a.url}/_emulator/state?full=1`)).body;
      expect(one.counts).toMatchObject({ users: 2, pages: 4, contacts: 20 });
      expect(full1.pages).toEqual(full2.pages);
      expect(two.users).toEqual(one.users);
      const other = (await http(`${a.url}/_emulator/seed`, { json: { ...spec, seed: 'xyz' } }))
        .body;
      expect(other.pages[0].id).not.toBe(one.pages[0].id);
    } finally {
      await a.close();
    }
  });
});
