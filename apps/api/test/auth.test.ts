import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPageAdmin } from '../src/auth/guards.js';
import { admins, pageAdmins, pages } from '../src/db/schema/index.js';
import { NotFoundError } from '../src/errors.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app.js';
import { apiClient, bodyOf } from './support/client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A hand-made HS256 JWT, to forge or pre-expire tokens independently of the app's signer. */
function createSigner({ key }: { key: string }) {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return (payload: object) => {
    const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ iat: Math.floor(Date.now() / 1000) - 120, ...payload })}`;
    return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
  };
}

const claims = {
  sub: '00000000-0000-4000-8000-000000000001',
  uid: '1000000000000042',
  role: 'admin',
};
const get = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/pages',
    headers: authorization ? { authorization } : {},
  });

describe('requireAdmin (bearer JWT)', () => {
  it('lets a valid token through to the handler', async () => {
    expect((await get((await t.authHeader()).authorization)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await get();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Authentication required' });
    expect((await get('Basic abc')).statusCode).toBe(401);
  });

  it('answers 401 to a token signed with another secret', async () => {
    const forged = createSigner({ key: 'another-secret-of-some-length' })(claims);
    const res = await get(`Bearer ${forged}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid token' });
    expect((await get('Bearer not.a.jwt')).json()).toEqual({ message: 'Invalid token' });
  });

  it('answers 401 to an expired token', async () => {
    const expired = createSigner({ key: TEST_JWT_SECRET })({
      ...claims,
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    const res = await get(`Bearer ${expired}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Session expired' });
  });

  it('answers 401 to a well-signed token without our claims', async () => {
    const odd = createSigner({ key: TEST_JWT_SECRET })({ sub: 'x' });
    expect((await get(`Bearer ${odd}`)).json()).toEqual({ message: 'Invalid token' });
  });

  it('signs tokens that expire in 7 days', async () => {
    const token = (await t.authHeader()).authorization.slice('Bearer '.length);
    const payload = t.app.jwt.decode<{ iat: number; exp: number }>(token);
    expect(payload && payload.exp - payload.iat).toBe(7 * 24 * 3600);
  });
});

describe('requireOperator', () => {
  const del = (headers: Record<string, string>, app = t.app) =>
    apiClient(app, headers).operator.deleteByUser({ params: { id: '123' } });

  it('refuses an admin with 403 and lets a configured operator through', async () => {
    const asAdmin = await del(await t.authHeader({ role: 'admin' }));
    expect(bodyOf(asAdmin, 403)).toEqual({ message: 'Operator access required' });
    // The role claim alone is not enough: the user must still be named in OPERATOR_USER_IDS.
    expect((await del(await t.authHeader({ role: 'operator' }))).status).toBe(403);
    expect((await del({})).status).toBe(401);
    const operators = await createTestApp({ env: { OPERATOR_USER_IDS: '1000000000000042' } });
    try {
      const res = await del(
        await operators.authHeader({ role: 'operator', userId: '1000000000000042' }),
        operators.app,
      );
      expect(res.status).toBe(404);
    } finally {
      await operators.close();
    }
  });
});

describe('assertPageAdmin', () => {
  it("returns the page for one of its admins and 404 for anyone else's", async () => {
    const db = t.database.db;
    const [owner, stranger] = await db
      .insert(admins)
      .values([
        { fbUserId: '9001', name: 'Owner' },
        { fbUserId: '9002', name: 'Stranger' },
      ])
      .returning();
    const [page] = await db
      .insert(pages)
      .values({ fbPageId: '5550001', name: 'Bakery' })
      .returning();
    if (!owner || !stranger || !page) throw new Error('seed failed');
    await db
      .insert(pageAdmins)
      .values({ pageId: page.id, adminId: owner.id, tasks: ['MESSAGING'] });

    await expect(
      assertPageAdmin(t.database.pool, owner.id, '5550001', 'messaging'),
    ).resolves.toMatchObject({
      id: page.id,
      name: 'Bakery',
    });
    const denied = await assertPageAdmin(
      t.database.pool,
      stranger.id,
      '5550001',
      'messaging',
    ).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(NotFoundError);
    expect(denied).toMatchObject({ message: 'Page not found' });
    await expect(
      assertPageAdmin(t.database.pool, owner.id, '404404', 'messaging'),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
