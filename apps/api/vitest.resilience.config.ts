import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedVitestConfig } from '../../vitest.shared';

// `pnpm test:resilience`: the heavy half of the reliability suite (docs/reliability.md: faults injected into running processes, the soak).
// Same embedded Postgres template as the unit suite; files run one at a time: they time real processes.
export default mergeConfig(
  sharedVitestConfig({ dirname: import.meta.dirname, include: ['resilience/**/*.test.ts'] }),
  defineConfig({
    test: {
      globalSetup: ['./test/global-setup.ts'],
      fileParallelism: false,
      testTimeout: 300_000,
      hookTimeout: 120_000,
    },
  }),
);
