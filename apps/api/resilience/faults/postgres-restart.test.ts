// Postgres stopped and started again under a running API process and a running worker process (both real,
// src/main.ts and src/worker.ts, on a Postgres of this test's own) while a campaign dispatches: /readyz
// answers 503 during the outage while /healthz stays up and no process dies; once Postgres is back /readyz
// recovers without restarting anything, the campaign finishes with exactly one outcome per recipient and no
// duplicate at the platform, a campaign that fell due during the outage runs, one refused during it (503)
// is accepted on retry, and the live inbox stream resumes (LISTEN re-established).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmulator, type Emulator } from '@pagecast/graph-emulator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenCipher } from '../../src/crypto/tokens.js';
import { freePort, startEmbeddedPostgres, type EmbeddedPg } from '../../src/db/embedded.js';
import { runMigrations } from '../../src/db/migrate.js';
import { seedCampaignPage, type WorldPage } from '../../test/fixtures/campaign-world.js';
import { must } from '../../test/support/assert.js';
import {
  killAllSpawned,
  spawnTsx,
  stopProcess,
  type Spawned,
} from '../../test/fixtures/processes.js';
import {
  adminJwt,
  campaignDiagnostics,
  checkExactlyOnce,
  reportFigures,
  sleep,
  until,
} from './support.js';
import { graphRequestLog } from '../../test/helpers/graph-requests.js';

const AUDIENCE = 2000;
const TAGGED = 200;
const RATE = 150;
const OUTAGE_MS = 8000;
const JWT_SECRET = 'faults-jwt-secret-that-is-long-enough';
const ENCRYPTION_KEY = randomBytes(32).toString('base64');

let pgServer: EmbeddedPg | undefined;
let pgPort = 0;
let dataDir = '';
let appDataDir = '';
let emulator: Emulator;
let pool: pg.Pool;
let api: Spawned;
let worker: Spawned;
let apiUrl = '';
let page: WorldPage;
let tagId = '';
let taggedPsids: string[] = [];
let auth: { authorization: string };

const startPostgres = () =>
  startEmbeddedPostgres({ dataDir, port: pgPort, database: 'pagecast', persistent: true });

beforeAll(async () => {
  pgPort = await freePort(57000 + Math.floor(Math.random() * 2000));
  dataDir = path.join(os.tmpdir(), `pagecast-faults-pg-${process.pid}-${pgPort}`);
  pgServer = await startPostgres();
  await runMigrations(pgServer.url);
  emulator = await startEmulator({
    ...graphRequestLog(),
    port: 0,
    seed: 'empty',
    behaviour: { sendPerSecond: 0 },
  });
  pool = new pg.Pool({ connectionString: pgServer.url, max: 3 });
  pool.on('error', () => {}); // its idle clients die with the server during the outage

  const owner = (await (
    await fetch(`${emulator.url}/_emulator/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Outage Admin' }),
    })
  ).json()) as { id: string };
  const { rows } = await pool.query<{ id: string }>(
    `insert into admins (fb_user_id, name) values ($1, 'Outage Admin') returning id`,
    [owner.id],
  );
  const adminId = must(rows[0]).id;
  // Every request checks its session row (modules/sessions/repo.ts), so the token names a real one.
  const session = await pool.query<{ id: string }>(
    `insert into sessions (admin_id, expires_at) values ($1, now() + interval '1 hour') returning id`,
    [adminId],
  );
  const sid = must(session.rows[0]).id;
  auth = { authorization: `Bearer ${adminJwt(JWT_SECRET, adminId, owner.id, sid)}` };
  page = await seedCampaignPage(
    { pool, emulator, encrypt: tokenCipher(Buffer.from(ENCRYPTION_KEY, 'base64')).encrypt },
    { inside: AUDIENCE, outside: 0, ownerFbId: owner.id, adminId },
  );
  // As sign-in does: the page delivers its webhooks (contact messages, delivery receipts) to the app.
  const subscribed = await fetch(
    `${emulator.url}/v16.0/${page.fbPageId}/subscribed_apps?access_token=${page.token}` +
      '&subscribed_fields=messages,message_deliveries,message_reads,messaging_postbacks',
    { method: 'POST' },
  );
  expect(subscribed.status).toBe(200);
  const tag = await pool.query<{ id: string }>(
    `insert into tags (page_id, name, description) values ($1, 'Outage', 'fault suite') returning id`,
    [page.uuid],
  );
  tagId = must(tag.rows[0]).id;
  const tagged = page.contacts.slice(0, TAGGED);
  taggedPsids = tagged.map((c) => c.psid);
  await pool.query(
    `insert into contact_tags (contact_id, tag_id, page_id) select unnest($1::uuid[]), $2, $3`,
    [tagged.map((c) => c.uuid), tagId, page.uuid],
  );

  const apiPort = await freePort(59000 + Math.floor(Math.random() * 500));
  apiUrl = `http://127.0.0.1:${apiPort}`;
  appDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-faults-app-'));
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: pgServer.url,
    GRAPH_API_URL: emulator.url,
    JWT_SECRET,
    ENCRYPTION_KEY,
    DATA_DIR: appDataDir,
    WEB_DIST: path.join(appDataDir, 'no-web-build'),
    SEND_RATE_PER_PAGE: String(RATE),
    HIGH_VOLUME_SENDS: '1',
    PUBLIC_URL: apiUrl,
  };
  api = spawnTsx(
    'src/main.ts',
    {
      ...env,
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      WORKERS_IN_API: 'false',
    },
    { ready: /Pagecast is running/ },
  );
  worker = spawnTsx(
    'src/worker.ts',
    { ...env, LOG_LEVEL: 'info' },
    { ready: /Pagecast worker is running/ },
  );
  await Promise.all([api.ready, worker.ready]);
}, 120_000);

afterAll(async () => {
  if (api) await stopProcess(api);
  if (worker) await stopProcess(worker);
  killAllSpawned();
  await pool?.end().catch(() => {});
  await emulator?.close();
  await pgServer?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (appDataDir) fs.rmSync(appDataDir, { recursive: true, force: true });
});

async function http(method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await fetch(`${apiUrl}${url}`, {
    method,
    headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, body: json as Record<string, unknown> | undefined, text };
}

/** `at` 'now': 'Send now', by the server's clock. */
const campaignBody = (name: string, msg: string, at: Date | 'now', tag: string | null) => ({
  name,
  description: 'Fault suite',
  pageId: page.fbPageId,
  tagId: tag,
  ...(at === 'now' ? { sendNow: true } : { time: at.toISOString() }),
  type: 'ACCOUNT_UPDATE',
  msg,
});

/** The live inbox stream, read as text as it arrives. */
function openStream(url: string) {
  const controller = new AbortController();
  let text = '';
  const done = fetch(`${apiUrl}${url}`, { headers: auth, signal: controller.signal })
    .then(async (res) => {
      if (res.status !== 200) throw new Error(`stream: ${res.status}`);
      const decoder = new TextDecoder();
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
      }
    })
    .catch(() => {});
  return { text: () => text, close: () => controller.abort(), done };
}

describe('Postgres stopped and restarted under a running API and worker', () => {
  it('readyz goes 503 then recovers; the campaigns finish exactly once; nothing crashes', async () => {
    const pids = { api: api.child.pid, worker: worker.child.pid };
    expect((await fetch(`${apiUrl}/readyz`)).status).toBe(200);
    const stream = openStream(`/api/v1/chats/${page.fbPageId}/events`);
    await until(
      'the live stream connected',
      async () => stream.text().includes(': connected'),
      20_000,
    );

    const a = await http(
      'POST',
      '/api/v1/campaigns/create',
      campaignBody('Outage A', 'Campaign A', 'now', null),
    );
    expect(a.status, a.text).toBe(201);
    const aId = String(a.body?.id);
    // Dispatch is under way (a few hundred sent) when the database goes away.
    await until(
      'campaign A under way',
      async () => (await emulatorOutboxCount()) >= 400,
      60_000,
      50,
    );
    // B is prepared now (snapshot + batch jobs) and falls due while Postgres is down.
    const b = await http(
      'POST',
      '/api/v1/campaigns/create',
      campaignBody('Outage B', 'Campaign B', new Date(Date.now() + 3000), tagId),
    );
    expect(b.status, b.text).toBe(201);
    const bId = String(b.body?.id);
    await until(
      'B prepared',
      async () => {
        const { rows } = await pool.query<{ n: number }>(
          'select audience_count as n from campaigns where id = $1',
          [bId],
        );
        return (rows[0]?.n ?? 0) > 0;
      },
      20_000,
    );
    const sentBeforeOutage = await emulatorOutboxCount();

    // --- the outage ---
    const stoppedAt = Date.now();
    await must(pgServer).stop();
    pgServer = undefined;
    await until(
      'readyz not ready',
      async () => (await fetch(`${apiUrl}/readyz`)).status === 503,
      30_000,
    );
    const notReadyAfterMs = Date.now() - stoppedAt;
    const readyz = (await (await fetch(`${apiUrl}/readyz`)).json()) as Record<string, unknown>;
    expect(readyz).toMatchObject({ status: 'not_ready', checks: { database: false } });
    expect((await fetch(`${apiUrl}/healthz`)).status).toBe(200);
    // A write while the database is away: a clear 503 the client can retry, not a crash or a 500.
    const c = await http(
      'POST',
      '/api/v1/campaigns/create',
      campaignBody('Outage C', 'Campaign C', 'now', tagId),
    );
    expect(c.status, c.text).toBe(503);
    expect(typeof c.body?.message).toBe('string');
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
    expectAlive();

    pgServer = await startPostgres();
    const startedAt = Date.now();
    const outageMs = startedAt - stoppedAt;
    expect(pgServer.port).toBe(pgPort);
    await until(
      'readyz ready again',
      async () => (await fetch(`${apiUrl}/readyz`)).status === 200,
      60_000,
      50,
    );
    const readyAfterMs = Date.now() - startedAt;
    expect((await fetch(`${apiUrl}/healthz`)).status).toBe(200);

    // The client retries C once the API is ready again.
    const cRetry = await http(
      'POST',
      '/api/v1/campaigns/create',
      campaignBody('Outage C', 'Campaign C', 'now', tagId),
    );
    expect(cRetry.status, cRetry.text).toBe(201);
    const cId = String(cRetry.body?.id);

    // The live stream was told to resync, and new events flow again (the hub's LISTEN is back).
    await until(
      'resync on the stream',
      async () => stream.text().includes('event: resync'),
      60_000,
    );
    const contact = must(page.contacts[AUDIENCE - 1]);
    const reply = `after the outage ${randomBytes(3).toString('hex')}`;
    await fetch(
      `${emulator.url}/_emulator/pages/${page.fbPageId}/contacts/${contact.psid}/messages`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: reply }),
      },
    );
    await until('the new message on the stream', async () => stream.text().includes(reply), 30_000);
    stream.close();

    const statuses = await until(
      'all three campaigns finished',
      async () => {
        const { rows } = await pool.query<{
          id: string;
          status: string;
          status_reason: string | null;
        }>('select id, status, status_reason from campaigns where id = any($1::uuid[])', [
          [aId, bId, cId],
        ]);
        return rows.length === 3 && rows.every((r) => r.status === 'completed') ? rows : undefined;
      },
      90_000,
      250,
    ).catch(async (err: unknown) => {
      throw new Error(
        `${String(err)}\n${JSON.stringify(await campaignDiagnostics(pool, [aId, bId, cId]), null, 1)}\n` +
          `worker output:\n${worker.output().slice(-6000)}`,
      );
    });
    const finishedAfterRecoveryMs = Date.now() - startedAt;
    expectAlive();
    expect({ api: api.child.pid, worker: worker.child.pid }).toEqual(pids);

    const all = page.contacts.map((x) => x.psid);
    const figures = {
      A: await checkExactlyOnce({
        pool,
        emulatorUrl: emulator.url,
        fbPageId: page.fbPageId,
        campaignId: aId,
        text: 'Campaign A',
        audience: all,
      }),
      B: await checkExactlyOnce({
        pool,
        emulatorUrl: emulator.url,
        fbPageId: page.fbPageId,
        campaignId: bId,
        text: 'Campaign B',
        audience: taggedPsids,
      }),
      C: await checkExactlyOnce({
        pool,
        emulatorUrl: emulator.url,
        fbPageId: page.fbPageId,
        campaignId: cId,
        text: 'Campaign C',
        audience: taggedPsids,
      }),
    };
    // A live worker records every answer it got, outage or not: nothing is left for review.
    for (const f of Object.values(figures))
      expect(f).toMatchObject({ failed: 0, unknown: 0, queued: 0 });
    reportFigures('postgres-restart', {
      outageMs,
      readyzNotReadyAfterMs: notReadyAfterMs,
      readyzRecoveredAfterMs: readyAfterMs,
      campaignsFinishedAfterRecoveryMs: finishedAfterRecoveryMs,
      sentBeforeOutage,
      processRestarts: 0,
      campaigns: figures,
      statusReasons: statuses.map((s) => s.status_reason),
    });
  });
});

function expectAlive() {
  expect(api.alive(), `the API process died:\n${api.output().slice(-5000)}`).toBe(true);
  expect(worker.alive(), `the worker process died:\n${worker.output().slice(-5000)}`).toBe(true);
}

async function emulatorOutboxCount(): Promise<number> {
  return must(emulator.world.pages.get(page.fbPageId)).outbox.length;
}
