// One campaign worker process of the dispatch benchmark (bench/dispatch.ts spawns one or two). Reports its
// resident set size every 250 ms on stdout ("rss <bytes>") so the benchmark can take the peak.
// BENCH_MODE=baseline instead measures the emulator's raw Send API capacity with a bare HTTP loop.
import { Pool } from 'undici';
import { loadConfig } from '../src/config.js';
import { tokenCipher } from '../src/crypto/tokens.js';
import { createDb, openConnections } from '../src/db/client.js';
import { pacerStats } from '../src/modules/campaigns/dispatch/page-send-pacer.js';
import { startCampaignWorker } from '../src/modules/campaigns/dispatch/worker.js';
import { startBoss } from '../src/jobs/index.js';

const env = process.env;
if (env.BENCH_MODE === 'baseline') {
  // BASELINE_* : page id, page token, psids (comma-separated), number of sends, concurrency.
  const url = new URL(env.GRAPH_API_URL as string);
  const concurrency = Number(env.BASELINE_CONCURRENCY ?? 64);
  const pool = new Pool(url.origin, { connections: concurrency, pipelining: 1 });
  const psids = (env.BASELINE_PSIDS as string).split(',');
  const total = Number(env.BASELINE_SENDS);
  const path = `/v16.0/${env.BASELINE_PAGE_ID}/messages?access_token=${encodeURIComponent(env.BASELINE_TOKEN as string)}`;
  let next = 0;
  let ok = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const res = await pool.request({
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            recipient: { id: psids[i % psids.length] },
            messaging_type: 'UPDATE',
            message: { text: 'baseline' },
          }),
        });
        await res.body.text();
        if (res.statusCode === 200) ok++;
      }
    }),
  );
  const seconds = (performance.now() - t) / 1000;
  process.stdout.write(`baseline ${ok} ${seconds}\n`);
  await pool.close();
  process.exit(0);
}
const config = loadConfig({
  DATA_DIR: env.BENCH_DATA_DIR,
  DATABASE_URL: env.DATABASE_URL,
  GRAPH_API_URL: env.GRAPH_API_URL,
  ENCRYPTION_KEY: env.ENCRYPTION_KEY,
  JWT_SECRET: 'bench-jwt-secret-that-is-long-enough',
  SEND_RATE_PER_PAGE: env.SEND_RATE_PER_PAGE,
  HIGH_VOLUME_SENDS: env.HIGH_VOLUME_SENDS,
  LOG_LEVEL: 'silent',
});
// As the worker role of runtime.ts sets up its pool.
const db = createDb(config.databaseUrl as string, {
  max: 10,
  applicationName: 'pagecast-bench-worker',
  keepConnections: true,
});
await openConnections(db.pool);
const boss = await startBoss(config.databaseUrl as string);
// BENCH_WORKER_OPTIONS (JSON): options the page-count search changes (batchConcurrency); none otherwise.
const worker = await startCampaignWorker(
  {
    config,
    pool: db.pool,
    boss,
    decryptToken: tokenCipher(config.encryptionKey).decrypt,
  },
  JSON.parse(env.BENCH_WORKER_OPTIONS ?? '{}'),
);
const report = () => process.stdout.write(`rss ${process.memoryUsage().rss}\n`);
const timer = setInterval(report, 250);
process.stdout.write(`ready ${worker.workerId}\n`);
process.on('SIGTERM', () => {
  clearInterval(timer);
  report();
  process.stderr.write(`pacer ${JSON.stringify(pacerStats)}\n`);
  void worker
    .stop()
    .then(() => boss.stop({ graceful: false }))
    .then(() => db.close())
    .then(() => process.exit(0));
});
