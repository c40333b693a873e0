// The social network, locally (docs/architecture.md), started in-process when GRAPH_API_URL is unset (never in
// production: config.ts refuses that). It listens on loopback only and answers CORS only for the product's
// origins: its control API mints sign-in tokens for anyone who can reach it.
import path from 'node:path';
import { DEFAULT_ALLOWED_ORIGINS, startEmulator } from '@pagecast/graph-emulator';
import type { Config } from './config.js';

export interface RunningEmulator {
  url: string;
  close: () => Promise<void>;
}

export async function startLocalEmulator(config: Config): Promise<RunningEmulator> {
  try {
    const emulator = await startEmulator({
      port: config.emulatorPort,
      host: config.emulatorHost,
      allowedOrigins: [...new Set([config.webOrigin, ...DEFAULT_ALLOWED_ORIGINS])],
      appId: config.fbAppId,
      appSecret: config.fbAppSecret,
      seed: 'demo',
      stateFile: path.join(config.dataDir, 'emulator.json'),
      ...(config.emulatorRequestLog ? { requestLogFile: config.emulatorRequestLog } : {}),
      dataDeletionCallbackUrl: `${config.publicUrl}/api/v1/facebook/data-deletion`,
      deauthorizeCallbackUrl: `${config.publicUrl}/api/v1/facebook/deauthorize`,
    });
    // Meta's marketing warm-up as this API expects it (a minute in the demo, not an hour).
    emulator.world.behaviour.marketingWarmupMs = config.marketingWarmupMs;
    // The local app has the Human Agent feature exactly when this deployment says Meta granted it.
    emulator.world.app.features.humanAgent = config.features.humanAgent;
    return { url: emulator.url.replace(/\/$/, ''), close: () => emulator.close() };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `the Graph emulator's port ${config.emulatorPort} is already in use: set EMULATOR_PORT, ` +
          'or GRAPH_API_URL to an emulator that is already running',
        { cause: err },
      );
    }
    throw err;
  }
}
