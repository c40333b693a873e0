// The page access cache (auth/page-access-cache.ts): what it answers itself on a fake hub, and, with two API
// processes on one database, that a role lost through one is refused by the other once the NOTIFY arrives,
// while a refusal is never answered from the cache.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PageAccess } from '../src/auth/guards.js';
import {
  createPageAccessCache,
  pageAccessChanging,
  type PageAccessCache,
} from '../src/auth/page-access-cache.js';
import { ROLE_MESSAGES } from '../src/auth/page-access.js';
import { inTransaction } from '../src/db/client.js';
import { linkAdminPages } from '../src/modules/sign-in/repo.js';
import { SESSION_CHANNEL, type AccessChanged } from '../src/realtime/channel.js';
import type { RealtimeHub } from '../src/realtime/index.js';
import { sessionToken } from './helpers/app.js';
import type { TestDatabase } from './helpers/db.js';
import { twoApiProcesses, type ApiProcesses } from './support/api-processes.js';
import { apiClient, bodyOf } from './support/client.js';

const ADMIN = 'admin-1';

function fakeHub() {
  const listeners = new Set<(adminId: string) => void>();
  const hub = {
    current: 1 as number | null,
    connection: () => hub.current,
    ready: () => Promise.resolve(),
    onAccessChanged: (fn: (adminId: string) => void) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    notify: (adminId: string) => {
      for (const fn of listeners) fn(adminId);
    },
  };
  return hub;
}

/** The database read: answers from `access` (by page) and counts its calls. */
function fakeLoad(access: Map<string, PageAccess | null>) {
  const load = async (_adminId: string, fbPageId: string) => {
    load.calls++;
    return access.get(fbPageId) ?? null;
  };
  load.calls = 0;
  return load;
}

const open: PageAccessCache[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

function cache(load: ReturnType<typeof fakeLoad>, hub = fakeHub()) {
  const c = createPageAccessCache({ load, events: hub });
  open.push(c);
  return c;
}

describe('the page access cache', () => {
  it('answers an admin’s access from the cache until the access NOTIFY, then reads again', async () => {
    const hub = fakeHub();
    const access = new Map([['111', { id: 'p1', tasks: ['MESSAGING'] }]]);
    const load = fakeLoad(access);
    const c = cache(load, hub);
    expect(await c.of(ADMIN, '111')).toEqual({ id: 'p1', tasks: ['MESSAGING'] });
    expect(await c.of(ADMIN, '111')).toEqual({ id: 'p1', tasks: ['MESSAGING'] });
    expect(load.calls).toBe(1);
    access.set('111', { id: 'p1', tasks: ['ANALYZE'] });
    hub.notify('another-admin');
    expect((await c.of(ADMIN, '111'))?.tasks).toEqual(['MESSAGING']);
    hub.notify(ADMIN);
    expect((await c.of(ADMIN, '111'))?.tasks).toEqual(['ANALYZE']);
    expect(load.calls).toBe(2);
  });

  it('never keeps a refusal: a page linked since is answered at once', async () => {
    const access = new Map<string, PageAccess | null>();
    const load = fakeLoad(access);
    const c = cache(load);
    expect(await c.of(ADMIN, '222')).toBeNull();
    access.set('222', { id: 'p2', tasks: ['MANAGE'] });
    expect(await c.of(ADMIN, '222')).toEqual({ id: 'p2', tasks: ['MANAGE'] });
  });

  it('keys by admin and page: another admin of the page is read for themselves', async () => {
    const load = fakeLoad(new Map([['111', { id: 'p1', tasks: ['MESSAGING'] }]]));
    const c = cache(load);
    await c.of(ADMIN, '111');
    await c.of('admin-2', '111');
    await c.of(ADMIN, '1110');
    expect(load.calls).toBe(3);
  });

  it('reads the database while this process rewrites the admin’s access, until its NOTIFY', async () => {
    const hub = fakeHub();
    const load = fakeLoad(new Map([['111', { id: 'p1', tasks: ['MESSAGING'] }]]));
    const c = cache(load, hub);
    await c.of(ADMIN, '111');
    pageAccessChanging(ADMIN);
    await c.of(ADMIN, '111');
    await c.of(ADMIN, '111');
    expect(load.calls).toBe(3);
    hub.notify(ADMIN);
    await c.of(ADMIN, '111');
    await c.of(ADMIN, '111');
    expect(load.calls).toBe(4);
  });

  it('answers nothing from the cache while the LISTEN connection is down or was replaced', async () => {
    const hub = fakeHub();
    const load = fakeLoad(new Map([['111', { id: 'p1', tasks: ['MESSAGING'] }]]));
    const c = cache(load, hub);
    await c.of(ADMIN, '111');
    hub.current = null;
    await c.of(ADMIN, '111');
    await c.of(ADMIN, '111');
    expect(load.calls).toBe(3);
    hub.current = 2;
    await c.of(ADMIN, '111');
    await c.of(ADMIN, '111');
    expect(load.calls).toBe(4);
  });
});

describe('page access across two API processes', () => {
  let processes: ApiProcesses;
  let database: TestDatabase;
  let api1: FastifyInstance;
  let api2: FastifyInstance;
  let hub2: RealtimeHub;

  beforeAll(async () => {
    processes = await twoApiProcesses();
    ({ database, api1, api2, hub2 } = processes);
  });

  afterAll(async () => {
    await processes?.close();
  });

  let n = 0;
  /** An admin linked to a page of their own with `tasks`, signed in. */
  async function adminWithPage(tasks: string[]) {
    const adminId = randomUUID();
    const userId = String(3_000_000_000_000 + ++n);
    const fbPageId = String(4_000_000_000_000 + n);
    const jwt = await sessionToken(api1, database.pool, { adminId, userId, role: 'admin' });
    const link = (t: string[]) =>
      inTransaction(database.pool, (tx) =>
        linkAdminPages(tx, adminId, [
          {
            fbPageId,
            name: 'Cached Page',
            profilePicture: null,
            category: null,
            pageTokenEnc: null,
            tasks: t,
          },
        ]),
      );
    await link(tasks);
    const list = (app: FastifyInstance) =>
      apiClient(app, { authorization: `Bearer ${jwt}` }).inbox.getRecipients({
        params: { pageId: fbPageId },
        query: {},
      });
    return { adminId, fbPageId, link, list };
  }

  /** Resolves when the second process hears that the admin's access changed. */
  const heardBy2 = (adminId: string) =>
    new Promise<void>((resolve) => {
      const off = hub2.onAccessChanged((changed) => {
        if (changed !== adminId) return;
        off();
        resolve();
      });
    });

  /** Runs `change` on page_admins behind the API's back, with the NOTIFY another process would send. */
  const changeAsAnotherProcess = (adminId: string, change: string) =>
    inTransaction(database.pool, async (tx) => {
      await tx.query(change, [adminId]);
      await tx.query(`select pg_notify($1, $2)`, [
        SESSION_CHANNEL,
        JSON.stringify({ accessOf: adminId } satisfies AccessChanged),
      ]);
    });

  it('a role lost elsewhere is answered from the cache until its NOTIFY, then refused', async () => {
    const a = await adminWithPage(['MESSAGING']);
    bodyOf(await a.list(api2), 200);
    // Lost without a NOTIFY (no writer does that): the cached access still answers.
    await database.pool.query(`update page_admins set tasks = '{ANALYZE}' where admin_id = $1`, [
      a.adminId,
    ]);
    bodyOf(await a.list(api2), 200);
    const heard = heardBy2(a.adminId);
    await changeAsAnotherProcess(
      a.adminId,
      `update page_admins set tasks = '{}' where admin_id = $1`,
    );
    await heard;
    expect(bodyOf(await a.list(api2), 403)).toEqual({ message: ROLE_MESSAGES.messaging });
  });

  it('a page unlinked elsewhere is not found once its NOTIFY arrives', async () => {
    const a = await adminWithPage(['MANAGE']);
    bodyOf(await a.list(api2), 200);
    const heard = heardBy2(a.adminId);
    await changeAsAnotherProcess(a.adminId, `delete from page_admins where admin_id = $1`);
    await heard;
    expect(bodyOf(await a.list(api2), 404)).toEqual({ message: 'Page not found' });
  });

  it('a role lost through a sign-in here is refused at once, before its own NOTIFY comes back', async () => {
    const a = await adminWithPage(['MESSAGING']);
    for (const app of [api1, api2]) bodyOf(await a.list(app), 200);
    const heard = heardBy2(a.adminId);
    await a.link(['ANALYZE']);
    expect(bodyOf(await a.list(api1), 403)).toEqual({ message: ROLE_MESSAGES.messaging });
    await heard;
    expect(bodyOf(await a.list(api2), 403)).toEqual({ message: ROLE_MESSAGES.messaging });
  });

  it('a refusal is read from the database, not the cache: a role given back works at once', async () => {
    const a = await adminWithPage(['ANALYZE']);
    bodyOf(await a.list(api2), 403);
    // Given back behind the API's back (no NOTIFY): the cache still holds ANALYZE, the database MESSAGING.
    await database.pool.query(`update page_admins set tasks = '{MESSAGING}' where admin_id = $1`, [
      a.adminId,
    ]);
    bodyOf(await a.list(api2), 200);
  });
});
