import { defineConfig } from 'vitest/config';

// The tests the `secrets` mutation target runs (mutation/secrets.config.json): the strength rules' own table.
// Pure, no embedded Postgres. Not config.test.ts: it reads the repository around apps/api, which Stryker's
// sandbox (a copy of apps/api) does not hold.
export default defineConfig({
  test: {
    include: ['test/secret-strength.test.ts'],
  },
});
