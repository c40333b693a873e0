/**
 * Send API capacity of the emulator, unthrottled: one page with 10,000 contacts inside the window,
 * keep-alive undici Pool (64 connections) in a worker thread, fixed duration. Prints JSON and writes
 * <repo>/bench/results/emulator-send-capacity.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { startEmulator } from '../src/index.js';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? (process.env.BENCH_QUICK ? 2000 : 5000));
const CONNECTIONS = 64;
const CONTACTS = 10_000;

const emu = await startEmulator({ port: 0, seed: 'empty', behaviour: { sendPerSecond: 0, conversationsPerSecond: 0 } });
const post = async (path: string, body: unknown) => {
  const r = await fetch(emu.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await r.json()) as Record<string, unknown>;
};
const user = await post('/_emulator/users', { name: 'Bench Admin' });
const page = (await post('/_emulator/pages', { ownerId: user.id, name: 'Bench Page', contacts: CONTACTS })) as {
  id: string;
  access_token: string;
  contacts: Array<{ psid: string }>;
};
const psids = page.contacts.map((c) => c.psid);
const path = `/v16.0/${page.id}/messages?access_token=${page.access_token}`;
const bodies = psids.map((id) => JSON.stringify({ recipient: { id }, messaging_type: 'RESPONSE', message: { text: 'Hello from the benchmark' } }));

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
const worker = new Worker(LOAD, {
  eval: true,
  workerData: { undici: require.resolve('undici'), url: emu.url, path, bodies, connections: CONNECTIONS, durationMs: DURATION_MS },
});
const { ok, failed, elapsed, latencies } = await new Promise<{ ok: number; failed: number; elapsed: number; latencies: number[] }>((res, rej) => {
  worker.once('message', res);
  worker.once('error', rej);
});
await worker.terminate();
latencies.sort((a, b) => a - b);
const pct = (p: number) => Math.round((latencies[Math.floor(latencies.length * p)] ?? 0) * 100) / 100;
const outbox = emu.world.pages.get(page.id)?.outbox.length ?? 0;
await emu.close();

const result = {
  benchmark: 'emulator-send-capacity',
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  /** 1-minute load average when the run ended: other processes on the machine skew the figure. */
  loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  durationS: Math.round(elapsed * 100) / 100,
  connections: CONNECTIONS,
  contacts: CONTACTS,
  sends: ok,
  failed,
  outbox,
  sendsPerSecond: Math.round(ok / elapsed),
  latencyMs: { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) },
  target: 5000,
  meetsTarget: ok / elapsed >= 5000,
};
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const out = resolve(root, 'bench/results/emulator-send-capacity.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
console.log(JSON.stringify(result));
