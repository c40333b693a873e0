/**
 * Outbound webhook fan-out (docs/api.md "Webhooks"): events recorded with the outbox, one transaction each
 * as the flows record them, at a steady offered rate for one endpoint on a local receiver; the delivery
 * worker (as a job worker runs it) sends them. The receiver runs in a process of its own (the other system
 * is remote: it must not share this process's CPU) and notes when each event arrived.
 *  - Delivered events/s: deliveries received / (last receipt - first commit). Target >= 1,000 events/s.
 *  - p99 from commit to receipt. Target < 2 s.
 * Writes bench/results/outbound-webhooks.json. BENCH_QUICK=1: one shorter run.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { figure, percentile, QUICK, writeResult } from '../../../bench/lib.mjs';
import { tokenCipher } from '../src/crypto/tokens.js';
import { createDb, inTransaction } from '../src/db/client.js';
import {
  recordOutboundEvent,
  startDeliveryWorker,
} from '../src/modules/outbound-webhooks/index.js';
import { createOutboundWebhooksService } from '../src/modules/outbound-webhooks/service.js';
import { benchConfig, runBench, startBenchDatabase, type BenchRun } from './setup.js';

const RATE = Number(process.env.BENCH_OUTBOUND_RATE ?? 1200);
const SECONDS = Number(process.env.BENCH_OUTBOUND_SECONDS ?? (QUICK ? 5 : 15));
const RUNS = Number(process.env.BENCH_RUNS ?? (QUICK ? 1 : 3));
/** Contacts the events are about: each one's events go out one after the other. */
const CONTACTS = 500;
/**
 * Events per transaction: a webhook ingest batch stores several messages in one transaction. 1 measures a
 * transaction per event, which here is bound by the database's commit rate (~300/s on this machine, as
 * POST send in the api bench), not by the outbox or the delivery worker.
 */
const PER_TX = Number(process.env.BENCH_OUTBOUND_EVENTS_PER_TX ?? 20);
/** Transactions recording at once (the API's and workers' flows, many requests in parallel). */
const PRODUCERS = Number(process.env.BENCH_OUTBOUND_PRODUCERS ?? 64);
const log = (...args: unknown[]) => console.log('[outbound bench]', ...args);

/** The receiver: answers 200 and keeps `mid arrival-time` lines, sent back on GET /stats. */
const RECEIVER = `
import http from 'node:http';
let seen = [];
const server = http.createServer((req, res) => {
  if (req.method === 'GET') {
    const out = seen.join('\\n');
    seen = [];
    res.end(out);
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    const body = JSON.parse(Buffer.concat(chunks).toString());
    seen.push(body.data.message.mid + ' ' + at);
    res.end('ok');
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => console.log('PORT ' + server.address().port));
`;

await runBench('outbound-webhooks', main);

async function main(benchRun: BenchRun) {
  const receiver = spawn(process.execPath, ['--input-type=module', '-e', RECEIVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  benchRun.onStop(async () => {
    receiver.kill('SIGTERM');
  });
  const [line] = (await once(receiver.stdout, 'data')) as [Buffer];
  const port = Number(/PORT (\d+)/.exec(String(line))?.[1]);
  const stats = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/stats`);
    const text = await res.text();
    return text ? text.split('\n').map((l) => l.split(' ') as [string, string]) : [];
  };

  const { server, db } = await startBenchDatabase(benchRun, 'pagecast-worker');
  // The flows that record events: API processes and workers, many transactions at once.
  const flows = createDb(server.url, { applicationName: 'pagecast-api', max: PRODUCERS });
  benchRun.onStop(() => flows.close());
  const config = benchConfig(benchRun, server.url, { LOG_LEVEL: 'silent' });
  const tokens = tokenCipher(config.encryptionKey);
  const { rows: admins } = await db.pool.query<{ id: string }>(
    `insert into admins (fb_user_id, name) values ('1000000000000001', 'Bench') returning id`,
  );
  const adminId = admins[0]?.id as string;
  const { rows: pageRows } = await db.pool.query<{ id: string }>(
    `insert into pages (fb_page_id, name) values ('2000000000000001', 'Bench page') returning id`,
  );
  const pageUuid = pageRows[0]?.id as string;
  await db.pool.query(
    `insert into page_admins (page_id, admin_id, tasks) values ($1, $2, '{MANAGE,MESSAGING}')`,
    [pageUuid, adminId],
  );
  const service = createOutboundWebhooksService({ pool: db.pool, config, tokens });
  await service.create(adminId, '2000000000000001', {
    url: `http://127.0.0.1:${port}/pagecast`,
    events: ['message.received'],
  });

  const worker = startDeliveryWorker(
    { config, pool: db.pool, tokens },
    process.env.BENCH_OUTBOUND_CONCURRENCY
      ? { concurrency: Number(process.env.BENCH_OUTBOUND_CONCURRENCY) }
      : {},
  );
  benchRun.onStop(() => worker.stop());
  await worker.ready;

  const throughputs: number[] = [];
  const recordRates: number[] = [];
  const p99s: number[] = [];
  const p50s: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const total = RATE * SECONDS;
    const committed = new Map<string, number>();
    let next = 0;
    const t0 = Date.now();
    const producer = async () => {
      for (let i = next, n = (next += PER_TX); i < total; i = next, n = next += PER_TX) {
        const due = t0 + (i * 1000) / RATE;
        const wait = due - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const mids: string[] = [];
        await inTransaction(flows.pool, async (tx) => {
          for (let k = i; k < Math.min(n, total); k++) {
            const mid = `m_${run}_${k}`;
            const psid = String(3_000_000_000_000 + (k % CONTACTS));
            mids.push(mid);
            await recordOutboundEvent(tx, {
              pageUuid,
              type: 'message.received',
              data: {
                contact: { psid, name: 'Contact' },
                message: {
                  mid,
                  text: `Hello ${randomUUID()}`,
                  attachments: [],
                  sentAt: new Date().toISOString(),
                },
              },
              orderingKey: psid,
            });
          }
        });
        const at = Date.now();
        for (const mid of mids) committed.set(mid, at);
      }
    };
    await Promise.all(Array.from({ length: PRODUCERS }, producer));
    const recordedIn = (Date.now() - t0) / 1000;
    const arrived = new Map<string, number>();
    const deadline = Date.now() + 60_000;
    while (arrived.size < total && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      for (const [mid, at] of await stats()) arrived.set(mid, Number(at));
    }
    const latencies = [...committed].map(([mid, at]) => (arrived.get(mid) ?? Infinity) - at);
    const last = Math.max(...arrived.values());
    const throughput = arrived.size / ((last - t0) / 1000);
    throughputs.push(throughput);
    recordRates.push(total / recordedIn);
    const p99 = percentile(latencies, 0.99) ?? Infinity;
    const p50 = percentile(latencies, 0.5) ?? Infinity;
    p99s.push(p99);
    p50s.push(p50);
    log(
      `run ${run + 1}: ${total} events recorded at ${(total / recordedIn).toFixed(0)}/s, ` +
        `${arrived.size} received, ${throughput.toFixed(0)}/s delivered, ` +
        `p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`,
    );
    if (arrived.size < total) throw new Error(`${total - arrived.size} events never arrived`);
  }

  const file = writeResult('outbound-webhooks', {
    figures: [
      figure({
        name: 'Events recorded (offered rate)',
        unit: 'events/s',
        values: recordRates,
        digits: 0,
        note: `${RATE}/s offered for ${SECONDS} s by ${PRODUCERS} transactions at once, ${PER_TX} events each, ${CONTACTS} contacts`,
      }),
      figure({
        name: 'Fan-out to one endpoint on a local receiver: delivered',
        unit: 'events/s',
        values: throughputs,
        target: { op: '>=', value: 1000 },
        digits: 0,
      }),
      figure({
        name: 'Commit to receipt, p99',
        unit: 'ms',
        values: p99s,
        target: { op: '<', value: 2000 },
        digits: 0,
      }),
      figure({ name: 'Commit to receipt, p50', unit: 'ms', values: p50s, digits: 0 }),
    ],
    notes: [
      'The outbox, the delivery worker and a throwaway embedded Postgres share this process and machine; the receiver runs in a process of its own.',
      'Each event is its own transaction (recordOutboundEvent), as the flows record them; one endpoint subscribed.',
    ],
  });
  log(`wrote ${file}`);
}
