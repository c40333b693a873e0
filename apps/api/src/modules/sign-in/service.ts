// Sign-in (spec §4): the body says who the caller claims to be; only the social network's
// debug_token says who they are. Then: long-lived token, admin upsert, every managed page with its
// token (encrypted), links refreshed, webhooks subscribed, and the admin's pages answered.
import type { LoginResult, Page } from '@pagecast/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Role, SESSION_TTL_MS, signAdminToken } from '../../auth/index.js';
import { assertTokenFor, SIGN_IN_MESSAGES } from '../../auth/facebook-login.js';
import { GraphError, type GraphClient } from '../../graph/index.js';
import { inTransaction, type Sql } from '../../db/client.js';
import { subscribePageWebhooks } from '../webhooks/index.js';
import type { Account } from '../../graph/types.js';
import { ForbiddenError, UnauthorizedError, UnavailableError } from '../../errors.js';
import type { ModuleDeps } from '../shared/deps.js';
import { graphOf } from '../shared/page-graph.js';
import { listAdminPages } from '../pages/index.js';
import { openSession } from '../sessions/index.js';
import * as repo from './repo.js';

/** What the Messenger webhooks must deliver, feature by feature (modules/webhooks/page-subscription.ts). */
export { PAGE_WEBHOOK_FIELDS } from '../webhooks/index.js';

/** What sign-in and the page access re-check ask /me/accounts for. */
export const ACCOUNT_QUERY = { limit: 100, fields: 'id,name,access_token,category,tasks,picture' };

/** /me/accounts as the page links store it (each page token encrypted). */
export function toPageInputs(
  accounts: Account[],
  encrypt: (plain: string) => string,
): repo.PageInput[] {
  return accounts.map((a) => ({
    fbPageId: a.id,
    name: a.name,
    profilePicture: a.picture?.data?.url ?? null,
    category: a.category ?? null,
    pageTokenEnc: a.access_token ? encrypt(a.access_token) : null,
    tasks: a.tasks ?? [],
  }));
}

export interface RegisterInput {
  name: string;
  email?: string | null;
  profilePic?: string | null;
  userId: string;
  accessToken: string;
  expiresIn: number;
}

/** The HTTP side of a sign-in: where it comes from (recorded on the session) and the app that signs JWTs. */
export interface SignInRequest {
  log: FastifyBaseLogger;
  userAgent: string | null;
  ip: string;
  server: FastifyInstance;
}

export interface SignInResult {
  adminId: string;
  role: Role;
  user: LoginResult['user'];
  accounts: Page[];
  /** The new session: its JWT (expiring at `exp`, seconds since the epoch) and its row. */
  session: { jwt: string; sessionId: string; exp: number };
}

/** Graph failures during sign-in as the caller should see them; anything else stays a 500. */
function signInError(err: unknown, during: 'token' | 'pages'): unknown {
  if (!(err instanceof GraphError)) return err;
  if (err.kind === 'token') return new UnauthorizedError(SIGN_IN_MESSAGES.invalidToken);
  if (err.kind === 'permission' && during === 'pages')
    return new ForbiddenError(SIGN_IN_MESSAGES.noPageList);
  if (err.kind === 'rate_limit' || err.kind === 'transient')
    return new UnavailableError(SIGN_IN_MESSAGES.unavailable);
  return err;
}

export type SignInService = ReturnType<typeof createSignInService>;

export function createSignInService(deps: ModuleDeps) {
  return {
    registerUserAdmin: (input: RegisterInput, request: SignInRequest) =>
      registerUserAdmin(deps, input, request),
  };
}

async function registerUserAdmin(
  deps: ModuleDeps,
  input: RegisterInput,
  request: SignInRequest,
): Promise<SignInResult> {
  const { log } = request;
  const graph = graphOf(deps);
  const { config, pool: db, tokens } = deps;

  let longLived: { token: string; expiresAt: Date | null };
  let profile: { name: string; email: string | null; profilePic: string | null };
  let grantedScopes: string[];
  try {
    const debug = await graph.debugToken(input.accessToken);
    assertTokenFor(debug, config.fbAppId, input.userId);
    // What the person granted in the login dialog (declined ones are left out): the screens that need a
    // permission say which is missing and how to grant it (docs/product.md §6).
    grantedScopes = Array.isArray(debug.scopes)
      ? debug.scopes.filter((s): s is string => typeof s === 'string')
      : [];
    const exchanged = await graph.exchangeToken(input.accessToken);
    longLived = {
      token: exchanged.accessToken,
      expiresAt: exchanged.expiresIn ? new Date(Date.now() + exchanged.expiresIn * 1000) : null,
    };
    // The profile from the network rather than the body; the body fills what the token may not show.
    const me = await graph.getMe(longLived.token);
    profile = {
      name: me.name?.trim() || input.name,
      email: me.email ?? input.email ?? null,
      profilePic: me.picture?.data?.url ?? input.profilePic ?? null,
    };
  } catch (err) {
    throw signInError(err, 'token');
  }

  let accounts;
  try {
    accounts = await graph.listAccounts(longLived.token, ACCOUNT_QUERY);
  } catch (err) {
    throw signInError(err, 'pages');
  }

  const role: Role = config.operatorUserIds.includes(input.userId) ? 'operator' : 'admin';
  // The admin, their page links and the new session are written together: a sign-in saves all or none.
  const { adminId, unlinked, session } = await inTransaction(db, async (tx) => {
    const saved = await repo.saveSignIn(
      tx,
      {
        fbUserId: input.userId,
        name: profile.name,
        email: profile.email,
        profilePic: profile.profilePic,
        userTokenEnc: tokens.encrypt(longLived.token),
        userTokenExpiresAt: longLived.expiresAt,
        grantedScopes,
      },
      toPageInputs(accounts, tokens.encrypt),
    );
    const sessionId = await openSession(tx, {
      adminId: saved.adminId,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      userAgent: request.userAgent,
      ip: request.ip,
    });
    // Signed with the session opened, so the JWT and its row expire together.
    const jwt = signAdminToken(request.server, {
      adminId: saved.adminId,
      userId: input.userId,
      role,
      sessionId,
    });
    const exp = request.server.jwt.decode<{ exp: number }>(jwt)?.exp ?? 0;
    return { ...saved, session: { jwt, sessionId, exp } };
  });
  if (unlinked > 0)
    log.info({ adminId, unlinked }, 'sign-in unlinked pages the admin no longer manages');

  await subscribePages(db, graph, accounts, log);

  return {
    adminId,
    role,
    session,
    user: {
      userId: input.userId,
      name: profile.name,
      email: profile.email,
      profilePic: profile.profilePic,
      role,
      grantedScopes,
    },
    accounts: await listAdminPages(db, adminId),
  };
}

/**
 * Subscribes the app to each page's Messenger webhooks (idempotent on the platform's side), feature by
 * feature when Meta refuses a field, and records what it accepted for Home. A page that fails is logged and
 * skipped: the admin can still sign in, Home says what is off, and the next sign-in or page access re-check
 * tries again.
 */
export async function subscribePages(
  db: Sql,
  graph: GraphClient,
  accounts: Array<{ id: string; access_token?: string }>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const queue = accounts.filter((a) => a.access_token);
  const worker = async () => {
    for (let a = queue.shift(); a; a = queue.shift()) {
      try {
        const states = await subscribePageWebhooks(db, graph, {
          fbPageId: a.id,
          pageToken: a.access_token as string,
        });
        const off = states.filter((s) => !s.subscribed);
        if (off.length > 0)
          log.warn(
            { pageId: a.id, off: off.map((s) => ({ feature: s.feature, error: s.error })) },
            'Meta did not subscribe the page to some webhooks',
          );
      } catch (err) {
        const e =
          err instanceof GraphError
            ? { kind: err.kind, code: err.code, message: err.message }
            : { message: String(err) };
        log.warn({ pageId: a.id, err: e }, 'could not subscribe the app to the page webhooks');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
}
