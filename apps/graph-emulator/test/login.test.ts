import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { http, start } from './helpers.js';

describe('login dialog and sdk.js', () => {
  let emu: Emulator;
  let adminId: string;
  beforeAll(async () => {
    emu = await start({ seed: 'demo' });
    adminId = (await http(`${emu.url}/_emulator/state`)).body.users[0].id;
  });
  afterAll(() => emu.close());

  const dialog = (q: Record<string, string>) =>
    `${emu.url}/dialog/oauth?${new URLSearchParams({ client_id: '1000000000000001', ...q }).toString()}`;

  it('lists users with a button each, the scopes, and a cancel link', async () => {
    const r = await fetch(
      dialog({
        redirect_uri: 'http://localhost:3000/cb',
        scope: 'pages_show_list,pages_messaging',
        state: 's1',
        response_type: 'token',
      }),
    );
    const html = await r.text();
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Continue as Demo Admin');
    expect(html).toContain('Continue as Second Admin');
    expect(html).toContain('pages_messaging');
    expect(html).toMatch(/href="http:\/\/localhost:3000\/cb#error=access_denied[^"]*state=s1"/);
    const bad = await fetch(dialog({ client_id: '42', redirect_uri: 'http://x/cb' }));
    expect(bad.status).toBe(400);
  });

  it('response_type=token redirects with #access_token, expires_in and a signed_request', async () => {
    const r = await http(`${emu.url}/dialog/oauth/confirm`, {
      form: {
        client_id: '1000000000000001',
        redirect_uri: 'http://localhost:3000/cb',
        scope: 'pages_show_list',
        state: 'abc',
        response_type: 'token',
        return_scopes: 'true',
        user_id: adminId,
      },
    });
    expect(r.status).toBe(302);
    const loc = new URL(r.headers.get('location') ?? '');
    expect(`${loc.origin}${loc.pathname}`).toBe('http://localhost:3000/cb');
    const frag = new URLSearchParams(loc.hash.slice(1));
    expect(frag.get('state')).toBe('abc');
    expect(Number(frag.get('expires_in'))).toBeGreaterThan(3000);
    expect(frag.get('granted_scopes')).toContain('pages_show_list');
    const payload = JSON.parse(
      Buffer.from((frag.get('signed_request') ?? '').split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(payload.user_id).toBe(adminId);
    const me = await http(`${emu.url}/v16.0/me?access_token=${frag.get('access_token')}`);
    expect(me.body).toEqual({ id: adminId, name: 'Demo Admin' });
  });

  it('response_type=code redirects with ?code= that the server exchanges once', async () => {
    const redirect = 'http://localhost:3000/auth/callback';
    const r = await http(`${emu.url}/dialog/oauth/confirm`, {
      form: {
        client_id: '1000000000000001',
        redirect_uri: redirect,
        state: 'z',
        response_type: 'code',
        user_id: adminId,
      },
    });
    const loc = new URL(r.headers.get('location') ?? '');
    const code = loc.searchParams.get('code') ?? '';
    expect(loc.searchParams.get('state')).toBe('z');
    const q = new URLSearchParams({
      client_id: '1000000000000001',
      client_secret: 'pagecast-emulator-app-secret',
      redirect_uri: redirect,
      code,
    });
    const ex = await http(`${emu.url}/v16.0/oauth/access_token?${q.toString()}`);
    expect(ex.body).toMatchObject({
      access_token: expect.stringMatching(/^EAA/),
      token_type: 'bearer',
    });
    expect(
      (await http(`${emu.url}/v16.0/oauth/access_token?${q.toString()}`)).body.error.code,
    ).toBe(100);
  });

  it('serves sdk.js that parses and defines FB.init/login/getLoginStatus/api/logout and calls fbAsyncInit', async () => {
    const r = await fetch(`${emu.url}/sdk.js`);
    expect(r.headers.get('content-type')).toContain('javascript');
    const src = await r.text();
    expect(src).toContain(emu.url);
    const calls: string[] = [];
    const storage = new Map<string, string>();
    const fakeWindow: Record<string, unknown> = {
      fbAsyncInit: () => calls.push('init'),
      localStorage: {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => storage.set(k, v),
        removeItem: (k: string) => storage.delete(k),
      },
      location: { origin: 'http://localhost:3000' },
      addEventListener: () => {},
      removeEventListener: () => {},
      open: () => ({ closed: true }),
      fetch: (url: string, init: RequestInit) => fetch(url, init),
      atob: (s: string) => Buffer.from(s, 'base64').toString('binary'),
    };
    // The test runs the served SDK script the way a browser would: evaluating it is the point.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function('window', src)(fakeWindow);
    const FB = fakeWindow.FB as Record<string, (...a: unknown[]) => void>;
    for (const m of ['init', 'login', 'getLoginStatus', 'api', 'logout'])
      expect(typeof FB[m]).toBe('function');
    await new Promise((r2) => setTimeout(r2, 10));
    expect(calls).toEqual(['init']);
    FB.init?.({ appId: '1000000000000001', version: 'v16.0', cookie: true, xfbml: false });
    const status = await new Promise((res) => FB.getLoginStatus?.(res));
    expect(status).toEqual({ status: 'unknown', authResponse: null });
    // a popup that is closed without logging in -> unknown
    const login = await new Promise((res) => FB.login?.(res, { scope: 'pages_show_list' }));
    expect(login).toEqual({ status: 'unknown', authResponse: null });
    // api() calls the emulator over HTTP (token from params)
    const token = (await http(`${emu.url}/_emulator/users/${adminId}/tokens`, { json: {} })).body
      .access_token;
    const me = await new Promise((res) =>
      FB.api?.('/me', { access_token: token, fields: 'id,name' }, res),
    );
    expect(me).toEqual({ id: adminId, name: 'Demo Admin' });
    const err = await new Promise((res) => FB.api?.('/me', res));
    expect(err).toMatchObject({ error: { code: 104 } });
  });

  it('serves the popup callback page that posts the result to the opener', async () => {
    const html = await (
      await fetch(`${emu.url}/dialog/oauth/callback?origin=http%3A%2F%2Flocalhost%3A3000`)
    ).text();
    expect(html).toContain('postMessage');
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    const posted: unknown[] = [];
    const win = {
      opener: { postMessage: (m: unknown, o: string) => posted.push([m, o]) },
      close: () => {},
    };
    const loc = {
      search: '?origin=http%3A%2F%2Flocalhost%3A3000',
      hash: '#access_token=EAAx&state=s',
    };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the served page script, as above
    new Function('window', 'location', 'setTimeout', script)(win, loc, () => {});
    expect(posted).toEqual([
      [
        { type: 'pagecast-emulator-login', params: { access_token: 'EAAx', state: 's' } },
        'http://localhost:3000',
      ],
    ]);
  });

  describe('no web site drives the emulator or receives a token', () => {
    const confirm = (redirect_uri: string, headers: Record<string, string> = {}) =>
      http(`${emu.url}/dialog/oauth/confirm`, {
        form: {
          client_id: '1000000000000001',
          redirect_uri,
          scope: 'pages_show_list',
          response_type: 'token',
          user_id: adminId,
        },
        headers,
      });

    it("refuses a redirect_uri outside the app's origins, in Meta's words, at the dialog and the confirm", async () => {
      const dialogPage = await fetch(dialog({ redirect_uri: 'https://attacker.example/cb' }));
      expect(dialogPage.status).toBe(400);
      expect(await dialogPage.text()).toContain('URL Blocked: This redirect failed');
      const posted = await confirm('https://attacker.example/cb');
      expect(posted.status).toBe(400);
      expect(posted.headers.get('location')).toBeNull();
      // The SDK's own callback may carry the token only to one of the app's origins.
      const viaCallback = await confirm(
        `${emu.url}/dialog/oauth/callback?origin=${encodeURIComponent('https://attacker.example')}`,
      );
      expect(viaCallback.status).toBe(400);
      const callbackPage = await fetch(
        `${emu.url}/dialog/oauth/callback?origin=${encodeURIComponent('https://attacker.example')}`,
      );
      expect(callbackPage.status).toBe(400);
      expect(await callbackPage.text()).not.toContain('postMessage');
      // The app's own origin, directly or through the SDK's callback, still works.
      expect((await confirm('http://localhost:3000/cb')).status).toBe(302);
      const sdk = await confirm(
        `${emu.url}/dialog/oauth/callback?origin=${encodeURIComponent('http://localhost:3000')}`,
      );
      expect(sdk.status).toBe(302);
      expect(sdk.headers.get('location')).toMatch(
        /\/dialog\/oauth\/callback\?origin=.*#access_token=/,
      );
    });

    it('refuses cross-site form posts to the confirm step and the control API, and rebound host names', async () => {
      const crossSite = { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' };
      expect((await confirm('http://localhost:3000/cb', crossSite)).status).toBe(403);
      expect((await confirm('http://localhost:3000/cb', { origin: 'null' })).status).toBe(403);
      const users = () =>
        http(`${emu.url}/_emulator/state`).then((r) => r.body.users.length as number);
      const before = await users();
      const forged = await http(`${emu.url}/_emulator/users`, {
        form: { name: 'Mallory' },
        headers: { origin: 'https://attacker.example' },
      });
      expect(forged.status).toBe(403);
      // Reads stay open to pages (the product's inbox shows the emulator's media); changes do not.
      const sameSite = { 'sec-fetch-site': 'same-site' };
      expect((await http(`${emu.url}/_emulator/state`, { headers: sameSite })).status).toBe(200);
      const write = await http(`${emu.url}/_emulator/users`, {
        json: { name: 'Mallory' },
        headers: sameSite,
      });
      expect(write.status).toBe(403);
      expect(await users()).toBe(before);
      // DNS rebinding: a public name pointed at 127.0.0.1 reaches the port with its own Host.
      const port = new URL(emu.url).port;
      const rebound = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/_emulator/state',
            headers: { host: `rebind.attacker.example:${port}` },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(rebound).toBe(403);
      // The emulator's own dialog posting to itself, and scripts without browser headers, still pass.
      const own = await confirm('http://localhost:3000/cb', {
        origin: new URL(emu.url).origin,
        'sec-fetch-site': 'same-origin',
      });
      expect(own.status).toBe(302);
      expect((await http(`${emu.url}/_emulator/state`)).status).toBe(200);
    });

    it('judges the path Fastify routes on, not the raw URL (`%5F` is `_`)', async () => {
      const crossSite = { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' };
      const users = () =>
        http(`${emu.url}/_emulator/state`).then((r) => r.body.users.length as number);
      const before = await users();
      for (const path of ['/%5Femulator/users', '/%5femulator/users', '/_%65mulator/users']) {
        const forged = await http(`${emu.url}${path}`, {
          form: { name: 'Mallory' },
          headers: crossSite,
        });
        expect(forged.status, path).toBe(403);
      }
      const confirmed = await http(`${emu.url}/dialog/oauth/%63onfirm`, {
        form: {
          client_id: '1000000000000001',
          redirect_uri: 'http://localhost:3000/cb',
          scope: 'pages_show_list',
          response_type: 'token',
          user_id: adminId,
        },
        headers: crossSite,
      });
      expect(confirmed.status).toBe(403);
      expect(await users()).toBe(before);
      // The control API never answers with CORS, however its path is spelled.
      const read = await fetch(`${emu.url}/%5Femulator/state`, {
        headers: { origin: 'http://localhost:3000' },
      });
      expect(read.status).toBe(200);
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
    });
  });
});
