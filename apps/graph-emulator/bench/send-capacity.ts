/**
 * Send API capacity of the emulator, unthrottled: one page with 10,000 contacts inside the window,
 * keep-alive undici Pool (64 connections) in a worker thread, 3 runs of a fixed duration (1 with BENCH_QUICK).
 * Writes <repo>/bench/results/emulator-send-capacity.json in the common shape of bench/lib.mjs.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { figure, percentile, QUICK, writeResult } from '../../../bench/lib.mjs';
import { startEmulator } from '../src/index.js';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? (QUICK ? 2000 : 5000));
const RUNS = QUICK ? 1 : 3;
const CONNECTIONS = 64;
const CONTACTS = 10_000;

const emu = await startEmulator({
  port: 0,
  seed: 'empty',
  behaviour: { sendPerSecond: 0, conversationsPerSecond: 0 },
});
const post = async (path: string, body: unknown) => {
  const r = await fetch(emu.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await r.json()) as Record<string, unknown>;
};
const user = await post('/_emulator/users', { name: 'Bench Admin' });
const page = (await post('/_emulator/pages', {
  ownerId: user.id,
  name: 'Bench Page',
  contacts: CONTACTS,
})) as {
  id: string;
  access_token: string;
  contacts: Array<{ psid: string }>;
};
const psids = page.contacts.map((c) => c.psid);
const path = `/v16.0/${page.id}/messages?access_token=${page.access_token}`;
const bodies = psids.map((id) =>
  JSON.stringify({
    recipient: { id },
    messaging_type: 'RESPONSE',
    message: { text: 'Hello from the benchmark' },
  }),
);

// The load generator runs in a worker thread so the emulator's event loop has a core to itself.
const LOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { Pool } = require(workerData.undici);
(async () => {
  const { url, path, bodies, connections, durationMs } = workerData;
  const pool = new Pool(url, { connections, pipelining: 1, keepAliveTimeout: 10000 });
  let ok = 0, failed = 0, i = 0;
  const latencies = [];
  const deadline = Date.now() + durationMs;
  const started = performance.now();
  async function worker() {
    while (Date.now() < deadline) {
      const body = bodies[i++ % bodies.length];
      const t = performance.now();
      const res = await pool.request({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body });
      await res.body.dump();
      latencies.push(performance.now() - t);
      if (res.statusCode === 200) ok++; else failed++;
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  parentPort.postMessage({ ok, failed, elapsed, latencies });
})();
`;
const require = createRequire(import.meta.url);
/** One fixed-duration run of the load generator. */
interface Run {
  ok: number;
  failed: number;
  elapsed: number;
  latencies: number[];
}
async function run(): Promise<Run> {
  const worker = new Worker(LOAD, {
    eval: true,
    workerData: {
      undici: require.resolve('undici'),
      url: emu.url,
      path,
      bodies,
      connections: CONNECTIONS,
      durationMs: DURATION_MS,
    },
  });
  const r = await new Promise<Run>((res, rej) => {
    worker.once('message', res);
    worker.once('error', rej);
  });
  await worker.terminate();
  return r;
}

const runs: Run[] = [];
for (let i = 1; i <= RUNS; i++) {
  const r = await run();
  runs.push(r);
  console.log(
    `[send capacity] run ${i}/${RUNS}: ${Math.round(r.ok / r.elapsed)} sends/s, ${r.failed} failed`,
  );
}
const outbox = emu.world.pages.get(page.id)?.outbox.length ?? 0;
await emu.close();
const sent = runs.reduce((n, r) => n + r.ok, 0);
const failed = runs.reduce((n, r) => n + r.failed, 0);
if (failed > 0 || outbox !== sent)
  throw new Error(`${failed} sends failed; outbox ${outbox} of ${sent} accepted`);

const pct = (p: number) => runs.map((r) => percentile(r.latencies, p) ?? NaN);
const figures = [
  figure({
    name: `Send API, bare HTTP loop (${CONNECTIONS} connections)`,
    unit: 'sends/s',
    values: runs.map((r) => r.ok / r.elapsed),
    target: { op: '>=', value: 5000 },
    digits: 0,
    note: `${sent.toLocaleString('en')} sends in ${RUNS} runs of ${DURATION_MS / 1000} s, 0 failed, all in the page's outbox`,
  }),
  figure({ name: 'Send latency p50', unit: 'ms', values: pct(0.5) }),
  figure({ name: 'Send latency p95', unit: 'ms', values: pct(0.95) }),
  figure({ name: 'Send latency p99', unit: 'ms', values: pct(0.99) }),
];
const file = writeResult('emulator-send-capacity', {
  figures,
  notes: [
    `One page with ${CONTACTS.toLocaleString('en')} contacts inside the 24-hour window, the emulator unthrottled; the load generator (undici, keep-alive) runs in a worker thread of the same process.`,
  ],
});
console.log(`[send capacity] wrote ${file}`);
