import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedVitestConfig } from '../../vitest.shared';

export default mergeConfig(
  sharedVitestConfig({
    dirname: import.meta.dirname,
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
  }),
  defineConfig({
    test: {
      // One embedded Postgres per run, a template database migrated once (test/global-setup.ts); after a
      // full run, every contract route must have been called through the typed client (route-coverage-setup.ts).
      globalSetup: ['./test/global-setup.ts', './test/route-coverage-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }),
);
