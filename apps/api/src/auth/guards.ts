import { and, eq, getTableColumns } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { pageAdmins, pages } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import type { AuthContext, JwtClaims } from './jwt.js';

/** Verifies the bearer JWT (once per request) or throws 401 `{ message }`. */
export async function requireAdmin(request: FastifyRequest): Promise<AuthContext> {
  if (request.auth) return request.auth;
  const header = request.headers.authorization;
  if (!header || !/^Bearer\s+\S+/i.test(header))
    throw new HttpError(401, 'Authentication required');
  let claims;
  try {
    claims = await request.jwtVerify<JwtClaims>();
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new HttpError(
      401,
      code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED' ? 'Session expired' : 'Invalid token',
    );
  }
  if (!claims?.sub || !claims.uid || (claims.role !== 'admin' && claims.role !== 'operator')) {
    throw new HttpError(401, 'Invalid token');
  }
  request.auth = { adminId: claims.sub, userId: claims.uid, role: claims.role };
  return request.auth;
}

/** Operators run the admin area (register-user-admin / delete-user management). */
export async function requireOperator(request: FastifyRequest): Promise<AuthContext> {
  const auth = await requireAdmin(request);
  if (auth.role !== 'operator') throw new HttpError(403, 'Operator access required');
  return auth;
}

export type PageRow = typeof pages.$inferSelect;

/** The page, if this admin manages it. Another admin's page is 404, so its existence is not leaked. */
export async function assertPageAdmin(db: Db, adminId: string, fbPageId: string): Promise<PageRow> {
  const rows = await db
    .select(getTableColumns(pages))
    .from(pages)
    .innerJoin(pageAdmins, eq(pageAdmins.pageId, pages.id))
    .where(and(eq(pages.fbPageId, fbPageId), eq(pageAdmins.adminId, adminId)))
    .limit(1);
  const page = rows[0];
  if (!page) throw new HttpError(404, 'Page not found');
  return page;
}
