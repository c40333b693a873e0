// Authorization matrix generated from the contract: every private route x {no token, expired, forged,
// malformed, another admin's page}, each answered with the error body and leaving the database unchanged.
import { createHmac } from 'node:crypto';
import type { ContractRoute } from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must } from '../support/assert.js';
import {
  allRoutes,
  caseBuilders,
  createWorld,
  expectDeclared,
  handMadeJwt,
  injectOptions,
  snapshot,
  type World,
} from './world.js';

let world: World;
const privateRoutes = allRoutes.filter((r) => r.meta.auth !== 'public');
/** Routes the matrix covers (every private route) and the refusal cases that actually ran. */
const tally = { routes: privateRoutes.length, cases: 0 };

beforeAll(async () => {
  world = await createWorld();
}, 120_000);

afterAll(async () => {
  // The figure docs/reliability.md quotes.
  console.info(`auth matrix: ${tally.routes} routes, ${tally.cases} cases`);
  await world?.close();
});

const now = () => Math.floor(Date.now() / 1000);

interface Case {
  name: string;
  headers: () => Record<string, string> | Promise<Record<string, string>>;
  /** Whose ids the request carries. */
  target: 'own' | 'other';
  status: number;
}

function casesFor(route: ContractRoute): Case[] {
  const claims = () => ({ sub: world.own.adminId, uid: world.own.userId, role: 'admin' });
  const cases: Case[] = [
    { name: 'no token', headers: () => ({}), target: 'own', status: 401 },
    {
      name: 'expired token',
      headers: () => ({
        authorization: `Bearer ${handMadeJwt(world.config.jwtSecret, claims(), { iat: now() - 8 * 86400, exp: now() - 86400 })}`,
      }),
      target: 'own',
      status: 401,
    },
    {
      name: 'forged token (another secret)',
      headers: () => ({
        authorization: `Bearer ${handMadeJwt('some-other-secret-of-an-attacker', { ...claims(), role: 'operator' }, { iat: now(), exp: now() + 3600 })}`,
      }),
      target: 'own',
      status: 401,
    },
    {
      name: 'unsigned token (alg none)',
      headers: () => {
        const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
        return {
          authorization: `Bearer ${enc({ alg: 'none', typ: 'JWT' })}.${enc({ ...claims(), iat: now(), exp: now() + 3600 })}.`,
        };
      },
      target: 'own',
      status: 401,
    },
    {
      // Logged out (or ended by deauthorize, deletion, an operator): the JWT is still well signed and unexpired.
      name: 'token of an ended session',
      headers: async () => {
        const headers = await world.bearer(world.own);
        const res = await world.app.inject({
          method: 'POST',
          url: '/api/v1/sessions/logout',
          headers,
        });
        if (res.statusCode !== 200) throw new Error(`logout failed: ${res.body}`);
        return headers;
      },
      target: 'own',
      status: 401,
    },
    {
      name: 'malformed bearer',
      headers: () => ({ authorization: 'Bearer not.a.jwt' }),
      target: 'own',
      status: 401,
    },
  ];
  if (route.meta.auth === 'operator') {
    cases.push({
      name: 'valid admin token, not an operator',
      headers: () => world.bearer(world.own),
      target: 'other',
      status: 403,
    });
  } else if (route.meta.pageScoped || /:\w+/.test(route.route.path)) {
    cases.push({
      name: 'valid token of an admin who does not manage the page',
      headers: () => world.bearer(world.own),
      target: 'other',
      status: 404,
    });
  }
  return cases;
}

describe('authorization matrix', () => {
  it('every contract route has a case builder (add one for a new route)', () => {
    const keys = allRoutes.map((r) => r.key).sort();
    expect(keys.filter((k) => !caseBuilders[k])).toEqual([]);
    expect(Object.keys(caseBuilders).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('the case builders produce valid requests for the owner (the matrix tests auth, not validation)', async () => {
    for (const route of allRoutes) {
      const builder = caseBuilders[route.key];
      if (!builder || route.meta.auth === 'public' || route.meta.raw) continue;
      const parts = builder(world.own);
      const { pathParams, query, body } = route.route as {
        pathParams?: { safeParse: (v: unknown) => { success: boolean } };
        query?: { safeParse: (v: unknown) => { success: boolean } };
        body?: { safeParse?: (v: unknown) => { success: boolean } };
      };
      if (pathParams)
        expect(pathParams.safeParse(parts.params ?? {}).success, route.key).toBe(true);
      if (query) expect(query.safeParse(parts.query ?? {}).success, route.key).toBe(true);
      if (body?.safeParse) expect(body.safeParse(parts.body).success, route.key).toBe(true);
    }
  });

  it("the owner's own GET requests succeed (so the foreign 404s come from the ownership check)", async () => {
    for (const route of allRoutes) {
      const builder = caseBuilders[route.key];
      if (!builder || route.meta.auth !== 'admin' || route.meta.raw || route.route.method !== 'GET')
        continue;
      const res = await world.app.inject(
        injectOptions(route, builder(world.own), await world.bearer(world.own)),
      );
      expect(res.statusCode, `${route.key}: ${res.body}`).toBe(200);
    }
  });

  describe.each(privateRoutes.map((r) => [r.key, r] as const))('%s', (key, route) => {
    it.each(casesFor(route).map((c) => [c.name, c] as const))(
      '%s -> refused, database unchanged',
      async (_name, c) => {
        const builder = caseBuilders[key];
        if (!builder) throw new Error(`no case builder for ${key}`);
        // Headers first: making a session token writes its row, and the request must change nothing.
        const headers = await c.headers();
        const before = await snapshot(world.database);
        const res = await world.app.inject(
          injectOptions(route, builder(c.target === 'own' ? world.own : world.other), headers),
        );
        if (key === 'pages.syncStatus' && c.target === 'other') {
          // By design (spec §4's poller): another admin's job reads exactly like an unknown one.
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json<{ status: string }>().status).toBe('not_found');
        } else {
          expect(res.statusCode, res.body).toBe(c.status);
          expect(typeof res.json<{ message: unknown }>().message).toBe('string');
        }
        expectDeclared(route, res.statusCode);
        expect(await snapshot(world.database)).toEqual(before);
        tally.cases++;
      },
    );
  });

  describe('public routes with their own checks', () => {
    const route = (key: string) => {
      const found = allRoutes.find((r) => r.key === key);
      if (!found) throw new Error(`route ${key} is gone from the contract`);
      return found;
    };
    const sign = (raw: string, secret: string) =>
      `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
    const signedRequest = (secret: string) => {
      const payload = Buffer.from(
        JSON.stringify({ algorithm: 'HMAC-SHA256', issued_at: now(), user_id: world.other.userId }),
      ).toString('base64url');
      const sig = createHmac('sha256', secret).update(payload).digest('base64url');
      return `signed_request=${sig}.${payload}`;
    };
    const body = JSON.stringify({ object: 'page', entry: [] });
    const cases: Array<[string, () => ReturnType<typeof injectOptions>, number]> = [
      [
        'webhook delivery without signature',
        () => ({ ...injectOptions(route('system.webhookReceive'), { body }) }),
        401,
      ],
      [
        'webhook delivery signed with another secret',
        () =>
          injectOptions(
            route('system.webhookReceive'),
            { body },
            {
              'x-hub-signature-256': sign(body, 'not-the-app-secret'),
            },
          ),
        403,
      ],
      [
        'webhook verification with a wrong verify token',
        () =>
          injectOptions(route('system.webhookVerify'), {
            query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1' },
          }),
        403,
      ],
      [
        'data deletion callback signed with another secret',
        () =>
          injectOptions(route('system.dataDeletionCallback'), {
            body: signedRequest('not-the-app-secret'),
            contentType: 'application/x-www-form-urlencoded',
          }),
        401,
      ],
      [
        'deauthorize callback signed with another secret',
        () =>
          injectOptions(route('system.deauthorizeCallback'), {
            body: signedRequest('not-the-app-secret'),
            contentType: 'application/x-www-form-urlencoded',
          }),
        401,
      ],
    ];
    it.each(cases)('%s -> refused, database unchanged', async (_name, options, status) => {
      const before = await snapshot(world.database);
      const sent = options();
      const res = await world.app.inject(sent);
      expect(res.statusCode, res.body).toBe(status);
      expect(typeof res.json<{ message: unknown }>().message).toBe('string');
      const url = typeof sent.url === 'string' ? sent.url : '';
      const answered = allRoutes.find(
        (r) => r.route.method === sent.method && r.route.path === url.split('?')[0],
      );
      expectDeclared(must(answered, `the route of ${sent.method} ${url}`), status);
      expect(await snapshot(world.database)).toEqual(before);
      tally.cases++;
    });
  });
});
