// `pnpm --filter @pagecast/api start`: HTTP API + web app + (by default) the job workers, in one process.
import { buildApp } from './app.js';
import type { Lifecycle } from './http/health.js';
import { listen, withdrawSocket } from './http/listen.js';
import {
  exitOnStartupError,
  handleShutdown,
  keepMessengerWebhooksSubscribed,
  startRuntime,
} from './runtime.js';

async function main() {
  const runtime = await startRuntime({ role: 'api' });
  const { config, logger } = runtime;
  const lifecycle: Lifecycle = { draining: false };
  try {
    const app = await buildApp({
      config,
      pool: runtime.db.pool,
      boss: runtime.boss,
      graph: runtime.graph,
      afterCommit: runtime.afterCommit,
      logger,
      lifecycle,
    });
    const subscribing = new AbortController();
    handleShutdown(logger, async () => {
      subscribing.abort();
      // Not ready first (balancers that poll /readyz stop sending; nginx finds no socket), then stop accepting
      // and drain what is in flight.
      lifecycle.draining = true;
      withdrawSocket(config);
      if (config.drainDelayMs > 0) await new Promise((r) => setTimeout(r, config.drainDelayMs));
      await app.close();
      await runtime.stop();
    });
    logger.info(`Pagecast is running at ${await listen(app, config)}`);
    // In the background: whatever the start order (nginx after the replicas), it holds once reachable.
    void keepMessengerWebhooksSubscribed(runtime, { signal: subscribing.signal });
  } catch (err) {
    await runtime.stop();
    throw err;
  }
}

main().catch((err: unknown) => exitOnStartupError(err));
