import { defineConfig } from '@playwright/test';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * End-to-end tests run the product the way `pnpm start` does (the API serving the built web app,
 * embedded Postgres, the Graph emulator in-process) on ports of their own, with a fresh data dir.
 */
const port = Number(process.env.E2E_PORT ?? 3311);
const emulatorPort = Number(process.env.E2E_EMULATOR_PORT ?? 4311);
export const baseURL = `http://localhost:${port}`;
export const emulatorURL = `http://localhost:${emulatorPort}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pagecast-e2e-'));
// mkdtemp makes 0700 folders: the embedded Postgres runs as the `postgres` user and must reach it.
chmodSync(dataDir, 0o755);
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one dir per run
/** Where the product's emulator logs the shape of each Graph request, checked at the end (graph-spec-teardown.ts). */
export const graphRequestLogDir = () => join(dataDir, 'graph-requests');

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  // Every Graph request the product made during the run must be inside Meta's spec.
  globalTeardown: './graph-spec-teardown.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'pnpm --filter @pagecast/api start',
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      EMULATOR_PORT: String(emulatorPort),
      PUBLIC_URL: baseURL,
      WEB_ORIGIN: baseURL,
      DATA_DIR: dataDir,
      EMULATOR_REQUEST_LOG: join(graphRequestLogDir(), 'emulator.json'),
      EMBEDDED_PG_PORT: String(55000 + (process.pid % 1000)),
      LOG_LEVEL: 'warn',
      // Meta's marketing warm-up (an hour): none here, so a marketing campaign sends at once.
      MARKETING_WARMUP_MS: '0',
      // Parallel runs on one machine may build the web app into a folder of their own.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
