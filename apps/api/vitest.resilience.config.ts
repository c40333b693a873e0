import { defineConfig } from 'vitest/config';

// `pnpm test:resilience`: the heavy half of the reliability suite (docs/reliability.md: faults injected into running processes, the soak).
// Same embedded Postgres template as the unit suite; files run one at a time: they time real processes.
export default defineConfig({
  test: {
    include: ['resilience/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
