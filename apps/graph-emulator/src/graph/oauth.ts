import { randomBytes } from 'node:crypto';
import type { TokenRecord } from '../world/types.js';
import type { World } from '../world/world.js';
import { authenticate, requireAppToken } from './auth.js';
import { param, type GraphRequest } from './request.js';
import { errors, GraphApiError } from './errors.js';

function checkClient(world: World, req: GraphRequest): void {
  if (param(req, 'client_id') !== world.app.id)
    throw new GraphApiError(101, 'Error validating application. Invalid application ID.');
  if (param(req, 'client_secret') !== world.app.secret)
    throw new GraphApiError(101, 'Error validating client secret.');
}

const tokenResponse = (world: World, r: TokenRecord) => ({
  access_token: r.token,
  token_type: 'bearer',
  ...(r.expiresAt
    ? { expires_in: Math.max(0, Math.round((r.expiresAt - world.now()) / 1000)) }
    : {}),
});

/** `GET /oauth/access_token`: fb_exchange_token, authorization code, client_credentials. */
export function accessToken(world: World, req: GraphRequest): Record<string, unknown> {
  const grant = param(req, 'grant_type');
  if (grant === 'client_credentials') {
    checkClient(world, req);
    return { access_token: `${world.app.id}|${world.app.secret}`, token_type: 'bearer' };
  }
  if (grant === 'fb_exchange_token') {
    checkClient(world, req);
    const short = param(req, 'fb_exchange_token');
    if (!short) throw errors.param('Missing parameter fb_exchange_token');
    const check = world.tokens.check(short);
    if (!check.ok) throw errors.badToken(check.message, check.subcode);
    if (check.record.type !== 'USER')
      throw errors.param('fb_exchange_token must be a user access token');
    const r = world.tokens.issue({
      type: 'USER',
      userId: check.record.userId,
      appId: world.app.id,
      scopes: check.record.scopes,
      longLived: true,
    });
    world.touch();
    return tokenResponse(world, r);
  }
  const code = param(req, 'code');
  if (code !== undefined) {
    checkClient(world, req);
    const entry = world.authCodes.get(code);
    world.authCodes.delete(code);
    if (!entry || entry.expiresAt < world.now())
      throw new GraphApiError(100, 'This authorization code has been used.', 36009);
    if (param(req, 'redirect_uri') !== entry.redirectUri) {
      throw new GraphApiError(
        100,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        36008,
      );
    }
    const r = world.tokens.issue({
      type: 'USER',
      userId: entry.userId,
      appId: world.app.id,
      scopes: entry.scopes,
      longLived: false,
    });
    world.touch();
    return tokenResponse(world, r);
  }
  throw errors.param('Missing redirect_uri parameter.');
}

export function newAuthCode(
  world: World,
  userId: string,
  scopes: string[],
  redirectUri: string,
): string {
  const code = 'AQ' + randomBytes(24).toString('base64url');
  world.authCodes.set(code, { userId, scopes, redirectUri, expiresAt: world.now() + 10 * 60_000 });
  return code;
}

/** `GET /debug_token?input_token=...&access_token=<app token>`. */
export function debugToken(world: World, req: GraphRequest): Record<string, unknown> {
  requireAppToken(authenticate(world, req));
  const input = param(req, 'input_token');
  if (!input) throw errors.param('The parameter input_token is required');
  const app = { app_id: world.app.id, application: world.app.name };
  if (input === `${world.app.id}|${world.app.secret}`) {
    return { data: { ...app, type: 'APP', is_valid: true, scopes: [] } };
  }
  const check = world.tokens.check(input);
  const r = check.ok ? check.record : check.record;
  if (!r) {
    return {
      data: {
        error: { code: 190, message: 'Invalid OAuth access token.' },
        is_valid: false,
        scopes: [],
      },
    };
  }
  const secs = (ms: number) => Math.floor(ms / 1000);
  const data: Record<string, unknown> = {
    ...app,
    // Like Facebook: the app the token was issued for, which callers must compare with their own.
    app_id: r.appId,
    type: r.type,
    data_access_expires_at: secs(r.dataAccessExpiresAt),
    expires_at: r.expiresAt === 0 ? 0 : secs(r.expiresAt),
    is_valid: check.ok,
    issued_at: secs(r.issuedAt),
    ...(r.pageId ? { profile_id: r.pageId } : {}),
    scopes: r.scopes,
    granular_scopes: r.scopes
      .filter((s) => s.startsWith('pages_'))
      .map((scope) => ({
        scope,
        target_ids: r.pageId ? [r.pageId] : world.pagesOf(r.userId).map((p) => p.id),
      })),
    user_id: r.userId,
  };
  if (!check.ok)
    data.error = {
      code: 190,
      message: check.message,
      ...(check.subcode ? { subcode: check.subcode } : {}),
    };
  return { data };
}
