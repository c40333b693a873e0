// Every write a signed-in browser can make (each private POST/PUT/PATCH/DELETE of the contract), sent with
// the session cookie the way another site's page would make the browser send it: refused with 403 and the
// database unchanged. The same request with the app's CSRF token from the app's origin is not refused.
import {
  CROSS_SITE_REFUSED,
  CSRF_HEADER,
  CSRF_TOKEN_REFUSED,
  SESSION_COOKIE,
} from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfToken } from '../../src/auth/cookies.js';
import {
  allRoutes,
  caseBuilders,
  createWorld,
  expectDeclared,
  injectOptions,
  snapshot,
  type World,
} from './world.js';

let world: World;
beforeAll(async () => {
  world = await createWorld();
});
afterAll(() => world?.close());

const writes = allRoutes.filter(
  (r) => r.meta.auth !== 'public' && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.route.method),
);

/** The admin's session as the browser holds it: the cookie, and the token of that session. */
async function browserSession() {
  const { authorization } = await world.bearer(world.own, 'operator');
  const jwt = authorization.replace(/^Bearer /, '');
  const sid = world.app.jwt.decode<{ sid: string }>(jwt)?.sid ?? '';
  return { cookie: `${SESSION_COOKIE}=${jwt}`, csrf: csrfToken(world.config.jwtSecret, sid) };
}

const forged = (s: { cookie: string; csrf: string }) =>
  [
    [
      'another site (Origin)',
      { origin: 'https://evil.example', [CSRF_HEADER]: s.csrf },
      CROSS_SITE_REFUSED,
    ],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }, CROSS_SITE_REFUSED],
    ['no CSRF token', { origin: world.config.webOrigin }, CSRF_TOKEN_REFUSED],
  ] as const;

describe('cookie-authenticated writes', () => {
  it('covers every private write of the contract', () => {
    expect(writes.length).toBeGreaterThan(20);
    expect(writes.filter((r) => !caseBuilders[r.key]).map((r) => r.key)).toEqual([]);
  });

  describe.each(writes.map((r) => [r.key, r] as const))('%s', (key, route) => {
    it('from another site, or without the CSRF token: 403, database unchanged', async () => {
      const builder = caseBuilders[key];
      if (!builder) throw new Error(`no case builder for ${key}`);
      const session = await browserSession();
      for (const [what, headers, message] of forged(session)) {
        const before = await snapshot(world.database);
        const res = await world.app.inject(
          injectOptions(route, builder(world.own), { cookie: session.cookie, ...headers }),
        );
        expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
        expectDeclared(route, res.statusCode, what);
        expect(res.json(), what).toEqual({ message });
        expect(await snapshot(world.database), what).toEqual(before);
      }
      // The app's own request gets past the check (whatever the route then answers).
      const res = await world.app.inject(
        injectOptions(route, builder(world.own), {
          cookie: session.cookie,
          origin: world.config.webOrigin,
          'sec-fetch-site': 'same-origin',
          [CSRF_HEADER]: session.csrf,
        }),
      );
      expect(res.body).not.toContain(CROSS_SITE_REFUSED);
      expect(res.body).not.toContain(CSRF_TOKEN_REFUSED);
      expectDeclared(route, res.statusCode, 'the app’s own request');
    });
  });
});
