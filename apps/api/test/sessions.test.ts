// Server-side sessions: a JWT works only while its session row is active. Logging out, ending another
// browser's session, Meta's deauthorize and data-deletion callbacks and an operator end sessions at once,
// and live streams of an ended or expired session close in every API process.
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Emulator } from '@pagecast/graph-emulator';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { SESSION_ENDED } from '../src/auth/guards.js';
import { openSession } from '../src/modules/sessions/repo.js';
import type { Config } from '../src/config.js';
import { createDb, type DbHandle } from '../src/db/client.js';
import type { GraphClient } from '../src/graph/index.js';
import { LiveStreams, STREAM_LIMIT_MESSAGES } from '../src/modules/inbox/live-streams.js';
import { RateLimitedError } from '../src/errors.js';
import { testConfig } from './helpers/app.js';
import { emu, startTestEmulator, testGraph } from './support/emulator.js';
import { must } from './support/assert.js';
import { apiClient, bodyOf, jwtOf } from './support/client.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';

const OPERATOR_ID = '1000000000000777';
const PER_ADMIN = 3;

// Two API processes on one database, as behind a load balancer: a session ended through one closes the
// streams the other holds.
let database: TestDatabase;
let secondDb: DbHandle;
let emulator: Emulator;
let graph: GraphClient;
let config: Config;
let api1: FastifyInstance;
let api2: FastifyInstance;
let url1: string;
let url2: string;

beforeAll(async () => {
  database = await createTestDatabase();
  secondDb = createDb(database.url, { max: 3 });
  emulator = await startTestEmulator();
  graph = testGraph(emulator.url);
  config = testConfig({
    GRAPH_API_URL: emulator.url.replace(/\/$/, ''),
    OPERATOR_USER_IDS: OPERATOR_ID,
    LIVE_STREAMS_PER_ADMIN: String(PER_ADMIN),
  });
  api1 = await buildApp({ config, pool: database.pool, graph });
  api2 = await buildApp({ config, pool: secondDb.pool, graph });
  for (const app of [api1, api2]) await app.listen({ port: 0, host: '127.0.0.1' });
  url1 = `http://127.0.0.1:${(api1.server.address() as AddressInfo).port}`;
  url2 = `http://127.0.0.1:${(api2.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await api1?.close();
  await api2?.close();
  await secondDb?.close();
  await graph?.close();
  await emulator?.close();
  await database?.drop();
});

interface SignedIn {
  userId: string;
  pageId: string;
  jwt: string;
  headers: { authorization: string };
}

let signIns = 0;

/** A real sign-in: an emulator user with a page, their token, register-user-admin. */
async function signIn(userAgent = 'Test browser', existing?: { userId: string; pageId: string }) {
  const user = existing
    ? { id: existing.userId }
    : await emu<{ id: string }>(emulator.url, '/_emulator/users', { name: 'Session Owner' });
  const pageId =
    existing?.pageId ??
    (
      await emu<{ id: string }>(emulator.url, '/_emulator/pages', {
        ownerId: user.id,
        name: 'Session Page',
        contacts: 1,
      })
    ).id;
  const { access_token: accessToken } = await emu<{ access_token: string }>(
    emulator.url,
    `/_emulator/users/${user.id}/tokens`,
    {},
  );
  // Each sign-in from its own address: the sign-in rate limit is not what these tests are about.
  const anonymous = apiClient(
    api1,
    { 'user-agent': userAgent },
    { remoteAddress: `10.9.${++signIns >> 8}.${signIns & 255}` },
  );
  const res = await anonymous.signIn.registerUserAdmin({
    body: { name: 'Session Owner', userId: user.id, accessToken },
  });
  const jwt = jwtOf(res);
  return {
    userId: user.id,
    pageId,
    jwt,
    headers: { authorization: `Bearer ${jwt}` },
  } satisfies SignedIn;
}

const as = (headers: Record<string, string>, app: FastifyInstance = api1) =>
  apiClient(app, headers);
const pagesOf = (s: SignedIn, app = api1) => as(s.headers, app).pages.listPages();
const sessionsOf = (headers: Record<string, string>) => as(headers).sessions.list();
const logout = (headers: Record<string, string>) => as(headers).sessions.logout();
const endUserSessions = (userId: string, headers: Record<string, string>) =>
  as(headers).operator.endUserSessions({ params: { id: userId } });

async function sessionRows(userId: string) {
  const { rows } = await database.db.execute<{ ended: boolean; reason: string | null }>(sql`
    select s.ended_at is not null as ended, s.end_reason as reason
      from sessions s join admins a on a.id = s.admin_id where a.fb_user_id = ${userId}`);
  return rows;
}

function signedRequest(userId: string): string {
  const body = Buffer.from(
    JSON.stringify({
      algorithm: 'HMAC-SHA256',
      issued_at: Math.floor(Date.now() / 1000),
      user_id: userId,
    }),
  ).toString('base64url');
  return `${createHmac('sha256', config.fbAppSecret).update(body).digest('base64url')}.${body}`;
}

// Raw: Meta's callbacks are form bodies signed by hand.
const callback = (which: 'data-deletion' | 'deauthorize', userId: string) =>
  api1.inject({
    method: 'POST',
    url: `/api/v1/facebook/${which}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ signed_request: signedRequest(userId) }).toString(),
  });

/** Opens the page's live stream on `base` and reads it block by block (blank-line separated). */
async function openStream(base: string, s: SignedIn) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/v1/chats/${s.pageId}/events`, {
    headers: s.headers,
    signal: ctrl.signal,
  });
  if (res.status !== 200) return { status: res.status, body: await res.text(), ctrl };
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  /** Every block until the server ends the stream. */
  const rest = async (): Promise<string[]> => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return buffer.split('\n\n').filter(Boolean);
      buffer += decoder.decode(value, { stream: true });
    }
  };
  // The stream is live once the server says so.
  for (;;) {
    if (buffer.includes(': connected')) break;
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended before it connected');
    buffer += decoder.decode(value, { stream: true });
  }
  return { status: 200, body: '', ctrl, rest };
}

describe('sign-in opens a session', () => {
  it('the JWT names a session row that the account page lists as current', async () => {
    const a = await signIn('Firefox on a laptop');
    const b = await signIn('Chrome on a phone', a);
    const res = await sessionsOf(a.headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { sessions } = bodyOf(res, 200);
    expect(sessions.map((x) => [x.userAgent, x.current])).toEqual([
      ['Chrome on a phone', false],
      ['Firefox on a laptop', true],
    ]);
    expect((await pagesOf(b)).status).toBe(200);
  });
});

describe('ending sessions', () => {
  it('log out: the same JWT answers 401 on the next request, in every API process', async () => {
    const a = await signIn();
    const other = await signIn('Other browser', a);
    expect((await pagesOf(a)).status).toBe(200);
    const out = await logout(a.headers);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    for (const app of [api1, api2]) {
      const res = await pagesOf(a, app);
      expect(bodyOf(res, 401)).toEqual({ message: SESSION_ENDED });
    }
    // Only that session: the other browser stays signed in.
    expect((await pagesOf(other)).status).toBe(200);
    expect(await sessionRows(a.userId)).toContainEqual({ ended: true, reason: 'logout' });
  });

  it("ending another browser's session; someone else's session is 404 and stays active", async () => {
    const a = await signIn();
    const phone = await signIn('Phone', a);
    const stranger = await signIn();
    const list = await sessionsOf(a.headers);
    const phoneId = must(bodyOf(list, 200).sessions.find((x) => !x.current)).id;
    const strangers = await sessionsOf(stranger.headers);
    const strangerId = must(bodyOf(strangers, 200).sessions[0]).id;

    const foreign = await as(a.headers).sessions.revoke({ params: { id: strangerId } });
    expect(foreign.status).toBe(404);
    expect((await pagesOf(stranger)).status).toBe(200);

    const ended = await as(a.headers).sessions.revoke({ params: { id: phoneId } });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect((await pagesOf(phone)).status).toBe(401);
    expect((await pagesOf(a)).status).toBe(200);
  });

  it("'Sign out all other sessions' ends every other session of the admin and closes its streams, not this one", async () => {
    const a = await signIn('Laptop');
    const phone = await signIn('Phone', a);
    const tablet = await signIn('Tablet', a);
    const stranger = await signIn();
    const phoneStream = await openStream(url2, phone);
    const ownStream = await openStream(url2, a);
    expect([phoneStream.status, ownStream.status]).toEqual([200, 200]);
    const phoneRest = phoneStream.rest?.();

    const res = await as(a.headers).sessions.revokeOthers();
    expect(bodyOf(res, 200)).toEqual({ ended: 2 });
    for (const other of [phone, tablet]) expect((await pagesOf(other, api2)).status).toBe(401);
    expect((await pagesOf(a)).status).toBe(200);
    expect((await pagesOf(stranger)).status).toBe(200);
    expect(((await phoneRest) ?? []).at(-1)).toBe(
      'event: session-ended\ndata: {"reason":"revoked"}',
    );
    // This browser's stream stays open; run again, nothing more ends.
    expect(bodyOf(await as(a.headers).sessions.revokeOthers(), 200)).toEqual({ ended: 0 });
    const { sessions } = bodyOf(await sessionsOf(a.headers), 200);
    expect(sessions.map((x) => x.current)).toEqual([true]);
    ownStream.ctrl.abort();
  });

  it("Meta's deauthorize callback ends every session of the user", async () => {
    const a = await signIn();
    const b = await signIn('Second browser', a);
    expect((await callback('deauthorize', a.userId)).statusCode).toBe(200);
    expect((await pagesOf(a)).status).toBe(401);
    expect((await pagesOf(b)).status).toBe(401);
    expect(await sessionRows(a.userId)).toEqual([
      { ended: true, reason: 'deauthorized' },
      { ended: true, reason: 'deauthorized' },
    ]);
  });

  it("Meta's data-deletion callback ends every session before it answers", async () => {
    const a = await signIn();
    expect((await callback('data-deletion', a.userId)).statusCode).toBe(200);
    const res = await pagesOf(a);
    expect(bodyOf(res, 401)).toEqual({ message: SESSION_ENDED });
  });

  it('an operator ends every session of a user; an admin cannot', async () => {
    const a = await signIn();
    const op = await signIn();
    const operatorToken = api1.jwt.sign({
      sub: (await adminIdOf(op.userId)) as string,
      uid: OPERATOR_ID,
      role: 'operator',
      sid: await openSession(database.pool, {
        adminId: (await adminIdOf(op.userId)) as string,
        expiresAt: new Date(Date.now() + 3600_000),
      }),
    });
    expect((await endUserSessions(a.userId, op.headers)).status).toBe(403);
    expect((await pagesOf(a)).status).toBe(200);
    const res = await endUserSessions(a.userId, { authorization: `Bearer ${operatorToken}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, endedSessions: 1 });
    expect((await pagesOf(a)).status).toBe(401);
    const unknown = await endUserSessions('1999999999999123', {
      authorization: `Bearer ${operatorToken}`,
    });
    expect(unknown.status).toBe(404);
  });

  it('a session past its end answers 401 "Session expired" even with an unexpired JWT', async () => {
    const a = await signIn();
    await database.db.execute(sql`
      update sessions set expires_at = now() - interval '1 second'
       where admin_id = (select id from admins where fb_user_id = ${a.userId})`);
    const res = await pagesOf(a);
    expect(bodyOf(res, 401)).toEqual({ message: 'Session expired' });
  });

  it('a well-signed JWT naming a session that does not exist is refused', async () => {
    const a = await signIn();
    const forged = api1.jwt.sign({
      sub: (await adminIdOf(a.userId)) as string,
      uid: a.userId,
      role: 'admin',
      sid: '00000000-0000-4000-8000-00000000dead',
    });
    const res = await pagesOf({ ...a, headers: { authorization: `Bearer ${forged}` } });
    expect(res.status).toBe(401);
  });
});

async function adminIdOf(userId: string): Promise<string | undefined> {
  const { rows } = await database.db.execute<{ id: string }>(
    sql`select id from admins where fb_user_id = ${userId}`,
  );
  return rows[0]?.id;
}

describe('live streams follow their session', () => {
  it('log out through one API process closes the stream held by the other, saying why', async () => {
    const a = await signIn();
    const stream = await openStream(url2, a);
    expect(stream.status).toBe(200);
    const rest = stream.rest?.();
    expect((await logout(a.headers)).status).toBe(200);
    const blocks = (await rest) ?? [];
    expect(blocks.at(-1)).toBe('event: session-ended\ndata: {"reason":"logout"}');
  });

  it("the deauthorize callback closes the user's streams", async () => {
    const a = await signIn();
    const stream = await openStream(url1, a);
    const rest = stream.rest?.();
    expect((await callback('deauthorize', a.userId)).statusCode).toBe(200);
    expect((await rest)?.at(-1)).toBe('event: session-ended\ndata: {"reason":"deauthorized"}');
  });

  it('a stream closes, saying why, when its admin loses the page; their other page stays live', async () => {
    const a = await signIn();
    const { id: otherPage } = await emu<{ id: string }>(emulator.url, '/_emulator/pages', {
      ownerId: a.userId,
      name: 'Kept Page',
      contacts: 1,
    });
    await signIn('Test browser', { userId: a.userId, pageId: a.pageId });
    const lost = await openStream(url2, a);
    const kept = await openStream(url2, { ...a, pageId: otherPage });
    expect([lost.status, kept.status]).toEqual([200, 200]);
    const rest = lost.rest?.();
    // The page is deleted on Facebook; the admin's pages are read again (here: a sign-in, through the
    // other API process), which drops the link: the stream held by api2 ends.
    const gone = await fetch(`${emulator.url}/_emulator/pages/${a.pageId}`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    await signIn('Test browser', { userId: a.userId, pageId: otherPage });
    expect((await rest)?.at(-1)).toBe('event: session-ended\ndata: {"reason":"page-access-lost"}');
    // The page still managed keeps its stream: the session is not over.
    const stillOpen = await Promise.race([
      kept.rest?.().then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), 300)),
    ]);
    expect(stillOpen).toBe(true);
    kept.ctrl.abort();
  });

  it('a stream ends when its JWT expires', async () => {
    const a = await signIn();
    const adminId = (await adminIdOf(a.userId)) as string;
    const sid = await openSession(database.pool, {
      adminId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const shortLived = api1.jwt.sign(
      { sub: adminId, uid: a.userId, role: 'admin', sid },
      { expiresIn: '2s' },
    );
    const started = Date.now();
    const stream = await openStream(url1, {
      ...a,
      headers: { authorization: `Bearer ${shortLived}` },
    });
    expect(stream.status).toBe(200);
    const blocks = (await stream.rest?.()) ?? [];
    expect(blocks.at(-1)).toBe('event: session-ended\ndata: {"reason":"expired"}');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it(`one admin holds at most ${PER_ADMIN} streams per process: the next is 429 with a clear message`, async () => {
    const a = await signIn();
    const open = [];
    for (let i = 0; i < PER_ADMIN; i++) open.push(await openStream(url1, a));
    expect(open.map((s) => s.status)).toEqual(Array(PER_ADMIN).fill(200));
    const refused = await openStream(url1, a);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ message: STREAM_LIMIT_MESSAGES.admin(PER_ADMIN) });
    // Another admin is not affected, and a closed stream frees its slot.
    const b = await signIn();
    const theirs = await openStream(url1, b);
    expect(theirs.status).toBe(200);
    open[0]?.ctrl.abort();
    let again = await openStream(url1, a);
    for (let i = 0; again.status === 429 && i < 50; i++) {
      await new Promise((r) => setTimeout(r, 20));
      again = await openStream(url1, a);
    }
    expect(again.status).toBe(200);
    for (const s of [...open, theirs, again]) s.ctrl.abort();
  });
});

describe('LiveStreams caps', () => {
  it('refuses past the per-process cap, whoever asks, until a stream is released', () => {
    const streams = new LiveStreams({ perAdmin: 10, perProcess: 2 });
    const stream = (adminId: string) => ({
      adminId,
      sessionId: adminId,
      pageId: 'page',
      close: () => {},
    });
    const releaseA = streams.add(stream('a'));
    streams.add(stream('b'));
    expect(() => streams.add(stream('c'))).toThrow(
      new RateLimitedError(STREAM_LIMIT_MESSAGES.process),
    );
    releaseA();
    expect(() => streams.add(stream('c'))).not.toThrow();
    expect(streams.size).toBe(2);
  });
});
