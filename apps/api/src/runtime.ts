// Shared bootstrap of main.ts (HTTP + workers) and worker.ts (workers only): config, database (embedded
// when DATABASE_URL is unset), emulator (when GRAPH_API_URL is unset), migrations and pg-boss.
import path from 'node:path';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { type Config, loadConfig, REPO_ROOT, withGraphUrl } from './config.js';
import { tokenCipher } from './crypto/tokens.js';
import { createDb, type DbHandle, openConnections, type Sql } from './db/client.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { startLocalEmulator } from './emulator.js';
import { createGraphClient, type GraphClient } from './graph/index.js';
import { registerWorkers, startBoss, stopBoss } from './jobs/index.js';
import { createLogger } from './logger.js';
import { campaignCounters } from './modules/campaigns/index.js';
import { deliverOnReturn } from './modules/campaigns/index.js';
import type { AfterCommit } from './modules/shared/after-commit.js';
import { PAGE_WEBHOOK_FIELDS, subscribeByFeature } from './modules/webhooks/index.js';

export const EMBEDDED_DATABASE = 'pagecast';

export interface Runtime {
  config: Config;
  logger: Logger;
  db: DbHandle;
  boss: PgBoss;
  graph: GraphClient;
  /** The webhook ingest's after-commit consumers of this process (ingestConsumers), for the API and workers. */
  afterCommit: readonly AfterCommit[];
  /** Stops everything this runtime started, in reverse order. Idempotent. */
  stop: () => Promise<void>;
}

export interface RuntimeOptions {
  role: 'api' | 'worker';
  env?: NodeJS.ProcessEnv;
}

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  let config = loadConfig(options.env);
  const logger = createLogger(config).child({ role: options.role });
  const stops: Array<[string, () => Promise<void>]> = [];
  const stop = once(async () => {
    for (const [name, fn] of stops.reverse()) {
      await fn().catch((err: unknown) => logger.error({ err }, `failed to stop ${name}`));
    }
  });

  try {
    if (!config.databaseUrl) {
      const pg = await startEmbeddedPostgres({
        dataDir: path.join(config.dataDir, 'postgres'),
        port: config.embeddedPgPort,
        database: EMBEDDED_DATABASE,
        logger,
        fallbackKey: REPO_ROOT,
      });
      stops.push(['embedded postgres', pg.stop]);
      config = { ...config, databaseUrl: pg.url };
      logger.info({ port: pg.port, dataDir: pg.dataDir }, 'embedded Postgres ready');
    }
    const databaseUrl = config.databaseUrl as string;

    if (!config.graphApiUrl) {
      if (options.role === 'api') {
        const emulator = await startLocalEmulator(config);
        stops.push(['graph emulator', emulator.close]);
        config = withGraphUrl(config, emulator.url);
        logger.info({ url: emulator.url }, 'graph emulator started in-process');
      } else {
        // A separate worker shares the API's in-process emulator rather than running a second world.
        config = withGraphUrl(config, `http://127.0.0.1:${config.emulatorPort}`);
        logger.warn(
          { url: config.graphApiUrl },
          'GRAPH_API_URL unset: using the emulator the API process runs',
        );
      }
    }

    const graph = createGraphClient({
      baseUrl: config.graphApiUrl as string,
      version: config.graphApiVersion,
      appId: config.fbAppId,
      appSecret: config.fbAppSecret,
      logger,
    });
    stops.push(['graph client', () => graph.close()]);

    await runMigrations(databaseUrl);
    const sends = options.role === 'worker' || config.workersInApi;
    const db = createDb(databaseUrl, {
      applicationName: `pagecast-${options.role}`,
      keepConnections: sends,
    });
    stops.push(['database pool', db.close]);
    // A worker process opens its connections before its first campaign needs them.
    if (options.role === 'worker') await openConnections(db.pool);

    const afterCommit = ingestConsumers(db.pool);
    const boss = await startBoss(databaseUrl, logger);
    stops.push(['pg-boss', () => stopBoss(boss)]);
    if (sends) {
      await registerWorkers(
        boss,
        {
          config,
          pool: db.pool,
          boss,
          graph,
          tokens: tokenCipher(config.encryptionKey),
          afterCommit,
        },
        logger,
      );
    }
    return { config, logger, db, boss, graph, afterCommit, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * What the webhook ingest runs after each delivery's commit, in this order: the campaign counters, then
 * deliver on return. One list per process, handed to both the webhook route and the ingest sweeper.
 */
export function ingestConsumers(db: Sql): AfterCommit[] {
  return [campaignCounters(db), deliverOnReturn(db)];
}

/** SIGTERM/SIGINT run `shutdown` once; a later second signal or the timeout forces the exit. */
export function handleShutdown(
  logger: Logger,
  shutdown: () => Promise<void>,
  timeoutMs = 15_000,
): void {
  let startedAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (startedAt) {
      // pnpm/turbo forward the same signal again at once; only a deliberate second one forces the exit.
      if (Date.now() - startedAt < 2000) return;
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    startedAt = Date.now();
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown timed out: exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    shutdown()
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** Startup failures: one clear line (config and embedded-Postgres errors are written for humans). */
export function exitOnStartupError(err: unknown, logger?: Logger): never {
  const message = err instanceof Error ? err.message : String(err);
  if (logger) logger.fatal({ err }, `Pagecast failed to start: ${message}`);
  else console.error(`Pagecast failed to start: ${message}`);
  process.exit(1);
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}

/** What the app asks Meta to deliver to its webhook (app-level subscription, `object=page`): the page's. */
export const APP_WEBHOOK_FIELDS: string[] = [...PAGE_WEBHOOK_FIELDS];

/**
 * App-level webhook subscription, once the API listens (the platform verifies the callback with the GET
 * handshake). Meta refuses the whole call for one refused field, so it goes feature by feature then, as the
 * pages' subscriptions do (modules/webhooks/page-subscription.ts): one refused feature costs only itself.
 * A failure is logged, not fatal: in production it can also be set in the Meta dashboard.
 */
/**
 * subscribeMessengerWebhooks until no feature is left off for a failure of ours (Facebook unreachable, our
 * callback URL not reachable yet because the proxy in front starts later): retried with a doubling wait
 * (`baseMs` to `maxMs`) until it holds or `signal` aborts (shutdown). Meta's refusal of a field is a
 * verdict, not retried here (Home says it; the page access re-check asks again).
 */
export async function keepMessengerWebhooksSubscribed(
  runtime: Pick<Runtime, 'config' | 'graph' | 'logger'>,
  opts: { signal: AbortSignal; baseMs?: number; maxMs?: number },
): Promise<void> {
  let wait = opts.baseMs ?? 5_000;
  for (;;) {
    if (opts.signal.aborted) return;
    const states = await subscribeMessengerWebhooks(runtime).catch(() => null);
    if (states && !states.some((s) => s.reason === 'failed')) return;
    runtime.logger.warn({ retryInMs: wait }, 'Messenger webhook subscription: retrying');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      opts.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    // At most a minute apart: a replica started before nginx is without webhooks no longer than that.
    wait = Math.min(wait * 2, opts.maxMs ?? 60_000);
  }
}

export async function subscribeMessengerWebhooks(
  runtime: Pick<Runtime, 'config' | 'graph' | 'logger'>,
  features?: Parameters<typeof subscribeByFeature>[1],
) {
  const callbackUrl = `${runtime.config.publicUrl}/api/webhooks/messenger`;
  const { states, failed } = await subscribeByFeature(
    (fields) =>
      runtime.graph.subscribeAppWebhooks({
        callbackUrl,
        verifyToken: runtime.config.webhookVerifyToken,
        fields,
      }),
    features,
  );
  const off = states.filter((s) => !s.subscribed);
  if (off.length === 0) runtime.logger.info({ callbackUrl }, 'Messenger webhooks subscribed');
  else if (failed)
    runtime.logger.warn(
      { callbackUrl, err: off[0]?.error },
      'Messenger webhook subscription failed: continuing',
    );
  else
    runtime.logger.error(
      { callbackUrl, off: off.map((s) => ({ feature: s.feature, error: s.error })) },
      'Meta refused some Messenger webhook fields for the app: those features get no events',
    );
  return states;
}
