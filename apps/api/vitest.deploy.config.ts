import { defineConfig } from 'vitest/config';

// `pnpm test:deploy`: docs/deploy.md's Debian recipe brought up and driven through nginx (deploy/deploy.test.ts).
// Its own Postgres (Debian's), so no global setup; one file, real processes, generous timeouts.
export default defineConfig({
  test: {
    include: ['deploy/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
