import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedVitestConfig } from '../../vitest.shared';

export default mergeConfig(
  sharedVitestConfig({
    dirname: import.meta.dirname,
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
  }),
  defineConfig({
    test: {
      testTimeout: 30_000,
      hookTimeout: 30_000,
      pool: 'forks',
    },
  }),
);
