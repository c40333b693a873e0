import { startEmulator } from './index.js';

const port = Number(process.env.EMULATOR_PORT ?? 4010);
const host = process.env.EMULATOR_HOST ?? '127.0.0.1';

const emulator = await startEmulator({
  port,
  host,
  ...(process.env.EMULATOR_PUBLIC_URL ? { publicUrl: process.env.EMULATOR_PUBLIC_URL } : {}),
  ...(process.env.FB_APP_ID ? { appId: process.env.FB_APP_ID } : {}),
  ...(process.env.FB_APP_SECRET ? { appSecret: process.env.FB_APP_SECRET } : {}),
  ...(process.env.EMULATOR_STATE_FILE ? { stateFile: process.env.EMULATOR_STATE_FILE } : {}),
  ...(process.env.EMULATOR_DATA_DELETION_URL
    ? { dataDeletionCallbackUrl: process.env.EMULATOR_DATA_DELETION_URL }
    : {}),
  ...(process.env.EMULATOR_DEAUTHORIZE_URL
    ? { deauthorizeCallbackUrl: process.env.EMULATOR_DEAUTHORIZE_URL }
    : {}),
  logger: process.env.EMULATOR_LOG === '1',
  trustRequestStart: process.env.EMULATOR_TRUST_REQUEST_START === '1',
  // The app was granted Meta's Human Agent feature (App Review); off like a new app's.
  appFeatures: { humanAgent: process.env.EMULATOR_HUMAN_AGENT === '1' },
  ...(process.env.EMULATOR_ALLOWED_ORIGINS
    ? { allowedOrigins: process.env.EMULATOR_ALLOWED_ORIGINS.split(',').map((o) => o.trim()) }
    : {}),
});
console.log(`[graph-emulator] listening on ${emulator.url} (app ${emulator.world.app.id})`);

const stop = () => {
  void emulator.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
