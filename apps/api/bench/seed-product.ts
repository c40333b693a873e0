/**
 * Seeds a running product (started by `pnpm --filter @pagecast/api start` with DATA_DIR) for the web
 * benchmark: attaches to its embedded Postgres through DATA_DIR's postmaster.pid, encrypts with the key
 * kept in DATA_DIR, and writes the page's conversations like seedPageData does.
 *
 * Input: env DATA_DIR, BENCH_SEED_FILE (a JSON file {adminId, page: EmulatorPage}). Output (stdout, last line): JSON
 * {psids: the 20 most recent conversations, counts}.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../src/config.js';
import { tokenCipher } from '../src/crypto/tokens.js';
import { createDb } from '../src/db/client.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { EMBEDDED_DATABASE } from '../src/runtime.js';
import { seedPageData, type EmulatorPage } from './seed.js';

if (!process.env.BENCH_SEED_FILE) throw new Error('BENCH_SEED_FILE is required');
const input = JSON.parse(fs.readFileSync(process.env.BENCH_SEED_FILE, 'utf8')) as {
  adminId?: string;
  page?: EmulatorPage;
};
if (!input.adminId || !input.page) throw new Error('BENCH_SEED_FILE must hold {adminId, page}');
const config = loadConfig(process.env);
const pgServer = await startEmbeddedPostgres({
  dataDir: path.join(config.dataDir, 'postgres'),
  port: config.embeddedPgPort,
  database: EMBEDDED_DATABASE,
  fallbackKey: REPO_ROOT,
});
const db = createDb(config.databaseUrl ?? pgServer.url, {
  max: 2,
  applicationName: 'pagecast-bench-seed',
});
try {
  const seeded = await seedPageData(db.pool, {
    admin: { id: input.adminId },
    page: input.page,
    tokens: tokenCipher(config.encryptionKey),
  });
  console.log(JSON.stringify({ psids: seeded.psids.slice(0, 20), counts: seeded.counts }));
} finally {
  await db.close();
  await pgServer.stop(); // a no-op: we attached to the product's server
}
