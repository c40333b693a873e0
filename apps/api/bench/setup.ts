// The start every benchmark shares: a throwaway folder, stops registered as things start and run in reverse
// when the bench ends however it ends, and a migrated embedded Postgres in that folder (the same start as
// the test run's, test/support/postgres.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config.js';
import { createDb, type DbHandle } from '../src/db/client.js';
import type { EmbeddedPg } from '../src/db/embedded.js';
import { createGraphClient, type GraphClient } from '../src/graph/index.js';
import { startMigratedPostgres } from '../test/support/postgres.js';

export interface BenchRun {
  /** The bench's own folder, removed at the end. */
  dataDir: string;
  /** Registers what stops something just started; the stops run last first. */
  onStop: (stop: () => Promise<unknown>) => void;
}

/** Runs `main` in a fresh folder `pagecast-bench-<name>-*`, then every registered stop, then removes it. */
export async function runBench(
  name: string,
  main: (run: BenchRun) => Promise<void>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pagecast-bench-${name}-`));
  // mkdtemp makes it 0700; as root, Postgres (the `postgres` user) must traverse it to reach its data directory.
  fs.chmodSync(dataDir, 0o755);
  const stops: Array<() => Promise<unknown>> = [];
  try {
    await main({ dataDir, onStop: (stop) => stops.push(stop) });
  } finally {
    for (const stop of stops.reverse())
      await stop().catch((err: unknown) => console.error('cleanup:', err));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A migrated embedded Postgres in the bench's folder and a pool on it (`applicationName` names the process
 * the bench plays, as pg_stat_activity shows it); both stopped at the end.
 */
export async function startBenchDatabase(
  run: BenchRun,
  applicationName: string,
): Promise<{ server: EmbeddedPg; db: DbHandle }> {
  const server = await startMigratedPostgres({
    dataDir: path.join(run.dataDir, 'postgres'),
    database: 'pagecast_bench',
    portFrom: 20_000 + Math.floor(Math.random() * 20_000),
  });
  run.onStop(() => server.stop());
  const db = createDb(server.url, { applicationName });
  run.onStop(() => db.close());
  return { server, db };
}

/** The product's config for a bench: its folder, its database, and what the bench sets. */
export function benchConfig(
  run: BenchRun,
  databaseUrl: string,
  env: Record<string, string | undefined>,
): Config {
  return loadConfig({ DATA_DIR: run.dataDir, DATABASE_URL: databaseUrl, ...env });
}

/**
 * The settings of an API measured as deployed (NODE_ENV=production): fresh strong secrets, no web build,
 * the log level of the bench's environment (the default, info, otherwise). `env` adds or overrides.
 */
export function productionEnv(
  run: BenchRun,
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    FB_APP_SECRET: randomBytes(16).toString('hex'),
    WEBHOOK_VERIFY_TOKEN: randomBytes(24).toString('base64url'),
    PORT: '0',
    GRAPH_API_URL: 'http://127.0.0.1:9',
    WEB_DIST: path.join(run.dataDir, 'no-web-build'),
    LOG_LEVEL: process.env.LOG_LEVEL,
    ...env,
  };
}

/** The API's Graph client as the config names it (the emulator's URL, app id and secret); closed at the end. */
export function benchGraph(run: BenchRun, config: Config): GraphClient {
  const graph = createGraphClient({
    baseUrl: config.graphApiUrl as string,
    version: config.graphApiVersion,
    appId: config.fbAppId,
    appSecret: config.fbAppSecret,
  });
  run.onStop(() => graph.close());
  return graph;
}
