import { defineConfig } from 'vitest/config';

// The contract target of `pnpm test:mutation` (mutation/contract.config.json): the package's tests, without
// the repo's shared config, which Stryker's sandbox (a copy of this package alone) cannot reach.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'] },
});
