import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedVitestConfig } from '../../vitest.shared';

export default mergeConfig(
  sharedVitestConfig({
    dirname: import.meta.dirname,
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
  }),
  defineConfig({
    test: {
      // One embedded Postgres per run, a template database migrated once (test/global-setup.ts).
      globalSetup: ['./test/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }),
);
