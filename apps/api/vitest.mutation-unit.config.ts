import { defineConfig } from 'vitest/config';

// The pure unit tests the `outcome` and `errors` mutation targets run (mutation/*.config.json): no embedded
// Postgres, so each mutant's tests take milliseconds.
export default defineConfig({
  test: {
    include: [
      'test/campaign-outcome.test.ts',
      'test/campaign-path-stop.test.ts',
      'src/graph/errors.test.ts',
    ],
  },
});
