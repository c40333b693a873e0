import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPageSyncWorker, TOKEN_INVALID_MESSAGE } from '../src/jobs/page-sync.js';
import { TEST_ENCRYPTION_KEY } from './helpers/app.js';
import { apiClient, bodyOf } from './support/client.js';
import { startSyncEnv, type SyncEnv } from './helpers/sync.js';
import { emu, type EmulatorPage } from './support/emulator.js';
import { waitFor } from './support/wait.js';
import { newEmulatorAdmin, newEmulatorPage, type TestAdmin } from './support/world.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let env: SyncEnv;
let account: TestAdmin;
let child: ChildProcess | undefined;

beforeAll(async () => {
  // The Conversations API limit is the emulator's default (2 calls/s per page), as on Facebook.
  env = await startSyncEnv({
    CONVERSATIONS_RATE_PER_PAGE: '2',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  account = await newEmulatorAdmin(env, 'Sync Admin');
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await env?.close();
});

const api = (headers = account.headers) => apiClient(env.app, headers);
const startSync = (pageId: string, headers = account.headers) =>
  api(headers).pages.syncPage({ params: { pageId }, body: {} });
const status = async (jobId: string, headers = account.headers) =>
  bodyOf(await api(headers).pages.syncStatus({ params: { jobId } }), 200);
const finished = (jobId: string) =>
  waitFor(
    async () => {
      const s = await status(jobId);
      return s.status === 'completed' || s.status === 'failed' ? s : null;
    },
    { everyMs: 200 },
  );

async function storedContacts(pageUuid: string) {
  const { rows } = await env.database.db.execute<{
    psid: string;
    name: string | null;
    first_name: string | null;
    last_name: string | null;
  }>(
    sql`select psid, name, first_name, last_name from contacts where page_id = ${pageUuid} order by psid`,
  );
  return rows;
}
async function syncRow(jobId: string) {
  const { rows } = await env.database.db.execute<{
    processed: number;
    graph_calls: number;
    rate_limit_hits: number;
    cursor: string | null;
  }>(
    sql`select processed, graph_calls, rate_limit_hits, cursor from page_syncs where id = ${jobId}`,
  );
  const row = rows[0];
  if (!row) throw new Error(`no sync row ${jobId}`);
  return row;
}
const expectExactly = async (page: EmulatorPage & { uuid: string }) => {
  const stored = await storedContacts(page.uuid);
  expect(stored.map((c) => c.psid)).toEqual(page.contacts.map((c) => c.psid).sort());
  const names = new Map(page.contacts.map((c) => [c.psid, c.name]));
  for (const c of stored) expect(c.name).toBe(names.get(c.psid));
  // The Conversations API gives a participant's `name` only: first and last name come from it, so a
  // template's "first name" parameter reads the person's name, not the fallback.
  const people = env.emulator.world.pages.get(page.id)?.contacts;
  for (const c of stored) {
    const person = people?.get(c.psid);
    expect([c.first_name, c.last_name]).toEqual([person?.firstName, person?.lastName]);
  }
};

describe('contact names', () => {
  it("a name alone gives first and last name; a profile's own parts replace them, a name alone never does", async () => {
    const { upsertContact } = await import('../src/modules/contacts/repo.js');
    const db = env.database.db;
    const pageUuid = (await newEmulatorPage(env, account, { name: 'Names Page', contacts: 1 }))
      .uuid;
    const parts = async () =>
      (
        await db.execute<{ first_name: string | null; last_name: string | null }>(
          sql`select first_name, last_name from contacts where page_id = ${pageUuid} and psid = '990000000000001'`,
        )
      ).rows[0];
    await upsertContact(env.database.pool, pageUuid, {
      psid: '990000000000001',
      name: '  Mary Ann  Smith ',
    });
    expect(await parts()).toEqual({ first_name: 'Mary', last_name: 'Ann  Smith' });
    await upsertContact(env.database.pool, pageUuid, {
      psid: '990000000000001',
      name: 'Mary Ann Smith',
      firstName: 'Mary Ann',
      lastName: 'Smith',
    });
    expect(await parts()).toEqual({ first_name: 'Mary Ann', last_name: 'Smith' });
    await upsertContact(env.database.pool, pageUuid, {
      psid: '990000000000001',
      name: 'Mary Ann Smith',
    });
    expect(await parts()).toEqual({ first_name: 'Mary Ann', last_name: 'Smith' });
    await upsertContact(env.database.pool, pageUuid, { psid: '990000000000002', name: 'Cher' });
    const single = await db.execute<{ first_name: string | null; last_name: string | null }>(
      sql`select first_name, last_name from contacts where page_id = ${pageUuid} and psid = '990000000000002'`,
    );
    expect(single.rows[0]).toEqual({ first_name: 'Cher', last_name: null });
  });
});

describe('page sync', () => {
  let big: EmulatorPage & { uuid: string };
  let jobId: string;

  it('starts one job per page: concurrent and repeated requests (and addUsersByPage) join it', async () => {
    big = await newEmulatorPage(env, account, { name: 'Big Page', contacts: 300 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => startSync(big.id)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(202);
    const ids = new Set(answers.map((a) => bodyOf(a, 202).jobId));
    expect(ids.size).toBe(1);
    jobId = [...ids][0] as string;
    expect((await startSync(big.id)).body).toEqual({ jobId });
    const viaUsers = await api().user.addUsersByPage({ body: { pageId: big.id } });
    expect(bodyOf(viaUsers, 202)).toEqual({ jobId, status: 'waiting' });
    const { rows } = await env.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from page_syncs where page_id = ${big.uuid}`,
    );
    expect(rows[0]?.n).toBe(1);
    const s = await status(jobId);
    expect(s).toMatchObject({ jobId, status: 'waiting', state: 'waiting', isActive: false });
    expect(s.progress).toEqual({ processed: 0, total: null });
  });

  it('is resumed exactly by another worker after its worker process is SIGKILLed mid-sync', async () => {
    // A real second process runs the job, 10 conversations per call at 2 calls/s: 30 calls in all.
    child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'fixtures/page-sync-worker.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: env.database.url,
          GRAPH_API_URL: env.emulator.url,
          ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
          TEST_DATA_DIR: env.config.dataDir,
          CONVERSATIONS_RATE_PER_PAGE: '2',
          SYNC_PAGE_SIZE: '10',
          SYNC_LEASE_MS: '1500',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    if (process.env.TEST_LOG_LEVEL)
      child.stdout?.on('data', (d: Buffer) => process.stdout.write(`[worker] ${d.toString()}`));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child?.on('exit', (_c, sig) => resolve(sig)),
    );
    await waitFor(
      async () => {
        if (child?.exitCode !== null) throw new Error(`worker exited: ${stderr}`);
        return (await syncRow(jobId)).processed >= 60;
      },
      { everyMs: 50 },
    );
    expect((await status(jobId)).status).toBe('running');
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const atKill = await syncRow(jobId);
    expect(atKill.processed).toBeLessThan(300);
    expect(atKill.cursor).not.toBeNull();

    // This process takes over once the dead worker's lease lapses.
    await registerPageSyncWorker(env.boss, env.deps, {
      pageSize: 10,
      leaseMs: 1500,
      watchdogMs: 300,
      pollingIntervalSeconds: 0.5,
      minRateLimitWaitMs: 200,
      maxRateLimitWaitMs: 500,
    });
    const done = await finished(jobId);
    expect(done).toMatchObject({
      status: 'completed',
      state: 'completed',
      isActive: false,
      error: null,
    });
    expect(done.progress).toEqual({ processed: 300, total: 300 });
    await expectExactly(big);
    // Each page of 10 was committed exactly once: 30 pages, 30 counted calls, 300 processed.
    const row = await syncRow(jobId);
    expect(row.graph_calls).toBe(30);
    expect(row.processed).toBe(300);
    const { rows } = await env.database.db.execute<{
      sync_scope: string;
      last_synced_at: Date | null;
    }>(sql`select sync_scope, last_synced_at from pages where id = ${big.uuid}`);
    expect(rows[0]?.sync_scope).toBe('full');
    expect(rows[0]?.last_synced_at).not.toBeNull();
  }, 120_000);

  it('starts a new job once the last one is over, and a re-sync changes nothing', async () => {
    // A utility template made at Meta since the first sync comes along with the next one.
    const made = await env.graph.createMessageTemplate(big.id, big.access_token, {
      name: 'order_update',
      language: 'en_US',
      body: 'Your order has shipped.',
      format: 'POSITIONAL',
      params: [],
      examples: {},
      buttons: [],
    });
    const again = await startSync(big.id);
    const newId = bodyOf(again, 202).jobId;
    expect(newId).not.toBe(jobId);
    expect((await finished(newId)).status).toBe('completed');
    await expectExactly(big);
    const { rows } = await env.database.db.execute<{ name: string; fb_template_id: string }>(
      sql`select name, fb_template_id from message_templates where page_id = ${big.uuid}`,
    );
    expect(rows).toEqual([{ name: 'order_update', fb_template_id: made.id }]);
  }, 60_000);

  it('slows down on rate-limit answers instead of failing', async () => {
    const page = await newEmulatorPage(env, account, { name: 'Busy Page', contacts: 50 });
    // The platform allows 1 call/s while we pace for 2, and the next two calls are refused outright.
    await emu(
      env.emulator,
      '/_emulator/behaviour',
      { conversationsPerSecond: 1, failNext: 2, failCodes: [80001] },
      'PUT',
    );
    try {
      const id = bodyOf(await startSync(page.id), 202).jobId;
      const done = await finished(id);
      expect(done.status).toBe('completed');
      expect(done.progress.processed).toBe(50);
      expect((await syncRow(id)).rate_limit_hits).toBeGreaterThanOrEqual(2);
      await expectExactly(page);
    } finally {
      await emu(
        env.emulator,
        '/_emulator/behaviour',
        { conversationsPerSecond: 2, failNext: 0, failCodes: [1200] },
        'PUT',
      );
    }
  }, 60_000);

  it('fails with a message the admin can act on when the page token expired', async () => {
    const page = await newEmulatorPage(env, account, { name: 'Expired Page', contacts: 20 });
    await emu(env.emulator, `/_emulator/tokens/${page.access_token}/expire`, {});
    const id = bodyOf(await startSync(page.id), 202).jobId;
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'failed', isActive: false, error: TOKEN_INVALID_MESSAGE });
    expect(TOKEN_INVALID_MESSAGE).toMatch(/reconnect the page/);
    // The queue records the failure at once instead of retrying what cannot succeed.
    const job = await waitFor(async () => {
      const j = await env.boss.getJobById('page-sync', id);
      return j?.state === 'failed' ? j : null;
    });
    expect(job.retryCount).toBe(0);
    expect((await status(id)).state).toBe('failed');
    const { rows } = await env.database.db.execute<{ sync_scope: string }>(
      sql`select sync_scope from pages where id = ${page.uuid}`,
    );
    expect(rows[0]?.sync_scope).toBe('none');
    // A later start is allowed (e.g. after the admin reconnected).
    expect(bodyOf(await startSync(page.id), 202).jobId).not.toBe(id);
  });

  it("never shows a job to another admin, nor lets them start one on a page they don't manage", async () => {
    const other = await newEmulatorAdmin(env, 'Other Admin');
    const s = await status(jobId, other.headers);
    expect(s).toMatchObject({ jobId, status: 'not_found', isActive: false, error: null });
    expect(s.progress).toEqual({ processed: 0, total: null });
    expect((await startSync(big.id, other.headers)).status).toBe(404);
    const users = await api(other.headers).user.addUsersByPage({ body: { pageId: big.id } });
    expect(users.status).toBe(404);
    expect((await status('00000000-0000-4000-8000-00000000abcd')).status).toBe('not_found');
    expect((await status('not-a-uuid')).status).toBe('not_found');
    const bad = await api().pages.syncStatus({ params: { jobId: '$$' } });
    expect(bad.status).toBe(400);
    const anon = await apiClient(env.app).pages.syncStatus({ params: { jobId } });
    expect(anon.status).toBe(401);
  });
});
