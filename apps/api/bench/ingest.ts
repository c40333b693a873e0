/**
 * Webhook ingest at campaign volume (pnpm bench ingest, bench/FINDINGS.md): a page sending at 36/s gets back
 * about three events per send (echo, delivery, read), so a hundred such pages mean ~10,000 events a second
 * at `POST /api/webhooks/messenger`. Signed deliveries of mixed events (contact messages, echoes, deliveries,
 * reads, reactions; 20 entries a delivery, as Meta batches) over 10 connected pages, against:
 *
 * - the baseline, in the same process and the same rounds (interleaved): a bare Fastify route that inserts
 *   the raw body into a jsonb table and answers 200, nothing else;
 * - the product's route: signature, parse, store, answer; then each delivery is applied in this process
 *   (contacts, messages, receipts, live events), which is measured as "applied", from the first send to the
 *   last delivery processed.
 *
 * Then a sustained rate (3,000 events/s for 60 s) with every page's live stream open (SSE, as the inbox has
 * it): the lag from a delivery's ack to the live event of each contact message in it, p50/p99.
 *
 * The load generator runs in a child process (its own event loop), with bodies made and signed beforehand;
 * the API runs on production settings. Writes its result (`ingest`) into bench/results/. BENCH_QUICK=1: short runs.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { figure, percentile, QUICK, writeResult, type Figure } from '../../../bench/lib.mjs';
import { buildApp } from '../src/app.js';
import { SESSION_TTL_MS, signAdminToken } from '../src/auth/jwt.js';
import { tokenCipher } from '../src/crypto/tokens.js';
import { createLogger } from '../src/logger.js';
import { openSession } from '../src/modules/sessions/index.js';
import { runChildScript } from './load.js';
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

const PAGES = 10;
const CONTACTS_PER_PAGE = 500;
const EVENTS_PER_DELIVERY = 20;
const CONNECTIONS = 32;
const RUNS = QUICK ? 2 : 3;
const MAX_S = QUICK ? 4 : 10;
const RATE = 3000;
const RATE_S = QUICK ? 5 : 60;
const TARGETS = { ackRatio: 0.5, ackEventsPerS: 5000, lagP99Ms: 2000 };
/** Page Inbox's app id: an echo of a reply a person wrote in Business Suite (stored as the page's message). */
const OTHER_APP_ID = 263902037430900;

const log = (...args: unknown[]) => console.log('[ingest bench]', ...args);

interface Page {
  id: string;
  psids: string[];
}

/** One signed POST, and the contact messages in it (whose live events the lag run waits for). */
interface Delivery {
  body: string;
  signature: string;
  mids: string[];
}

/** The event mix: a third contact messages (with a reaction now and then), the rest what sends bring back. */
function makeDeliveries(pages: Page[], count: number, secret: string, tag: string): Delivery[] {
  const out: Delivery[] = [];
  let n = 0;
  const now = Date.now();
  const recent: string[] = [];
  for (let d = 0; d < count; d++) {
    const entry: unknown[] = [];
    const mids: string[] = [];
    for (let e = 0; e < EVENTS_PER_DELIVERY; e++, n++) {
      const page = pages[n % pages.length] as Page;
      const psid = page.psids[(n * 7) % page.psids.length] as string;
      const t = now + n;
      const kind = n % 6;
      let item: Record<string, unknown>;
      const contactSays = { sender: { id: psid }, recipient: { id: page.id }, timestamp: t };
      const pageSays = { sender: { id: page.id }, recipient: { id: psid }, timestamp: t };
      if (kind === 0 || kind === 3) {
        const mid = `m_ingest_${tag}_${n}`;
        mids.push(mid);
        recent.push(mid);
        item = { ...contactSays, message: { mid, text: `Is the ${n} still in stock?` } };
      } else if (kind === 1) {
        item = {
          ...pageSays,
          message: {
            mid: `m_echo_${tag}_${n}`,
            is_echo: true,
            app_id: OTHER_APP_ID,
            text: `Yes, ${n} is`,
          },
        };
      } else if (kind === 2) {
        item = { ...contactSays, delivery: { watermark: t } };
      } else if (kind === 4) {
        item = { ...contactSays, read: { watermark: t } };
      } else {
        const mid = recent[recent.length - 1 - (n % 5)] ?? `m_unknown_${n}`;
        item = {
          ...contactSays,
          reaction: { mid, action: 'react', emoji: '\u2764\uFE0F', reaction: 'love' },
        };
      }
      entry.push({ id: page.id, time: t, messaging: [item] });
    }
    const body = JSON.stringify({ object: 'page', entry });
    const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    out.push({ body, signature, mids });
  }
  return out;
}

/**
 * The load generator: sends the deliveries of `file` (NDJSON) to `url`, either as fast as `concurrency`
 * connections allow for `durationS` (mode max) or at `perSecond` deliveries a second (mode rate), and
 * answers each delivery's ack time (epoch ms, 0 when refused).
 */
const CHILD = `
const fs = require('node:fs');
const { Pool } = require(process.env.UNDICI_PATH);
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', async () => {
  const o = JSON.parse(input);
  const lines = fs.readFileSync(o.file, 'utf8').split('\\n').filter(Boolean).map((l) => JSON.parse(l));
  const u = new URL(o.url);
  const pool = new Pool(u.origin, { connections: o.concurrency, pipelining: 1 });
  const acks = new Array(lines.length).fill(0);
  let next = 0, ok = 0, failed = 0;
  const start = Date.now();
  const send = async (i) => {
    const d = lines[i];
    try {
      const r = await pool.request({ path: u.pathname, method: 'POST', body: d.body,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': d.signature } });
      await r.body.dump();
      if (r.statusCode === 200) { ok++; acks[i] = Date.now(); } else failed++;
    } catch { failed++; }
  };
  if (o.mode === 'max') {
    const stopAt = start + o.durationS * 1000;
    await Promise.all(Array.from({ length: o.concurrency }, async () => {
      while (Date.now() < stopAt && next < lines.length) await send(next++);
    }));
  } else {
    const inFlight = new Set();
    const total = Math.min(lines.length, Math.round(o.perSecond * o.durationS));
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / o.perSecond;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const p = send(i).finally(() => inFlight.delete(p));
      inFlight.add(p);
      next = i + 1;
    }
    await Promise.all(inFlight);
  }
  const durationS = (Date.now() - start) / 1000;
  await pool.close();
  process.stdout.write(JSON.stringify({ sent: next, ok, failed, durationS, start, acks: acks.slice(0, next) }));
});
`;
const undiciPath = createRequire(import.meta.url).resolve('undici');

interface LoadOut {
  sent: number;
  ok: number;
  failed: number;
  durationS: number;
  start: number;
  acks: number[];
}

function runLoad(
  url: string,
  file: string,
  o: { mode: 'max' | 'rate'; concurrency: number; durationS: number; perSecond?: number },
): Promise<LoadOut> {
  return runChildScript<LoadOut>(
    'load generator',
    CHILD,
    { UNDICI_PATH: undiciPath },
    { url, file, ...o },
  );
}

function writeDeliveries(dir: string, name: string, deliveries: Delivery[]): string {
  const file = path.join(dir, `${name}.ndjson`);
  fs.writeFileSync(
    file,
    deliveries.map((d) => JSON.stringify({ body: d.body, signature: d.signature })).join('\n'),
  );
  return file;
}

async function main(benchRun: BenchRun) {
  const appSecret = randomBytes(16).toString('hex');
  const emulator = await startEmulatorProcess({ env: { FB_APP_SECRET: appSecret } });
  benchRun.onStop(() => emulator.close());
  await emu(emulator.url, '/_emulator/seed', { seed: 'ingest-bench', users: 0 });
  const { server: pgServer, db } = await startBenchDatabase(benchRun, 'pagecast-api');
  const config = benchConfig(
    benchRun,
    pgServer.url,
    productionEnv(benchRun, {
      FB_APP_SECRET: appSecret,
      GRAPH_API_URL: emulator.url.replace(/\/$/, ''),
    }),
  );
  const graph = benchGraph(benchRun, config);
  const logger = createLogger(config, path.join(benchRun.dataDir, 'api.log'));
  const app = await buildApp({ config, pool: db.pool, graph, logger });
  benchRun.onStop(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const apiUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // The baseline: the same bodies, stored raw, nothing else (same pool, same database).
  await db.pool.query(
    'create table bench_raw_deliveries (id bigserial primary key, payload jsonb)',
  );
  const bare = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024 });
  bare.removeAllContentTypeParsers();
  bare.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  bare.post('/raw', async (request, reply) => {
    await db.pool.query('insert into bench_raw_deliveries (payload) values ($1::jsonb)', [
      (request.body as Buffer).toString('utf8'),
    ]);
    return reply.code(200).type('text/plain').send('EVENT_RECEIVED');
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  benchRun.onStop(() => bare.close());
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/raw`;

  // --- data: 10 pages of 500 contacts, each with a short history
  const t0 = Date.now();
  const user = await emu<{ id: string; name: string }>(emulator.url, '/_emulator/users', {
    name: 'Ingest Admin',
  });
  const pages: Page[] = [];
  let adminId: string | undefined;
  const pageUuids: string[] = [];
  for (let i = 0; i < PAGES; i++) {
    const page = await createEmulatorPage(emulator.url, user.id, `Ingest ${i}`, CONTACTS_PER_PAGE);
    const seeded = await seedPageData(db.pool, {
      admin: adminId ? { id: adminId } : { fbUserId: user.id, name: user.name },
      page,
      tokens: tokenCipher(config.encryptionKey),
      messagesPerContact: 3,
      tags: 0,
      campaigns: 0,
      inWindow: CONTACTS_PER_PAGE,
    });
    adminId = seeded.adminId;
    pageUuids.push(seeded.pageUuid);
    pages.push({ id: page.id, psids: seeded.psids });
  }
  await db.pool.query('vacuum analyze');
  log(`seeded ${PAGES} pages in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const url = `${apiUrl}/api/webhooks/messenger`;
  const pending = async () =>
    Number(
      (
        await db.pool.query<{ n: string }>(
          'select count(*) as n from webhook_events where processed_at is null',
        )
      ).rows[0]?.n,
    );
  const settle = async (timeoutMs: number) => {
    const stopAt = Date.now() + timeoutMs;
    while (Date.now() < stopAt) {
      if ((await pending()) === 0) return Date.now();
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`deliveries still unprocessed after ${timeoutMs} ms`);
  };

  // --- throughput: baseline and product interleaved, each run with deliveries of its own
  // Enough bodies that no run runs out (a run's mids are never sent twice: duplicates would be cheaper).
  const perRun = Math.ceil((MAX_S * 20_000) / EVENTS_PER_DELIVERY);
  const warm = writeDeliveries(
    benchRun.dataDir,
    'warm',
    makeDeliveries(pages, 200, appSecret, 'warm'),
  );
  await runLoad(url, warm, { mode: 'max', concurrency: CONNECTIONS, durationS: 2 });
  await settle(120_000);
  const base: number[] = [];
  const acked: number[] = [];
  const applied: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const file = writeDeliveries(
      benchRun.dataDir,
      `run${run}`,
      makeDeliveries(pages, perRun, appSecret, `r${run}`),
    );
    const b = await runLoad(bareUrl, file, {
      mode: 'max',
      concurrency: CONNECTIONS,
      durationS: MAX_S,
    });
    base.push((b.ok * EVENTS_PER_DELIVERY) / b.durationS);
    const p = await runLoad(url, file, { mode: 'max', concurrency: CONNECTIONS, durationS: MAX_S });
    if (p.failed > 0) throw new Error(`${p.failed} deliveries refused in run ${run}`);
    acked.push((p.ok * EVENTS_PER_DELIVERY) / p.durationS);
    const done = await settle(600_000);
    applied.push((p.ok * EVENTS_PER_DELIVERY) / ((done - p.start) / 1000));
    log(
      `run ${run}: baseline ${base[run]?.toFixed(0)} events/s, product acked ${acked[run]?.toFixed(0)}, applied ${applied[run]?.toFixed(0)} events/s`,
    );
  }

  // --- lag at a sustained rate, every page's live stream open
  const sessionId = await openSession(db.pool, {
    adminId: adminId as string,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  const jwt = signAdminToken(app, {
    adminId: adminId as string,
    userId: user.id,
    role: 'admin',
    sessionId,
  });
  const seen = new Map<string, number>();
  const streams = await Promise.all(
    pages.map(async (p) => {
      const res = await fetch(`${apiUrl}/api/v1/chats/${p.id}/events`, {
        headers: { authorization: `Bearer ${jwt}`, accept: 'text/event-stream' },
      });
      if (res.status !== 200 || !res.body) throw new Error(`live stream: ${res.status}`);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      void (async () => {
        for (;;) {
          const { value, done } = await reader
            .read()
            .catch(() => ({ value: undefined, done: true }));
          if (done) return;
          const at = Date.now();
          buffer += decoder.decode(value, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const data = frame
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trim())
              .join('');
            if (!data.includes('m_ingest_')) continue;
            const mid = /"(m_ingest_[^"]+)"/.exec(data)?.[1];
            if (mid && !seen.has(mid)) seen.set(mid, at);
          }
        }
      })();
      return reader;
    }),
  );
  const perSecond = RATE / EVENTS_PER_DELIVERY;
  const lagDeliveries = makeDeliveries(pages, Math.ceil(perSecond * RATE_S), appSecret, 'lag');
  const lagFile = writeDeliveries(benchRun.dataDir, 'lag', lagDeliveries);
  const sustained = await runLoad(url, lagFile, {
    mode: 'rate',
    concurrency: CONNECTIONS,
    durationS: RATE_S,
    perSecond,
  });
  await settle(600_000);
  await new Promise((r) => setTimeout(r, 1000));
  for (const r of streams) await r.cancel().catch(() => undefined);
  const lags: number[] = [];
  let missing = 0;
  sustained.acks.forEach((ack, i) => {
    if (!ack) return;
    for (const mid of lagDeliveries[i]?.mids ?? []) {
      const at = seen.get(mid);
      if (at === undefined) missing++;
      else lags.push(Math.max(0, at - ack));
    }
  });
  const achieved = (sustained.ok * EVENTS_PER_DELIVERY) / sustained.durationS;
  log(
    `sustained ${achieved.toFixed(0)} events/s for ${sustained.durationS.toFixed(1)} s: lag p50 ${percentile(lags, 0.5)} ms, p99 ${percentile(lags, 0.99)} ms, ${missing} live events missing`,
  );

  const baseline = figure({
    name: 'Baseline: raw bodies inserted, events/s',
    unit: 'events/s',
    values: base,
    digits: 0,
  });
  const figures: Figure[] = [
    baseline,
    figure({
      name: 'Signed deliveries acked, events/s',
      unit: 'events/s',
      values: acked,
      baseline: { name: 'raw inserts', median: baseline.median },
      target: { op: '>=', value: TARGETS.ackRatio, of: 'ratio' },
      digits: 0,
    }),
    figure({
      name: 'Signed deliveries acked, events/s (absolute)',
      unit: 'events/s',
      values: acked,
      target: { op: '>=', value: TARGETS.ackEventsPerS },
      digits: 0,
    }),
    figure({
      name: 'Deliveries applied (contacts, messages, receipts, live events), events/s',
      unit: 'events/s',
      values: applied,
      digits: 0,
    }),
    figure({
      name: `Sustained ${RATE} events/s: achieved`,
      unit: 'events/s',
      values: [achieved],
      digits: 0,
    }),
    figure({
      name: 'Ack to live event, p50',
      unit: 'ms',
      values: [percentile(lags, 0.5) ?? NaN],
      digits: 0,
    }),
    figure({
      name: 'Ack to live event, p99',
      unit: 'ms',
      values: [percentile(lags, 0.99) ?? NaN],
      target: { op: '<', value: TARGETS.lagP99Ms },
      digits: 0,
    }),
    figure({
      name: 'Contact messages with no live event',
      unit: 'messages',
      values: [missing],
      target: { op: '<=', value: 0 },
      digits: 0,
    }),
  ];
  const file = writeResult('ingest', {
    figures,
    notes: [
      `${PAGES} pages of ${CONTACTS_PER_PAGE} contacts; ${EVENTS_PER_DELIVERY} events a delivery (a third contact messages, then echoes, deliveries, reads, reactions); ${CONNECTIONS} connections; ${RUNS} interleaved runs of ${MAX_S} s; the sustained run ${RATE_S} s with ${PAGES} live streams open.`,
      "Applied: from the run's first send until no delivery is left unprocessed.",
    ],
    pageUuids,
  });
  log(`wrote ${file}`);
}

// Last: the load generator's source above must be defined before main runs.
await runBench('ingest', main);
