// The session cache (auth/session-cache.ts) with two API processes on one database, as behind a load
// balancer: a session ended through one is refused by the other as soon as the NOTIFY reaches it, and a
// process whose LISTEN connection is down checks every session in the database again. Both apps share
// this test's process, so endSessions' in-process mark (sessionsEnding) reaches both: the NOTIFY path
// alone is shown by ending a session as another process would.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_ENDED } from '../src/auth/guards.js';
import type { Db } from '../src/db/client.js';
import type { RealtimeHub } from '../src/realtime/index.js';
import { SESSION_CHANNEL, type SessionEnded } from '../src/realtime/channel.js';
import { sessionToken } from './helpers/app.js';
import type { TestDatabase } from './helpers/db.js';
import { twoApiProcesses, type ApiProcesses } from './support/api-processes.js';
import { apiClient, bodyOf } from './support/client.js';

const OPERATOR_UID = '1000000000000777';

let processes: ApiProcesses;
let database: TestDatabase;
let api1: FastifyInstance;
let api2: FastifyInstance;
/** The second process's hub, held here to wait on what it hears (and to see its connection drop). */
let hub2: RealtimeHub;

beforeAll(async () => {
  // No quick reconnect: the test looks at the process while it is not listening.
  processes = await twoApiProcesses({
    env: { OPERATOR_USER_IDS: OPERATOR_UID },
    reconnectMs: 600_000,
  });
  ({ database, api1, api2, hub2 } = processes);
});

afterAll(async () => {
  await processes?.close();
});

let admins = 0;
async function signedIn() {
  const n = String(++admins).padStart(12, '0');
  const adminId = `00000000-0000-4000-8000-${n}`;
  const userId = `2000${n}`;
  const jwt = await sessionToken(api1, database.pool, { adminId, userId, role: 'admin' });
  return { adminId, userId, headers: { authorization: `Bearer ${jwt}` } };
}

const pages = (app: FastifyInstance, headers: Record<string, string>) =>
  apiClient(app, headers).pages.listPages();

/** Resolves when the second process hears that `match` ended. */
const heardBy2 = (match: (ended: SessionEnded) => boolean) =>
  new Promise<void>((resolve) => {
    const off = hub2.onSessionEnded((ended) => {
      if (!match(ended)) return;
      off();
      resolve();
    });
  });

/** Ends the admin's sessions behind the API's back: no NOTIFY, as an end missed by a listener would be. */
const endSilently = (adminId: string, db: Pick<Db, 'execute'> = database.db) =>
  db.execute(sql`update sessions set ended_at = now(), end_reason = 'operator'
                           where admin_id = ${adminId} and ended_at is null`);

describe('the session cache across API processes', () => {
  it('answers a checked session from the cache (an end that is never notified goes unseen)', async () => {
    const a = await signedIn();
    expect((await pages(api2, a.headers)).status).toBe(200);
    await endSilently(a.adminId);
    expect((await pages(api2, a.headers)).status).toBe(200);
    // The process that never cached it reads the database.
    expect((await pages(api1, a.headers)).status).toBe(401);
  });

  it('a session another process ends is refused here once its NOTIFY arrives', async () => {
    const a = await signedIn();
    expect((await pages(api2, a.headers)).status).toBe(200);
    const heard = heardBy2((e) => e.adminId === a.adminId);
    // What endSessions does in a process other than this test's two apps: the row, then the NOTIFY.
    const ended: SessionEnded = { adminId: a.adminId, reason: 'operator' };
    await database.db.transaction(async (tx) => {
      await endSilently(a.adminId, tx);
      await tx.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${JSON.stringify(ended)})`);
    });
    await heard;
    const res = await pages(api2, a.headers);
    expect(bodyOf(res, 401)).toEqual({ message: SESSION_ENDED });
  });

  it('log out through one process: the other refuses the session once the NOTIFY arrives', async () => {
    const a = await signedIn();
    for (const app of [api1, api2]) expect((await pages(app, a.headers)).status).toBe(200);
    const heard = heardBy2((e) => e.reason === 'logout');
    bodyOf(await apiClient(api1, a.headers).sessions.logout(), 200);
    // The process that ended it refuses it at once, before its own NOTIFY comes back.
    expect((await pages(api1, a.headers)).status).toBe(401);
    await heard;
    const res = await pages(api2, a.headers);
    expect(bodyOf(res, 401)).toEqual({ message: SESSION_ENDED });
  });

  it('every session of an admin ended by an operator is refused by the other process', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const operator = await sessionToken(api1, database.pool, {
      adminId: b.adminId,
      userId: OPERATOR_UID,
      role: 'operator',
    });
    expect((await pages(api2, a.headers)).status).toBe(200);
    const heard = heardBy2((e) => e.adminId === a.adminId);
    const asOperator = apiClient(api1, { authorization: `Bearer ${operator}` });
    bodyOf(await asOperator.operator.endUserSessions({ params: { id: a.userId } }), 200);
    await heard;
    expect((await pages(api2, a.headers)).status).toBe(401);
  });

  it('a process whose LISTEN connection is lost checks every session in the database', async () => {
    const a = await signedIn();
    expect((await pages(api2, a.headers)).status).toBe(200);
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = 'pagecast-realtime' and datname = current_database()`,
    );
    await vi.waitFor(() => expect(hub2.connection()).toBeNull(), { timeout: 10_000 });
    // Ended while nobody listens: the NOTIFY (had there been one) would be lost.
    await endSilently(a.adminId);
    const res = await pages(api2, a.headers);
    expect(bodyOf(res, 401)).toEqual({ message: SESSION_ENDED });
  });
});
