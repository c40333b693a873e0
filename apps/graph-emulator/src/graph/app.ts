// The app node (`/{app-id}`) and its edges, which need an app token: webhook subscriptions, test users.
import { randomBytes } from 'node:crypto';
import { PAGE_SUBSCRIBED_FIELDS } from '../webhooks/fields.js';
import type { Auth } from './auth.js';
import type { GraphContext } from './context.js';
import { errors, GraphApiError } from './errors.js';
import { param, parseFieldList, type GraphRequest } from './request.js';

export function appRoutes(
  ctx: GraphContext,
  req: GraphRequest,
  auth: Auth,
  rest: string[],
): unknown {
  const { world } = ctx;
  const [edge, ...more] = rest;
  if (edge === undefined && req.method === 'GET')
    return { id: world.app.id, name: world.app.name, link: 'https://pagecast.example/' };
  if (auth.kind !== 'APP') throw errors.appTokenRequired();
  if (edge === 'subscriptions' && more.length === 0) return subscriptions(ctx, req);
  if (edge === 'accounts' && more[0] === 'test-users' && more.length === 1)
    return testUsers(ctx, req);
  throw errors.nonexistingField(edge ?? '', 'Application');
}

async function subscriptions(ctx: GraphContext, req: GraphRequest): Promise<unknown> {
  const { world } = ctx;
  const sub = world.app.subscription;
  if (req.method === 'GET') {
    return {
      data: sub
        ? [
            {
              object: sub.object,
              callback_url: sub.callbackUrl,
              active: true,
              fields: sub.fields.map((name) => ({ name, version: 'v16.0' })),
            },
          ]
        : [],
    };
  }
  if (req.method === 'DELETE') {
    const fields = parseFieldList(req.params['fields']);
    if (sub && fields.length > 0) sub.fields = sub.fields.filter((f) => !fields.includes(f));
    if (!sub || fields.length === 0 || sub.fields.length === 0) world.app.subscription = null;
    world.touch();
    return { success: true };
  }
  const object = param(req, 'object');
  if (object !== 'page') throw errors.param('Param object must be one of {page} in this emulator');
  const callbackUrl = param(req, 'callback_url');
  if (!callbackUrl || !/^https?:\/\//.test(callbackUrl))
    throw errors.param('Param callback_url must be a valid URL');
  const verifyToken = param(req, 'verify_token') ?? '';
  const fields = parseFieldList(req.params['fields']);
  if (fields.length === 0) throw errors.param('Param fields must be non-empty');
  for (const f of fields)
    if (!PAGE_SUBSCRIBED_FIELDS.has(f))
      throw errors.param(`Param fields has an invalid field "${f}"`);
  const challenge = String(randomBytes(4).readUInt32BE(0));
  const result = await ctx.webhooks.verify(callbackUrl, verifyToken, challenge);
  if (result.status !== 200) {
    throw new GraphApiError(
      2200,
      `(#2200) Callback verification failed with the following errors: HTTP Status Code = ${result.status}; HTTP Message = ${result.error ?? 'Unexpected status'}`,
    );
  }
  if (result.body !== challenge) {
    throw new GraphApiError(
      2201,
      `(#2201) response does not match challenge, expected value="${challenge}", received="${result.body.slice(0, 100)}"`,
    );
  }
  const merged =
    sub && sub.callbackUrl === callbackUrl ? [...new Set([...sub.fields, ...fields])] : fields;
  world.app.subscription = { object: 'page', callbackUrl, verifyToken, fields: merged };
  world.touch();
  return { success: true };
}

function testUsers(ctx: GraphContext, req: GraphRequest): unknown {
  const { world } = ctx;
  if (req.method === 'GET') {
    const list = [...world.users.values()].filter((u) => u.isTestUser);
    return {
      data: list.map((u) => ({
        id: u.id,
        login_url: `${ctx.baseUrl()}/_emulator/test-users/${u.id}/login`,
      })),
    };
  }
  if (req.method !== 'POST') throw errors.unknownObject(req.method, world.app.id);
  const installedRaw = param(req, 'installed');
  const installed =
    installedRaw === undefined ? true : installedRaw !== 'false' && installedRaw !== '0';
  const permissions = parseFieldList(req.params['permissions']);
  const name = param(req, 'name') ?? `Test User ${world.users.size + 1}`;
  const user = world.createUser({ name, installed, scopes: permissions });
  user.isTestUser = true;
  user.email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${user.id.slice(-6)}@tfbnw.net`;
  user.password = randomBytes(9).toString('base64url');
  const token = world.userTokenIfInstalled(user, true);
  return {
    id: user.id,
    ...(token ? { access_token: token } : {}),
    login_url: `${ctx.baseUrl()}/_emulator/test-users/${user.id}/login`,
    email: user.email,
    password: user.password,
  };
}
