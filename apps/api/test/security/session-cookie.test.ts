// The browser's session (auth/cookies.ts): the JWT lives in an httpOnly cookie, so a page script cannot read
// it, and a write authenticated by that cookie must prove it came from the app (Origin / Sec-Fetch-Site and
// the CSRF token). Hostile cases: another site's form or fetch, a missing or foreign CSRF token, a cookie
// whose session was ended elsewhere. Bearer clients keep working without any of it.
import { createHmac } from 'node:crypto';
import {
  CROSS_SITE_REFUSED,
  CSRF_COOKIE,
  CSRF_HEADER,
  CSRF_TOKEN_REFUSED,
  HOST_COOKIE_PREFIX,
  SESSION_COOKIE,
} from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '../../src/auth/guards.js';
import { apiClient, bodyOf } from '../support/client.js';
import { emu } from '../support/emulator.js';
import { createWorld, type World } from '../support/world.js';

let world: World;
let user: { id: string };

beforeAll(async () => {
  world = await createWorld();
  user = await emu<{ id: string }>(world.emulator, '/_emulator/users', { name: 'Cookie Keeper' });
});
afterAll(() => world?.close());

/** A Set-Cookie line's attributes, by lower-case name (flags map to true). */
function parseSetCookie(line: string) {
  const [pair = '', ...attrs] = line.split(';').map((p) => p.trim());
  const eq = pair.indexOf('=');
  const flags: Record<string, string | true> = {};
  for (const attr of attrs) {
    const i = attr.indexOf('=');
    if (i < 0) flags[attr.toLowerCase()] = true;
    else flags[attr.slice(0, i).toLowerCase()] = attr.slice(i + 1);
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), flags };
}

type SetCookie = ReturnType<typeof parseSetCookie>;

/** The response's Set-Cookie lines by cookie name; asking for one that was not set fails the test. */
function setCookies(headers: Record<string, unknown>): (name: string) => SetCookie {
  const raw = headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? [raw] : [];
  const byName = new Map(lines.map((l) => [parseSetCookie(l).name, parseSetCookie(l)]));
  return (name) => byName.get(name) ?? fail(`Set-Cookie ${name} in ${lines.join(' | ')}`);
}

/** A claim of a JWT this app signed. */
const claim = <K extends 'exp' | 'sid'>(jwt: string, key: K) =>
  world.app.jwt.decode<Record<K, K extends 'exp' ? number : string>>(jwt)?.[key] ?? fail(key);
const fail = (what: string): never => {
  throw new Error(`missing ${what}`);
};

const appOrigin = () => world.config.webOrigin;
const sameOrigin = () => ({ origin: appOrigin(), 'sec-fetch-site': 'same-origin' });

/** Signs in as the emulator user: as a browser (Origin + Sec-Fetch-Site) or as a script (neither). */
async function signIn(headers: Record<string, string> = {}) {
  const { access_token: accessToken } = await emu<{ access_token: string }>(
    world.emulator,
    `/_emulator/users/${user.id}/tokens`,
    {},
  );
  return world.app.inject({
    method: 'POST',
    url: '/api/v1/admin/register-user-admin',
    headers,
    payload: { name: 'Cookie Keeper', userId: user.id, accessToken, expiresIn: 5184000 },
  });
}

/** A browser session: its cookies, and the headers the web app sends on a write. */
async function browserSession() {
  const res = await signIn(sameOrigin());
  expect(res.statusCode, res.body).toBe(200);
  const cookies = setCookies(res.headers);
  const session = cookies(SESSION_COOKIE).value;
  const csrf = cookies(CSRF_COOKIE).value;
  const cookie = `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrf}`;
  return { res, cookies, session, csrf, cookie };
}

/** A script's session (Bearer), which sees whether another session's write changed anything. */
async function bearerSession() {
  const res = await signIn();
  expect(res.statusCode, res.body).toBe(200);
  const { jwt } = res.json<{ jwt?: string }>();
  expect(jwt).toBeTruthy();
  return apiClient(world.app, { authorization: `Bearer ${jwt}` });
}

describe('sign-in from a browser', () => {
  it('sets the session as an httpOnly, SameSite=Strict, Path=/api cookie lasting as long as the JWT, and no jwt in the body', async () => {
    const { res, cookies, session } = await browserSession();
    const body = res.json<Record<string, unknown>>();
    expect(body.jwt).toBeUndefined();
    expect(body.user).toMatchObject({ userId: user.id });

    const sessionCookie = cookies(SESSION_COOKIE);
    const exp = claim(session, 'exp');
    expect(sessionCookie.flags).toMatchObject({ httponly: true, samesite: 'Strict', path: '/api' });
    // Plain http in the tests: Secure only over https or in production ('in production' below).
    expect(sessionCookie.flags.secure).toBeUndefined();
    const maxAge = Number(sessionCookie.flags['max-age']);
    expect(Math.abs(maxAge - (exp - Date.now() / 1000))).toBeLessThan(5);
    expect(maxAge).toBeGreaterThan(6 * 24 * 3600);

    // The CSRF cookie is for the app's scripts: readable, on every path, and not the token itself.
    const csrfCookie = cookies(CSRF_COOKIE);
    expect(csrfCookie.flags.httponly).toBeUndefined();
    expect(csrfCookie.flags).toMatchObject({ samesite: 'Strict', path: '/' });
    expect(Number(csrfCookie.flags['max-age'])).toBe(maxAge);
    expect(csrfCookie.value).not.toContain(session.split('.')[1]);
  });

  it('marks both cookies Secure when the request came over https', async () => {
    // The test config trusts loopback proxies: X-Forwarded-Proto from one says the browser used https.
    const res = await signIn({
      ...sameOrigin(),
      'x-forwarded-proto': 'https',
      host: new URL(appOrigin()).host,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookies = setCookies(res.headers);
    expect(cookies(SESSION_COOKIE).flags.secure).toBe(true);
    expect(cookies(CSRF_COOKIE).flags.secure).toBe(true);
  });

  it('still gives non-browser clients the jwt in the body', async () => {
    const res = await signIn();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ jwt?: string }>().jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('refuses a sign-in posted by another site (login CSRF)', async () => {
    const res = await signIn({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: CROSS_SITE_REFUSED });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('in production', () => {
  it('names both cookies __Host- (Secure, host-only, Path=/) and reads the session under that name only', async () => {
    // The one switch the cookies follow (app.ts decorates it from config.isProduction).
    world.app.sessionCookie.isProduction = true;
    try {
      const res = await signIn(sameOrigin());
      expect(res.statusCode, res.body).toBe(200);
      const cookies = setCookies(res.headers);
      const session = cookies(`${HOST_COOKIE_PREFIX}${SESSION_COOKIE}`);
      const csrf = cookies(`${HOST_COOKIE_PREFIX}${CSRF_COOKIE}`);
      for (const c of [session, csrf]) {
        expect(c.flags).toMatchObject({ secure: true, samesite: 'Strict', path: '/' });
        expect(c.flags.domain).toBeUndefined();
      }
      expect(session.flags.httponly).toBe(true);
      expect(csrf.flags.httponly).toBeUndefined();
      const named = (name: string) =>
        apiClient(world.app, {
          cookie: `${name}=${session.value}`,
          ...sameOrigin(),
          [CSRF_HEADER]: csrf.value,
        });
      bodyOf(await named(session.name).sessions.list(), 200);
      // The unprefixed name is what a sibling subdomain can toss in: production never reads it.
      expect((await named(SESSION_COOKIE).sessions.list()).status).toBe(401);
      const out = await named(session.name).sessions.revokeOthers();
      expect(out.status).toBe(200);
    } finally {
      world.app.sessionCookie.isProduction = false;
    }
  });
});

describe('a write authenticated by the cookie', () => {
  it('is refused (403, nothing changed) from a foreign Origin, a cross-site fetch, or without the matching CSRF token', async () => {
    const other = await bearerSession();
    const browser = await browserSession();
    const foreign = await browserSession();
    const cases: Array<[string, Record<string, string>, string]> = [
      [
        'foreign Origin',
        { origin: 'https://evil.example', [CSRF_HEADER]: browser.csrf },
        CROSS_SITE_REFUSED,
      ],
      ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }, CROSS_SITE_REFUSED],
      ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }, CROSS_SITE_REFUSED],
      ['no CSRF token', sameOrigin(), CSRF_TOKEN_REFUSED],
      [
        'another session’s token',
        { ...sameOrigin(), [CSRF_HEADER]: foreign.csrf },
        CSRF_TOKEN_REFUSED,
      ],
      ['a made-up token', { ...sameOrigin(), [CSRF_HEADER]: 'x'.repeat(43) }, CSRF_TOKEN_REFUSED],
    ];
    for (const [what, headers, message] of cases) {
      const client = apiClient(world.app, { cookie: browser.cookie, ...headers });
      const res = await client.sessions.revokeOthers();
      expect(res.status, what).toBe(403);
      expect(res.body, what).toEqual({ message });
    }
    // Nothing ended: the other sessions still work.
    bodyOf(await other.sessions.list(), 200);
    bodyOf(
      await apiClient(world.app, { cookie: foreign.cookie }).sessions.list(),
      200,
      'foreign browser session',
    );
  });

  it('goes through from the app itself (same origin, its CSRF token)', async () => {
    const other = await bearerSession();
    const browser = await browserSession();
    const client = apiClient(world.app, {
      cookie: browser.cookie,
      ...sameOrigin(),
      [CSRF_HEADER]: browser.csrf,
    });
    const { ended } = bodyOf(await client.sessions.revokeOthers(), 200);
    expect(ended).toBeGreaterThan(0);
    expect((await other.sessions.list()).status).toBe(401);
    // The token is the session's HMAC under the server secret: nothing a script could derive.
    const sid = claim(browser.session, 'sid');
    expect(browser.csrf).toBe(
      createHmac('sha256', world.config.jwtSecret).update(`csrf:${sid}`).digest('base64url'),
    );
  });

  it('needs no CSRF token for reads', async () => {
    const browser = await browserSession();
    bodyOf(await apiClient(world.app, { cookie: browser.cookie }).sessions.list(), 200);
  });
});

describe('Bearer clients', () => {
  it('write without any CSRF token (a browser never adds the header itself)', async () => {
    const client = await bearerSession();
    bodyOf(await client.sessions.revokeOthers(), 200);
  });
});

describe('ending the session', () => {
  it('log out clears both cookies and the cookie stops working', async () => {
    const browser = await browserSession();
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/logout',
      headers: { cookie: browser.cookie, ...sameOrigin(), [CSRF_HEADER]: browser.csrf },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cleared = setCookies(res.headers);
    expect(cleared(SESSION_COOKIE)).toMatchObject({ value: '', flags: { path: '/api' } });
    expect(cleared(CSRF_COOKIE)).toMatchObject({ value: '', flags: { path: '/' } });
    for (const c of [cleared(SESSION_COOKIE), cleared(CSRF_COOKIE)]) {
      expect(new Date(String(c.flags.expires)).getTime()).toBeLessThan(Date.now());
    }
    const after = await apiClient(world.app, { cookie: browser.cookie }).sessions.list();
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: SESSION_ENDED });
  });

  it('a cookie whose session was ended elsewhere is refused', async () => {
    const browser = await browserSession();
    const elsewhere = await bearerSession();
    bodyOf(await elsewhere.sessions.revokeOthers(), 200);
    const res = await apiClient(world.app, { cookie: browser.cookie }).sessions.list();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: SESSION_ENDED });
  });
});

describe("Meta's cross-site posts", () => {
  it('the webhook and the data-deletion callback are not cookie-authenticated: no CSRF check', async () => {
    const browser = await browserSession();
    const crossSite = {
      cookie: browser.cookie,
      origin: 'https://www.facebook.com',
      'sec-fetch-site': 'cross-site',
    };
    const body = JSON.stringify({ object: 'page', entry: [] });
    const signature = createHmac('sha256', world.config.fbAppSecret).update(body).digest('hex');
    const webhook = await world.app.inject({
      method: 'POST',
      url: '/api/webhooks/messenger',
      headers: {
        ...crossSite,
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${signature}`,
      },
      payload: body,
    });
    expect(webhook.statusCode, webhook.body).toBe(200);
    // A bad signed_request is refused for what it is, not as cross-site.
    const deletion = await world.app.inject({
      method: 'POST',
      url: '/api/v1/facebook/data-deletion',
      headers: { ...crossSite, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'signed_request=not.signed',
    });
    expect(deletion.statusCode, deletion.body).toBe(401);
    expect(deletion.json()).toEqual({ message: 'Invalid signed_request' });
  });
});
