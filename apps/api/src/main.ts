// `pnpm --filter @pagecast/api start`: HTTP API + web app + (by default) the job workers, in one process.
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import {
  exitOnStartupError,
  handleShutdown,
  keepMessengerWebhooksSubscribed,
  startRuntime,
} from './runtime.js';

async function main() {
  const runtime = await startRuntime({ role: 'api' });
  const { config, logger } = runtime;
  try {
    const app = await buildApp({
      config,
      pool: runtime.db.pool,
      boss: runtime.boss,
      graph: runtime.graph,
      logger,
    });
    const subscribing = new AbortController();
    handleShutdown(logger, async () => {
      subscribing.abort();
      await app.close(); // stops accepting and drains in-flight requests
      await runtime.stop();
    });
    try {
      await app.listen({ host: config.host, port: config.port });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new Error(
          `port ${config.port} is already in use: stop the other process or set PORT`,
          { cause: err },
        );
      }
      throw err;
    }
    const { port } = app.server.address() as AddressInfo;
    const host = ['0.0.0.0', '::', '127.0.0.1'].includes(config.host) ? 'localhost' : config.host;
    logger.info(`Pagecast is running at http://${host}:${port}`);
    // In the background: whatever the start order (nginx after the replicas), it holds once reachable.
    void keepMessengerWebhooksSubscribed(runtime, { signal: subscribing.signal });
  } catch (err) {
    await runtime.stop();
    throw err;
  }
}

main().catch((err: unknown) => exitOnStartupError(err));
