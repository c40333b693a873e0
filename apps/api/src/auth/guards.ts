import type { FastifyRequest } from 'fastify';
import { runStatement, statement, type Sql } from '../db/client.js';
import type { pages, TokenStatus } from '../db/schema/index.js';
import { DomainError, ForbiddenError, NotFoundError } from '../errors.js';
import { allows, ROLE_MESSAGES, TASKS_SQL, type PageNeed } from './page-access.js';
import { HttpError } from '../http/errors.js';
import { assertCsrf, cookieNamesOf } from './cookies.js';
import type { AuthContext, JwtClaims } from './jwt.js';
import { requestToken } from './verified-tokens.js';
import { API_KEY_MESSAGES } from '@pagecast/contract';
import { apiKeyHash, isApiKeyToken, wellFormedApiKey } from './api-keys.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The 401 of a token whose session was ended (log out, another device, Facebook, an operator). */
export const SESSION_ENDED = 'Your session has ended. Please log in again.';

/**
 * Verifies the JWT (a Bearer header, else the browser's session cookie) and its session, once per request,
 * or throws 401 `{ message }`. A write authenticated by the cookie must also prove it came from the app
 * (auth/cookies.ts#assertCsrf): 403 otherwise. A Bearer header is never added by a browser on its own.
 */
export async function requireAdmin(request: FastifyRequest): Promise<AuthContext> {
  if (request.auth) return request.auth;
  const header = request.headers.authorization;
  const bearer = !!header && /^Bearer\s+\S+/i.test(header);
  const byCookie = !bearer && !!request.cookies?.[cookieNamesOf(request).session];
  if (!bearer && !byCookie) throw new HttpError(401, 'Authentication required');
  const token = requestToken(request);
  if (!token) throw new HttpError(401, 'Invalid token');
  if (bearer && isApiKeyToken(token)) return requireApiKey(request, token);
  let claims: JwtClaims;
  try {
    claims = request.server.verifiedTokens.claims(token);
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new HttpError(401, code === 'FAST_JWT_EXPIRED' ? 'Session expired' : 'Invalid token');
  }
  if (
    !claims?.sub ||
    !claims.uid ||
    !UUID.test(claims.sub) ||
    !UUID.test(claims.sid ?? '') ||
    (claims.role !== 'admin' && claims.role !== 'operator')
  ) {
    throw new HttpError(401, 'Invalid token');
  }
  // Before the session check and any body parsing: a forged write changes nothing and costs no query.
  if (byCookie) assertCsrf(request, claims.sid);
  // Cached no longer than the JWT works: sign-in gives the token and its session row the same end.
  const state = await request.server.sessionState(
    claims.sid,
    claims.sub,
    claims.exp ? claims.exp * 1000 : undefined,
  );
  if (state === 'expired') throw new HttpError(401, 'Session expired');
  if (state !== 'active') throw new HttpError(401, SESSION_ENDED);
  request.auth = {
    adminId: claims.sub,
    userId: claims.uid,
    role: claims.role,
    sessionId: claims.sid,
    expiresAt: (claims.exp ?? 0) * 1000,
  };
  return request.auth;
}

/**
 * A request with an API key acts as the key's admin, with the key's grant on the AuthContext (what its
 * scopes and pages allow is the route guard's: modules/shared/route-guard.ts). Unknown, revoked and expired
 * keys get one answer. Never CSRF-able: it is a Bearer header.
 */
async function requireApiKey(request: FastifyRequest, token: string): Promise<AuthContext> {
  if (!wellFormedApiKey(token)) throw new HttpError(401, API_KEY_MESSAGES.refused);
  const hash = apiKeyHash(token);
  const key = await request.server.apiKeys.state(hash);
  if (key.state === 'suspended') throw new HttpError(401, API_KEY_MESSAGES.suspended);
  if (key.state !== 'active' || (key.expiresAt !== null && key.expiresAt <= Date.now()))
    throw new HttpError(401, API_KEY_MESSAGES.refused);
  request.server.apiKeys.used(key.keyId, request.ip);
  request.auth = {
    adminId: key.adminId,
    userId: key.userId,
    // A key never calls operator routes (they take a session): it acts as an admin.
    role: 'admin',
    sessionId: key.keyId,
    expiresAt: key.expiresAt ?? Number.MAX_SAFE_INTEGER,
    apiKey: { keyId: key.keyId, hash, scopes: key.scopes, pageIds: key.pageIds },
  };
  return request.auth;
}

/** Operators run the admin area (register-user-admin / delete-user management). */
export async function requireOperator(request: FastifyRequest): Promise<AuthContext> {
  const auth = await requireAdmin(request);
  if (auth.role !== 'operator') throw new HttpError(403, 'Operator access required');
  return auth;
}

/**
 * A page as its admin sees it: the page, with the token and tasks of the admin's own link (page_admins).
 * `pageTokenEnc` is the acting admin's page token, never a co-admin's.
 */
export type PageRow = Omit<
  typeof pages.$inferSelect,
  | 'pageTokenEnc'
  | 'tokenStatus'
  // Marketing setup is read by its own module (modules/marketing).
  | 'marketingAdAccountId'
  | 'marketingAdAccountName'
  | 'marketingCurrency'
  | 'marketingConnectedAt'
  // The inbox's settings are read by the inbox (modules/inbox).
  | 'resolveOnReply'
> & {
  pageTokenEnc: string | null;
  tokenStatus: TokenStatus;
  tasks: string[];
};

/** The PageRow columns of `pages p` and the caller's link `pa`: page access and the read in one trip. */
export const PAGE_COLUMNS = `p.id, p.fb_page_id as "fbPageId", p.name, p.profile_picture as "profilePicture",
  p.category, p.sync_scope as "syncScope", p.last_synced_at as "lastSyncedAt",
  pa.page_token_enc as "pageTokenEnc", pa.token_status as "tokenStatus", pa.tasks,
  p.created_at as "createdAt", p.updated_at as "updatedAt"`;

/**
 * `pages p` restricted to the page with social id `$fbPageId` if admin `$adminId` manages it (`pa` their
 * link), and, with `need`, if their tasks allow it: put in front of a page-scoped read. No row: answer
 * `await pageAccessError(...)` (404 for a page they do not manage, 403 for one their role does not cover).
 */
export const adminPage = (fbPageId: string, adminId: string, need?: PageNeed) =>
  `pages p join page_admins pa on pa.page_id = p.id and pa.admin_id = ${adminId}
   ${need ? `and pa.tasks && ${TASKS_SQL[need]}` : ''}
   where p.fb_page_id = ${fbPageId}`;

/** The one answer for a page the caller does not manage (or that does not exist): 404. */
export const PAGE_NOT_FOUND = 'Page not found';

// Every page-scoped request runs this (or a statement embedding it) first: prepared, not drizzle's builder.
const PAGE_OF_ADMIN = statement(
  'page_of_admin',
  `select ${PAGE_COLUMNS} from ${adminPage('$1', '$2')} limit 1`,
);

/**
 * The page, if this admin manages it (404 otherwise, so another admin's page is not leaked) and their
 * tasks there allow `need` (403 with what to do otherwise).
 */
export async function assertPageAdmin(
  db: Sql,
  adminId: string,
  fbPageId: string,
  need: PageNeed,
): Promise<PageRow> {
  const [page] = await runStatement<PageRow>(db, PAGE_OF_ADMIN, [fbPageId, adminId]);
  if (!page) throw new NotFoundError(PAGE_NOT_FOUND);
  if (!allows(page.tasks, need)) throw new ForbiddenError(ROLE_MESSAGES[need]);
  return page;
}

/** An admin's access to a page: the page's id and their tasks there (page_admins). */
export interface PageAccess {
  id: string;
  tasks: string[];
}

/** How a route learns an admin's access to a page: the per-process cache, or the database. */
export type PageAccessOf = (adminId: string, fbPageId: string) => Promise<PageAccess | null>;

const PAGE_ACCESS = statement(
  'page_access',
  `select p.id, pa.tasks from ${adminPage('$1', '$2')} limit 1`,
);

/** The admin's access to the page `fbPageId` from the database, or null when they do not manage it. */
export async function readPageAccess(
  db: Sql,
  adminId: string,
  fbPageId: string,
): Promise<PageAccess | null> {
  const [row] = await runStatement<PageAccess>(db, PAGE_ACCESS, [fbPageId, adminId]);
  return row ?? null;
}

/**
 * The id of the page `fbPageId` if `accessOf` says the admin's tasks there allow `need`. A refusal is
 * answered by assertPageAdmin from the database (a cached answer may be a NOTIFY behind): 404 for a page
 * they do not manage, 403 for one their role does not cover, the page if access came back meanwhile.
 */
export async function pageIdFor(
  db: Sql,
  accessOf: PageAccessOf,
  adminId: string,
  fbPageId: string,
  need: PageNeed,
): Promise<string> {
  const cached = await accessOf(adminId, fbPageId);
  if (cached && allows(cached.tasks, need)) return cached.id;
  return (await assertPageAdmin(db, adminId, fbPageId, need)).id;
}

/**
 * The acting admin's own page token in clear, or null when they have none that works (never a co-admin's):
 * the caller answers "reconnect the page".
 */
export function actingPageToken(
  page: Pick<PageRow, 'pageTokenEnc' | 'tokenStatus'>,
  decrypt: (enc: string) => string,
): string | null {
  if (!page.pageTokenEnc || page.tokenStatus !== 'valid') return null;
  try {
    return decrypt(page.pageTokenEnc);
  } catch {
    return null;
  }
}

/** Why a read filtered by adminPage(…, need) found no page: 404, or 403 when only the role is missing. */
export async function pageAccessError(
  db: Sql,
  adminId: string,
  fbPageId: string,
  need: PageNeed,
): Promise<DomainError> {
  try {
    await assertPageAdmin(db, adminId, fbPageId, need);
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  return new NotFoundError(PAGE_NOT_FOUND);
}
