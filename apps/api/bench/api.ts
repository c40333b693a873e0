/**
 * API under load (pnpm bench, see bench/FINDINGS.md): the API in this process on the embedded defaults (a throwaway embedded
 * Postgres, the emulator in a process of its own and unthrottled), a page with 10,000 conversations, and autocannon at
 * 50 connections against GET recipients, GET messages, GET tags, GET campaigns and POST send. Baseline: a
 * bare Fastify hello-world in the same process, measured in the same rounds (runs are interleaved so load
 * from elsewhere on the machine hits every target alike). Also the API process's peak RSS under load.
 *
 * Writes bench/results/api.json. BENCH_QUICK=1: short runs. BENCH_API_TARGETS=recipients,tags: a subset.
 * BENCH_CPU_PROFILE=<dir>: a V8 CPU profile of this process per target during run 1 (<dir>/<target>.cpuprofile).
 * The API runs with NODE_ENV=production settings; request logs go to a file at the default level (info), as in
 * production, not to this terminal. scripts/bench.mjs starts this process with the API's node flags as deployed
 * (`--max-semi-space-size=64`); run by hand, pass them too.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Session } from 'node:inspector/promises';
import Fastify from 'fastify';
import pg from 'pg';
import { figure, QUICK, writeResult, type Figure } from '../../../bench/lib.mjs';
import { buildApp } from '../src/app.js';
import { SESSION_TTL_MS, signAdminToken } from '../src/auth/jwt.js';
import { openSession } from '../src/modules/sessions/repo.js';
import { tokenCipher } from '../src/crypto/tokens.js';
import { createLogger } from '../src/logger.js';
import { encodeCursor } from '../src/modules/inbox/cursor.js';
import { CONTACTS_FIRST, firstContactsSql, type ContactRow } from '../src/modules/inbox/repo.js';
import { createApiKey } from '../src/modules/api-keys/service.js';
import { toRecipient } from '../src/modules/inbox/mappers.js';
import { runLoad, type LoadResult, type LoadTarget } from './load.js';
import { createEmulatorPage, seedPageData, startEmulatorProcess } from './seed.js';
import {
  benchConfig,
  benchGraph,
  productionEnv,
  runBench,
  startBenchDatabase,
  type BenchRun,
} from './setup.js';
import { emu } from '../test/support/emulator-control.js';

const CONNECTIONS = 50;
const CONTACTS = 10_000;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? (QUICK ? 3 : 10));
const WARMUP_S = QUICK ? 1 : 3;
const RUNS = Number(process.env.BENCH_RUNS ?? (QUICK ? 2 : 3));
/** A figure with more non-2xx answers than this share is "not measurable yet". */
const MAX_FAILED_SHARE = 0.01;
const P99_TARGET_MS = 50;

/**
 * SQL statements sent by this process (every pool and transaction query goes through Client#query): the
 * per-request figure in the log shows round trips that a change adds or removes.
 */
let queryCount = 0;
// eslint-disable-next-line @typescript-eslint/unbound-method -- applied with its own `this` below
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  queryCount++;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

const log = (...args: unknown[]) => console.log('[api bench]', ...args);
const t0 = Date.now();
await runBench('api', main);

async function main(benchRun: BenchRun) {
  // --- the product, as main.ts composes it (no pg-boss: none of the measured routes enqueue jobs)
  // Production refuses the emulator's public default secret: the emulator and the API share a random one.
  const appSecret = randomBytes(16).toString('hex');
  // The platform in a process of its own, as in production: in this one, its world (10,000 contacts) would
  // add to the API's heap, its garbage-collection pauses and its RSS (bench/FINDINGS.md).
  const emulator = await startEmulatorProcess({ env: { FB_APP_SECRET: appSecret } });
  benchRun.onStop(() => emulator.close());
  await emu(emulator.url, '/_emulator/seed', { seed: 'api-bench', users: 0 });
  await emu(
    emulator.url,
    '/_emulator/behaviour',
    { sendPerSecond: 0, conversationsPerSecond: 0 },
    'PUT',
  );
  const { server: pgServer, db } = await startBenchDatabase(benchRun, 'pagecast-api');
  // Production settings (logging at info, no response validation, CSP/HSTS as deployed).
  const config = benchConfig(
    benchRun,
    pgServer.url,
    productionEnv(benchRun, {
      FB_APP_SECRET: appSecret,
      GRAPH_API_URL: emulator.url.replace(/\/$/, ''),
      // The ceilings on typed replies a minute (30 per admin) would answer POST send 429 from its 31st
      // request: raised out of the way, still counted on every send, so their cost stays in the figure.
      CHAT_SENDS_PER_ADMIN_MINUTE: '100000000',
      CHAT_SENDS_PER_PAGE_MINUTE: '100000000',
      // Likewise a key's own limit (600 a minute): counted on every request, never reached.
      API_KEY_REQUESTS_PER_MINUTE: '1000000000',
    }),
  );
  const graph = benchGraph(benchRun, config);
  const logFile = path.join(benchRun.dataDir, 'api.log');
  // The production logger (createLogger: buffered, asynchronous), into a file instead of stdout.
  const logger = createLogger(config, logFile);
  const app = await buildApp({ config, pool: db.pool, graph, logger });
  benchRun.onStop(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const apiUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const hello = await helloWorld(pgServer.url);
  benchRun.onStop(() => hello.close());

  // --- data: 10,000 contacts x 10 messages, 20 tags, 50 campaigns
  const user = await emu<{ id: string; name: string }>(emulator.url, '/_emulator/users', {
    name: 'Bench Admin',
  });
  const page = await createEmulatorPage(emulator.url, user.id, 'Bench Bakery', CONTACTS);
  const seeded = await seedPageData(db.pool, {
    admin: { fbUserId: user.id, name: user.name },
    page,
    tokens: tokenCipher(config.encryptionKey),
  });
  // The queue's columns as a live inbox has them, which GET recipients reads per row: a third of the
  // conversations assigned, a fifth of the contacts subscribed to marketing messages, every fourth
  // with unread messages; each contact's newest message is theirs (the seed's newest is inbound).
  await db.pool.query(
    `update contacts c set last_contact_message_at = c.last_message_at,
       unread_count = case when r.n % 4 = 0 then 1 + r.n % 3 else 0 end,
       assignee_id = case when r.n % 3 = 0 then $2::uuid end
     from (select id, row_number() over (order by psid) as n from contacts where page_id = $1) r
     where r.id = c.id`,
    [seeded.pageUuid, seeded.adminId],
  );
  await db.pool.query(
    `insert into marketing_subscriptions (page_id, contact_id, token, status)
     select c.page_id, c.id, 'bench-token-' || c.psid, 'subscribed' from contacts c
      where c.page_id = $1 and hashtext(c.psid) % 5 = 0`,
    [seeded.pageUuid],
  );
  await db.pool.query('vacuum analyze contacts, marketing_subscriptions');
  log(`seeded ${JSON.stringify(seeded.counts)} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const sessionId = await openSession(db.pool, {
    adminId: seeded.adminId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  const jwt = signAdminToken(app, {
    adminId: seeded.adminId,
    userId: user.id,
    role: 'admin',
    sessionId,
  });
  const auth = { authorization: `Bearer ${jwt}` };
  // The same admin's API key (read, every page): GET recipients with it, side by side with the session.
  const { key } = await createApiKey(db.pool, seeded.adminId, {
    name: 'Bench key',
    pageIds: 'all',
    scopes: ['read'],
  });
  const keyAuth = { authorization: `Bearer ${key}` };
  // The 1,000 most recent conversations: open them, reply to them (all inside the 24-hour window).
  const recent = seeded.psids.slice(0, 1000);

  const targets: Array<{ key: string; label: string; url: string; target: LoadTarget }> = [
    {
      key: 'baseline',
      label: 'Fastify hello world (baseline)',
      url: hello.url,
      target: { method: 'GET', paths: ['/hello'] },
    },
    {
      key: 'floor',
      label: 'Reference: bare Fastify + one prepared query of the same 30 recipients',
      url: hello.url,
      target: { method: 'GET', paths: [`/floor/${seeded.pageUuid}`] },
    },
    {
      key: 'recipients',
      label: 'GET recipients',
      url: apiUrl,
      target: { method: 'GET', paths: [`/api/v1/chats/${page.id}/recipients`], headers: auth },
    },
    {
      key: 'recipients-key',
      label: 'GET recipients with an API key',
      url: apiUrl,
      target: { method: 'GET', paths: [`/api/v1/chats/${page.id}/recipients`], headers: keyAuth },
    },
    {
      key: 'messages',
      label: 'GET messages',
      url: apiUrl,
      target: {
        method: 'GET',
        paths: recent.map((p) => `/api/v1/chats/${page.id}/user/${p}`),
        headers: auth,
      },
    },
    {
      key: 'tags',
      label: 'GET tags',
      url: apiUrl,
      target: { method: 'GET', paths: [`/api/v1/tags/page/${page.id}`], headers: auth },
    },
    {
      key: 'campaigns',
      label: 'GET campaigns',
      url: apiUrl,
      target: { method: 'GET', paths: [`/api/v1/campaigns/page/${page.id}`], headers: auth },
    },
    {
      key: 'send',
      label: 'POST send',
      url: apiUrl,
      target: {
        method: 'POST',
        paths: recent.map((p) => `/api/v1/chats/${page.id}/user/${p}/send`),
        headers: auth,
        body: JSON.stringify({
          message: 'Thanks for your message! Your order ships tomorrow morning.',
        }),
      },
    },
  ];
  const only = (process.env.BENCH_API_TARGETS ?? '').split(',').filter(Boolean);
  const selected = targets.filter(
    (t) =>
      t.key === 'baseline' ||
      only.length === 0 ||
      only.includes(t.key) ||
      (t.key === 'floor' && only.includes('recipients')) ||
      (t.key === 'recipients-key' && only.includes('recipients')),
  );

  // One request each first: a route that is not implemented yet shows up here, before any load.
  for (const t of selected) {
    const r = await fetch(t.url + t.target.paths[0], {
      method: t.target.method,
      headers: {
        ...(t.target.body ? { 'content-type': 'application/json' } : {}),
        ...t.target.headers,
      },
      body: t.target.body,
    });
    log(`${t.label}: ${r.status} ${r.ok ? '' : (await r.text()).slice(0, 200)}`);
  }

  // The plan of GET recipients' statement (the reference runs the same text), as the pools run it
  // (generic plan of a prepared statement), on the seeded data: what each request asks of Postgres. Its
  // page check is answered by the API process's page access cache (auth/page-access-cache.ts).
  await explain(pgServer.url, 'GET recipients', CONTACTS_FIRST.text, [seeded.pageUuid, 31]);

  // RSS sampled while the load runs (the API process here; autocannon runs in a child process).
  let peakRssUnderLoad = 0;
  const sampler = setInterval(() => {
    peakRssUnderLoad = Math.max(peakRssUnderLoad, process.memoryUsage.rss());
  }, 100);
  benchRun.onStop(async () => clearInterval(sampler));

  log(`warm-up ${WARMUP_S} s per target`);
  for (const t of selected)
    await runLoad(t.url, t.target, { connections: CONNECTIONS, durationS: WARMUP_S });

  const results = new Map<string, LoadResult[]>(selected.map((t) => [t.key, []]));
  const profileDir = process.env.BENCH_CPU_PROFILE;
  for (let run = 1; run <= RUNS; run++) {
    for (const t of selected) {
      const profiler = run === 1 && profileDir ? await startProfile() : undefined;
      const queriesBefore = queryCount;
      const cpuBefore = process.cpuUsage();
      const pgCpuBefore = postgresCpuMs(pgServer.port);
      const r = await runLoad(t.url, t.target, { connections: CONNECTIONS, durationS: DURATION_S });
      const queries = queryCount - queriesBefore;
      const cpu = process.cpuUsage(cpuBefore);
      const pgCpuMs = postgresCpuMs(pgServer.port) - pgCpuBefore;
      if (profiler) await profiler.stop(path.resolve(profileDir as string, `${t.key}.cpuprofile`));
      results.get(t.key)?.push(r);
      const answered = r.ok + r.non2xx;
      log(
        `run ${run}/${RUNS} ${t.label}: ${Math.round(r.okPerSecond)} ok/s, p50 ${r.latencyMs.p50} ms, ` +
          `p99 ${r.latencyMs.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors} ${JSON.stringify(r.statusCodes)}, ` +
          `${answered ? (queries / answered).toFixed(2) : '-'} SQL statements per request, CPU per request: ` +
          `this process ${answered ? Math.round((cpu.user + cpu.system) / answered) : '-'} µs, ` +
          `Postgres ${answered ? Math.round((pgCpuMs * 1000) / answered) : '-'} µs`,
      );
    }
  }
  clearInterval(sampler);

  // --- figures
  const figures: Figure[] = [];
  const notes: string[] = [
    `${CONTACTS.toLocaleString('en-US')} contacts with ${seeded.counts.messages.toLocaleString('en-US')} messages, ` +
      `${seeded.counts.tags} tags (${seeded.counts.contactTags.toLocaleString('en-US')} on contacts), ` +
      `${seeded.counts.campaigns} campaigns; autocannon at ${CONNECTIONS} connections in a separate process, ` +
      `${RUNS} runs × ${DURATION_S} s per target after a ${WARMUP_S} s warm-up, targets interleaved in each run.`,
    'req/s counts 2xx answers only. GET messages and POST send rotate over the 1,000 most recent conversations; ' +
      'POST send includes the Send API round trip to the emulator (its own process, unthrottled) and storing the message.',
    `The API runs with NODE_ENV=production and logs every request at the default level (info) to a file, ` +
      `as a production deployment would; the baseline has no logger.`,
    'The reference target is what Postgres in the loop costs here: a bare Fastify route (no auth, hooks, ' +
      'logging or validation) running only the first page of GET recipients as one prepared statement on a ' +
      'plain pg pool, mapped and serialized like the API. The log prints SQL statements and CPU (this ' +
      'process, Postgres) per request for each run: steadier than req/s when other work shares the cores.',
  ];
  const baselineRps = figure({
    name: 'Fastify hello world (baseline): req/s',
    unit: 'req/s',
    values: (results.get('baseline') ?? []).map((r) => r.okPerSecond),
    digits: 0,
  });
  // GET recipients is held to the reference (what its one query costs on a bare route), not to hello world.
  const referenceRps = figure({
    name: 'Reference: req/s',
    unit: 'req/s',
    values: (results.get('floor') ?? []).map((r) => r.okPerSecond),
    digits: 0,
  });
  for (const t of selected) {
    const runs = results.get(t.key) ?? [];
    const total = runs.reduce((n, r) => n + r.ok + r.non2xx + r.errors + r.timeouts, 0);
    const failed = runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
    const codes: Record<string, number> = {};
    for (const r of runs)
      for (const [c, n] of Object.entries(r.statusCodes)) codes[c] = (codes[c] ?? 0) + n;
    const measurable = total > 0 && failed / total <= MAX_FAILED_SHARE;
    const note = measurable
      ? failed
        ? `${failed} of ${total} requests failed`
        : undefined
      : `not measurable yet: ${failed} of ${total} answers non-2xx or errors (status codes ${JSON.stringify(codes)})`;
    if (!measurable) notes.push(`${t.label}: ${note}`);
    const values = (pick: (r: LoadResult) => number) => (measurable ? runs.map(pick) : []);
    const isRead = t.key !== 'baseline' && t.key !== 'send' && t.key !== 'floor';
    if (t.key === 'baseline') figures.push(baselineRps);
    else {
      figures.push(
        figure({
          name: `${t.label}: req/s`,
          unit: 'req/s',
          values: values((r) => r.okPerSecond),
          baseline:
            t.key === 'recipients'
              ? { name: 'the reference', median: referenceRps.median }
              : { name: 'hello world', median: baselineRps.median },
          target: t.key === 'recipients' ? { op: '>=', value: 0.9, of: 'ratio' } : undefined,
          note,
          digits: 0,
        }),
      );
    }
    figures.push(
      figure({
        name: `${t.label}: p50 latency`,
        unit: 'ms',
        values: values((r) => r.latencyMs.p50),
      }),
    );
    figures.push(
      figure({
        name: `${t.label}: p99 latency`,
        unit: 'ms',
        values: values((r) => r.latencyMs.p99),
        target: isRead ? { op: '<', value: P99_TARGET_MS } : undefined,
      }),
    );
  }
  // Key auth beside session auth on the same route, run after run: the p99 with a key over the session's.
  const p99s = (k: string) => (results.get(k) ?? []).map((r) => r.latencyMs.p99);
  const [sessionP99, keyP99] = [p99s('recipients'), p99s('recipients-key')];
  if (sessionP99.length && keyP99.length)
    figures.push(
      figure({
        name: 'GET recipients p99: API key / session (same run)',
        unit: 'ratio',
        values: keyP99.map((v, i) => v / (sessionP99[i] ?? Number.NaN)),
        target: { op: '<=', value: 1.1 },
        note: 'each run measures both back to back; the median of the per-run ratios',
        digits: 3,
      }),
    );
  const mb = (bytes: number) => bytes / 1024 / 1024;
  figures.push(
    figure({
      name: 'API process peak RSS under load',
      unit: 'MB',
      values: [mb(peakRssUnderLoad)],
      target: { op: '<', value: 300 },
      digits: 0,
    }),
  );
  notes.push(
    `maxRSS of the whole bench process (seeding included; the emulator runs in its own process): ` +
      `${Math.round(process.resourceUsage().maxRSS / 1024)} MB.`,
  );
  const file = writeResult('api', {
    figures,
    notes,
    seconds: Math.round((Date.now() - t0) / 1000),
  });
  log(`wrote ${file}`);
}

/**
 * CPU time (user + system, ms) of the embedded Postgres serving `port`: its postmaster and every child
 * (backends, walwriter, ...), live or exited, from /proc. Linux only; 0 elsewhere.
 */
function postgresCpuMs(port: number): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  const stat = (pid: string, withChildren: boolean) => {
    try {
      const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // utime + stime, and cutime + cstime: the CPU of exited children (backends the pool closed)
      // moves to the postmaster's children fields, so the sum never goes back.
      const own = Number(f[11]) + Number(f[12]);
      const children = Number(f[13]) + Number(f[14]);
      return { ppid: f[1] as string, ms: (withChildren ? own + children : own) * tick };
    } catch {
      return undefined;
    }
  };
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  const postmaster = pids.find((pid) => {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return /postgres$/.test(cmd[0] ?? '') && cmd.includes(String(port));
    } catch {
      return false;
    }
  });
  if (!postmaster) return 0;
  let total = 0;
  for (const pid of pids) {
    const s = stat(pid, pid === postmaster);
    if (s && (pid === postmaster || s.ppid === postmaster)) total += s.ms;
  }
  return total;
}

/** Logs EXPLAIN (ANALYZE, BUFFERS) of `text` prepared (generic plan, as the API's pool forces). */
async function explain(url: string, label: string, text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  await client.connect();
  try {
    await client.query({ name: 'explained', text, values }); // warm: the plan and the buffers
    await client.query(`prepare explain_me as ${text}`);
    const args = values.map((v) => (typeof v === 'number' ? String(v) : `'${String(v)}'`));
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) execute explain_me(${args.join(', ')})`,
    );
    log(`plan of ${label}:\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  } finally {
    await client.end();
  }
}

/** A CPU profile of this process (the API and the baseline) while one target is loaded. */
async function startProfile(): Promise<{ stop: (file: string) => Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    stop: async (file) => {
      const { profile } = await session.post('Profiler.stop');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/**
 * The baseline: a bare Fastify route, no plugins, no logger, same process. Beside it the reference for what
 * Postgres alone costs here: the first page of GET recipients as one prepared statement on a pool of its
 * own, mapped and serialized like the API does, without auth, hooks, logging or validation. Its SQL is
 * inbox/repo.ts's own (`firstContactsSql`, the route's read, whose page check the API answers from its
 * cache): a reference reading less would not be the same read.
 */
async function helloWorld(
  databaseUrl: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  app.get('/hello', async () => ({ hello: 'world' }));
  app.get<{ Params: { page: string } }>('/floor/:page', async (request) => {
    const { rows } = await pool.query<ContactRow>({
      name: 'floor_contacts',
      text: firstContactsSql('$1', '31'),
      values: [request.params.page],
    });
    const now = Date.now();
    const last = rows[29];
    return {
      recipients: rows.slice(0, 30).map((c) => toRecipient(c, now)),
      paging: {
        nextCursor: rows.length > 30 && last ? encodeCursor(last.lastMessageKey, last.id) : null,
      },
    };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}
