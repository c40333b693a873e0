import { defineConfig } from 'vitest/config';

// The tests the `apikeys` mutation target runs (mutation/apikeys.config.json): the key rules and the rate
// limiter with a fake store. Pure, no embedded Postgres (test/api-keys.test.ts covers the rest end to end).
export default defineConfig({
  test: {
    include: ['test/api-key-rules.test.ts'],
  },
});
