// Graph API faults injected through the emulator's /_emulator/behaviour while campaigns dispatch and page
// syncs run (the real campaign worker and sync worker, over HTTP): raw 5xx and platform-temporary storms,
// hung answers longer than the Graph client's timeout, 613/80001 rate-limit storms, and a revoked page token.
// Transient faults are retried and the work finishes; a revoked token stops the work with its reason stored;
// a send whose answer was lost is flagged 'unknown' and never sent again; nothing is sent twice or lost.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenCipher } from '../../src/crypto/tokens.js';
import { createGraphClient, type GraphClient } from '../../src/graph/index.js';
import {
  TOKEN_INVALID_REASON,
  UNKNOWN_OUTCOME_MESSAGE,
} from '../../src/modules/campaigns/reasons.js';
import {
  startCampaignWorker,
  type CampaignWorker,
} from '../../src/modules/campaigns/dispatch/worker.js';
import { registerPageSyncWorker, TOKEN_INVALID_MESSAGE } from '../../src/jobs/page-sync.js';
import {
  createCampaignWorld,
  type CampaignWorld,
  type WorldPage,
} from '../../test/fixtures/campaign-world.js';
import { startSyncEnv, type SyncEnv } from '../../test/helpers/sync.js';
import { emu as emulatorCall, outboxOf } from '../../test/support/emulator.js';
import { newEmulatorAdmin, newEmulatorPage, type TestAdmin } from '../../test/support/world.js';
import { checkExactlyOnce, recipientRows, reportFigures, until } from './support.js';

/** The Graph client's timeout in this suite; injected hangs last longer. */
const TIMEOUT_MS = 1000;
const HANG_MS = 4000;
const RAW_5XX = new Set(['500', '502', '503', '504']);

type Faults = { byCode: Record<string, number>; held: number };
const injected: Record<string, number> = {};

function graphClient(
  url: string,
  retries: { maxRetries: number; maxRateLimitRetries: number },
): GraphClient {
  return createGraphClient({
    baseUrl: url.replace(/\/$/, ''),
    version: 'v16.0',
    appId: '1000000000000001',
    appSecret: 'pagecast-emulator-app-secret',
    timeoutMs: TIMEOUT_MS,
    backoffBaseMs: 20,
    backoffMaxMs: 200,
    rateLimitBackoffMs: 200,
    ...retries,
  });
}

async function faultsOf(url: string): Promise<Faults> {
  return emulatorCall<Faults>(url.replace(/\/$/, ''), '/_emulator/faults');
}

/** Adds what the emulator injected between two readings to the suite's totals (by kind). */
function tally(before: Faults, after: Faults): Faults {
  const delta: Faults = { byCode: {}, held: after.held - before.held };
  for (const [code, n] of Object.entries(after.byCode)) {
    const d = n - (before.byCode[code] ?? 0);
    if (d > 0) delta.byCode[code] = d;
  }
  const kind = (code: string) =>
    RAW_5XX.has(code)
      ? 'raw5xx'
      : ['1', '2', '1200'].includes(code)
        ? 'temporary'
        : ['190'].includes(code)
          ? 'token'
          : 'rateLimit';
  for (const [code, n] of Object.entries(delta.byCode))
    injected[kind(code)] = (injected[kind(code)] ?? 0) + n;
  if (delta.held) injected.timeout = (injected.timeout ?? 0) + delta.held;
  return delta;
}

async function behave(url: string, b: Record<string, unknown>) {
  await emulatorCall(url.replace(/\/$/, ''), '/_emulator/behaviour', b, 'PUT');
}

const figures: Record<string, unknown> = {};
afterAll(() => reportFigures('graph-faults', { injected, ...figures }));

describe('Graph faults during campaign dispatch', () => {
  let w: CampaignWorld;
  let worker: CampaignWorker;
  let graph: GraphClient;
  let emu = '';

  beforeAll(async () => {
    w = await createCampaignWorld({ SEND_RATE_PER_PAGE: '150', HIGH_VOLUME_SENDS: '1' });
    emu = w.emulator.url.replace(/\/$/, '');
    await behave(emu, { sendPerSecond: 0, hangMs: HANG_MS });
    // As the worker builds its own: no retries inside the client (the worker decides), a short timeout.
    graph = graphClient(emu, { maxRetries: 0, maxRateLimitRetries: 0 });
    worker = await startCampaignWorker(
      {
        config: w.t.config,
        pool: w.t.database.pool,
        boss: w.boss,
        graph,
        decryptToken: tokenCipher(w.t.config.encryptionKey).decrypt,
      },
      { batchSize: 100, staleAfterMs: 3000, rateLimitPauseMs: 200 },
    );
  });
  afterAll(async () => {
    await worker?.stop();
    await graph?.close();
    await w?.close();
  });

  const create = (page: WorldPage, text: string) =>
    w.createCampaignNow(page.fbPageId, text, 'Fault run');
  const settled = (id: string) =>
    until(
      `campaign ${id} settled`,
      async () => {
        const { rows } = await w.pool.query<{ status: string; status_reason: string | null }>(
          'select status, status_reason from campaigns where id = $1',
          [id],
        );
        const r = rows[0];
        return r && ['completed', 'failed', 'cancelled'].includes(r.status) ? r : undefined;
      },
      120_000,
      100,
    );
  /** One campaign of `size` under the faults that `inject` sets up once `after` messages went out. */
  const run = async (label: string, size: number, inject: Record<string, unknown>, after = 30) => {
    const page = await w.createPage({ inside: size, outside: 0 });
    const text = `Graph faults: ${label}`;
    const before = await faultsOf(emu);
    const id = await create(page, text);
    await until(
      `${label}: dispatch started`,
      async () => (await outboxOf(emu, page.fbPageId)).length >= after,
      30_000,
      20,
    );
    await behave(emu, inject);
    const status = await settled(id);
    const delta = tally(before, await faultsOf(emu));
    expect(
      (await (await fetch(`${emu}/_emulator/behaviour`)).json()) as Record<string, unknown>,
    ).toMatchObject({
      failNext: 0,
      hangNext: 0,
    });
    const result = await checkExactlyOnce({
      pool: w.pool,
      emulatorUrl: emu,
      fbPageId: page.fbPageId,
      campaignId: id,
      text,
      audience: page.contacts.map((c) => c.psid),
    });
    figures[`dispatch ${label}`] = { ...result, faults: delta };
    return { id, page, status, delta, result };
  };

  it('a storm of raw 5xx and temporary errors: 1200 is retried and sent; raw 5xx, 1 and 2 are flagged unknown, never re-sent', async () => {
    const { status, delta, result, id } = await run('5xx storm', 300, {
      failNext: 28,
      failCodes: [500, 1, 502, 2, 503, 1200, 504],
    });
    expect(status.status).toBe('completed');
    const count = (codes: Set<string>) =>
      Object.entries(delta.byCode)
        .filter(([c]) => codes.has(c))
        .reduce((n, [, v]) => n + v, 0);
    const raw = count(RAW_5XX);
    const maybeSent = count(new Set(['1', '2']));
    const temporary = count(new Set(['1200']));
    expect(raw).toBe(16);
    expect(maybeSent).toBe(8);
    expect(temporary).toBe(4);
    // A raw 5xx to a send proves nothing about the message (a proxy may answer after the platform took it),
    // nor do Meta's codes 1 and 2 (the emulator delivers those sends, then answers the error): at most once,
    // so those recipients are flagged for review. 1200 proves it was not sent: sent again, once.
    const unknown = raw + maybeSent;
    expect(result).toMatchObject({
      unknown,
      failed: 0,
      sent: 300 - unknown,
      duplicates: 0,
      losses: 0,
    });
    expect(status.status_reason).toMatch(
      new RegExp(`^${unknown} recipient\\(s\\) flagged for review`),
    );
    const rows = await recipientRows(w.pool, id);
    const { rows: retried } = await w.pool.query<{ n: number }>(
      `select count(*)::int as n from campaign_recipients where campaign_id = $1 and state = 'sent' and attempts > 1`,
      [id],
    );
    expect(retried[0]?.n).toBe(temporary);
    // Meta's code is kept when it gave one; a raw 5xx has none.
    const unknownCodes = rows.filter((r) => r.state === 'unknown').map((r) => r.error_code);
    expect(unknownCodes.filter((c) => c === null)).toHaveLength(raw);
    expect(unknownCodes.filter((c) => c === 1 || c === 2)).toHaveLength(maybeSent);
  });

  it('hung answers longer than the client timeout: the sends went out once, flagged unknown, never re-sent', async () => {
    const { page, status, delta, result, id } = await run('timeouts', 300, { hangNext: 5 });
    expect(delta.held).toBe(5);
    expect(status.status).toBe('completed');
    expect(result).toMatchObject({ unknown: 5, failed: 0, sent: 295, duplicates: 0, losses: 0 });
    // The platform took every one of them (the answer was lost, not the message): 300 messages, 300 people.
    const outbox = (await outboxOf(emu, page.fbPageId)).filter(
      (e) => e.text === 'Graph faults: timeouts',
    );
    expect(new Set(outbox.map((e) => e.recipient)).size).toBe(300);
    const { rows } = await w.pool.query<{
      error_message: string | null;
      message_id: string | null;
    }>(
      `select error_message, message_id from campaign_recipients where campaign_id = $1 and state = 'unknown'`,
      [id],
    );
    expect(rows).toHaveLength(5);
    for (const r of rows)
      expect(r).toEqual({ error_message: UNKNOWN_OUTCOME_MESSAGE, message_id: null });
  });

  it('a 613 storm: every refused send is queued again and sent once; nothing fails', async () => {
    const { status, delta, result, id } = await run('613 storm', 300, {
      failNext: 25,
      failCodes: [613],
    });
    expect(delta.byCode['613']).toBe(25);
    expect(status).toMatchObject({ status: 'completed', status_reason: null });
    expect(result).toMatchObject({ sent: 300, unknown: 0, failed: 0, duplicates: 0, losses: 0 });
    // A 613 is not an attempt: nobody came near the 5-attempt limit.
    const { rows } = await w.pool.query<{ max: number }>(
      'select max(attempts)::int as max from campaign_recipients where campaign_id = $1',
      [id],
    );
    expect(rows[0]?.max).toBe(1);
  });

  it('the page token revoked mid-dispatch: the campaign fails with the reconnect reason, unreached rows stay unsent', async () => {
    const page = await w.createPage({ inside: 600, outside: 0 });
    const text = 'Graph faults: revoked';
    const id = await create(page, text);
    await until(
      'revocation: dispatch started',
      async () => (await outboxOf(emu, page.fbPageId)).length >= 100,
      30_000,
      20,
    );
    await emulatorCall(emu, `/_emulator/tokens/${page.token}/revoke`, {});
    const status = await settled(id);
    expect(status).toEqual({ status: 'failed', status_reason: TOKEN_INVALID_REASON });
    // Settled: give in-flight chunks a moment to write what they had, then no row may still be 'sending'.
    await until(
      'no row sending',
      async () => {
        const { rows } = await w.pool.query<{ n: number }>(
          `select count(*)::int as n from campaign_recipients where campaign_id = $1 and state = 'sending'`,
          [id],
        );
        return rows[0]?.n === 0;
      },
      20_000,
    );
    const result = await checkExactlyOnce({
      pool: w.pool,
      emulatorUrl: emu,
      fbPageId: page.fbPageId,
      campaignId: id,
      text,
      audience: page.contacts.map((c) => c.psid),
      queuedAllowed: true,
    });
    expect(result.queued).toBeGreaterThan(0);
    expect(result.sent).toBeGreaterThanOrEqual(100);
    expect(result.sent + result.queued + result.unknown).toBe(600);
    expect(result.failed).toBe(0);
    // The scheduling admin's own page token is the one marked (renewed at their next sign-in).
    const { rows } = await w.pool.query<{ token_status: string }>(
      'select token_status from page_admins where page_id = $1 and admin_id = $2',
      [page.uuid, w.adminId],
    );
    expect(rows[0]?.token_status).toBe('invalid');
    injected.token = (injected.token ?? 0) + 1;
    figures['dispatch revoked'] = result;
  });
});

describe('Graph faults during page sync', () => {
  let env: SyncEnv;
  let account: TestAdmin;
  let graph: GraphClient;
  let emu = '';

  beforeAll(async () => {
    env = await startSyncEnv({ CONVERSATIONS_RATE_PER_PAGE: '20', LOG_LEVEL: 'silent' });
    emu = env.emulator.url.replace(/\/$/, '');
    account = await newEmulatorAdmin(env, 'Sync Admin');
    await behave(emu, { conversationsPerSecond: 20, hangMs: HANG_MS });
    // The client's default retries (4 transient); rate limits are paced by the sync itself.
    graph = graphClient(emu, { maxRetries: 4, maxRateLimitRetries: 0 });
    await registerPageSyncWorker(
      env.boss,
      { ...env.deps, graph },
      {
        pageSize: 25,
        leaseMs: 3000,
        watchdogMs: 500,
        pollingIntervalSeconds: 0.5,
        minRateLimitWaitMs: 100,
        maxRateLimitWaitMs: 500,
      },
    );
  });
  afterAll(async () => {
    await env?.close();
    await graph?.close();
  });

  const startSync = async (pageId: string) => {
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/v1/pages/sync/${pageId}`,
      headers: account.headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(202);
    return res.json<{ jobId: string }>().jobId;
  };
  const syncRow = async (id: string) => {
    const { rows } = await env.database.db.execute<{
      status: string;
      error: string | null;
      processed: number;
      graph_calls: number;
      rate_limit_hits: number;
    }>(
      sql`select status, error, processed, graph_calls, rate_limit_hits from page_syncs where id = ${id}`,
    );
    const row = rows[0];
    if (!row) throw new Error(`no sync ${id}`);
    return row;
  };
  const finished = (id: string) =>
    until(
      `sync ${id} finished`,
      async () => {
        const r = await syncRow(id);
        return r.status === 'completed' || r.status === 'failed' ? r : undefined;
      },
      120_000,
    );
  const storedPsids = async (pageUuid: string) => {
    const { rows } = await env.database.db.execute<{ psid: string }>(
      sql`select psid from contacts where page_id = ${pageUuid} order by psid`,
    );
    return rows.map((r) => r.psid);
  };

  /** A 300-contact sync (12 calls of 25) under the faults `inject` sets after its first committed page. */
  const run = async (label: string, inject: Record<string, unknown>) => {
    const page = await newEmulatorPage(env, account, { name: `Sync ${label}`, contacts: 300 });
    const before = await faultsOf(emu);
    const id = await startSync(page.id);
    await until(
      `${label}: sync started`,
      async () => (await syncRow(id)).processed > 0,
      30_000,
      20,
    );
    await behave(emu, inject);
    const done = await finished(id);
    const delta = tally(before, await faultsOf(emu));
    const stored = await storedPsids(page.uuid);
    // Exactly the page's contacts, each once (contacts are unique per page and psid: no duplicate rows).
    expect(stored).toEqual(page.contacts.map((c) => c.psid).sort());
    figures[`sync ${label}`] = {
      status: done.status,
      processed: done.processed,
      graphCalls: done.graph_calls,
      rateLimitHits: done.rate_limit_hits,
      faults: delta,
    };
    return { done, delta };
  };

  it('a raw 5xx / temporary error storm: retried (client, then job from its cursor), completed exactly', async () => {
    const { done, delta } = await run('5xx storm', {
      failNext: 14,
      failCodes: [500, 502, 503, 504, 1, 2, 1200],
    });
    expect(Object.values(delta.byCode).reduce((a, b) => a + b, 0)).toBe(14);
    // Each page of 25 was committed once: 12 pages, 12 counted calls, 300 processed.
    expect(done).toMatchObject({
      status: 'completed',
      error: null,
      processed: 300,
      graph_calls: 12,
    });
  });

  it('hung answers longer than the client timeout: reads are retried, completed exactly', async () => {
    const { done, delta } = await run('timeouts', { hangNext: 3 });
    expect(delta.held).toBe(3);
    expect(done).toMatchObject({
      status: 'completed',
      error: null,
      processed: 300,
      graph_calls: 12,
    });
  });

  it('a rate-limit storm (80001, 613, 4, 17): the sync slows down and completes exactly', async () => {
    const { done, delta } = await run('rate-limit storm', {
      failNext: 12,
      failCodes: [80001, 613, 4, 17],
    });
    expect(Object.values(delta.byCode).reduce((a, b) => a + b, 0)).toBe(12);
    expect(done).toMatchObject({
      status: 'completed',
      error: null,
      processed: 300,
      graph_calls: 12,
    });
    expect(done.rate_limit_hits).toBe(12);
  });

  it('the page token revoked mid-sync: failed with the reconnect message; after reconnecting a new sync completes exactly', async () => {
    const page = await newEmulatorPage(env, account, { name: 'Sync revoked', contacts: 300 });
    const id = await startSync(page.id);
    await until(
      'revocation: sync started',
      async () => (await syncRow(id)).processed > 0,
      30_000,
      20,
    );
    await emulatorCall(emu, `/_emulator/tokens/${page.access_token}/revoke`, {});
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'failed', error: TOKEN_INVALID_MESSAGE });
    expect(done.processed).toBeLessThan(300);
    // What was committed before the revocation is kept, exactly once.
    const partial = await storedPsids(page.uuid);
    expect(partial).toHaveLength(done.processed);
    expect(new Set(partial).size).toBe(partial.length);
    const job = await until('the job failed without retries', async () => {
      const j = await env.boss.getJobById('page-sync', id);
      return j?.state === 'failed' ? j : undefined;
    });
    expect(job.retryCount).toBe(0);
    const { rows } = await env.database.db.execute<{ token_status: string }>(
      sql`select token_status from pages where id = ${page.uuid}`,
    );
    expect(rows[0]?.token_status).toBe('invalid');
    injected.token = (injected.token ?? 0) + 1;

    // The admin signs in again: a new user token, the page's new token stored (what sign-in does).
    const user = await emulatorCall<{ access_token: string }>(
      emu,
      `/_emulator/users/${account.fbUserId}/tokens`,
      { longLived: true },
    );
    const fresh = await emulatorCall<{ access_token: string }>(
      emu,
      `/v16.0/${page.id}?fields=access_token&access_token=${user.access_token}`,
    );
    expect(fresh.access_token).not.toBe(page.access_token);
    await env.database.db
      .execute(sql`update pages set page_token_enc = ${env.tokens.encrypt(fresh.access_token)},
                                         token_status = 'valid' where id = ${page.uuid}`);
    const again = await startSync(page.id);
    expect(again).not.toBe(id);
    const resumed = await finished(again);
    expect(resumed).toMatchObject({ status: 'completed', error: null, processed: 300 });
    expect(await storedPsids(page.uuid)).toEqual(page.contacts.map((c) => c.psid).sort());
    figures['sync revoked'] = { failedAfter: done.processed, resumed: resumed.processed };
  });
});
