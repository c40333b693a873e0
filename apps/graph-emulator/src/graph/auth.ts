import { createHmac } from 'node:crypto';
import type { Page, TokenRecord, User } from '../world/types.js';
import type { World } from '../world/world.js';
import { param, type GraphRequest } from './request.js';
import { errors, GraphApiError } from './errors.js';

export type Auth =
  | { kind: 'APP' }
  | { kind: 'USER'; record: TokenRecord; user: User }
  | { kind: 'PAGE'; record: TokenRecord; user: User; page: Page };

export function tokenOf(req: GraphRequest): string | undefined {
  const fromParams = param(req, 'access_token');
  if (fromParams) return fromParams;
  const header = req.authorization;
  if (header) {
    const m = /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header);
    if (m?.[1]) return m[1];
  }
  return undefined;
}

/** Checks the token of every call: 104 when missing, 190 (+ subcode) when invalid, expired or revoked. */
export function authenticate(world: World, req: GraphRequest): Auth {
  const token = tokenOf(req);
  if (!token) throw errors.missingToken();
  if (token.includes('|')) {
    if (token === `${world.app.id}|${world.app.secret}`) return { kind: 'APP' };
    throw errors.badToken('Invalid OAuth access token signature.');
  }
  const check = world.tokens.check(token);
  if (!check.ok) throw errors.badToken(check.message, check.subcode);
  const record = check.record;
  const proof = param(req, 'appsecret_proof');
  if (
    proof !== undefined &&
    proof !== createHmac('sha256', world.app.secret).update(token).digest('hex')
  ) {
    throw new GraphApiError(100, 'Invalid appsecret_proof provided in the API argument');
  }
  const user = world.users.get(record.userId);
  if (!user)
    throw errors.badToken(
      'Error validating access token: The session is invalid because the user logged out.',
      467,
    );
  if (record.type === 'PAGE') {
    const page = record.pageId ? world.pages.get(record.pageId) : undefined;
    if (!page || !page.roles.has(user.id)) {
      throw errors.badToken(
        'Error validating access token: The user is not an administrator of the page.',
        467,
      );
    }
    return { kind: 'PAGE', record, user, page };
  }
  return { kind: 'USER', record, user };
}

export function requireScope(auth: Auth, scope: string): void {
  if (auth.kind === 'APP') return;
  if (!auth.record.scopes.includes(scope)) throw errors.permission(scope);
}

export function requirePageToken(
  auth: Auth,
  page: Page,
  method: string,
): Extract<Auth, { kind: 'PAGE' }> {
  if (auth.kind !== 'PAGE') throw errors.pageTokenRequired();
  if (auth.page.id !== page.id) throw errors.unknownObject(method, page.id);
  return auth;
}

export function requireAppToken(auth: Auth): void {
  if (auth.kind !== 'APP') throw errors.appTokenRequired();
}

export { GraphApiError };
