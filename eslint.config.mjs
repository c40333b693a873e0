import { pagecast } from '@pagecast/eslint-config/base';

// The root's own scripts/ and bench/ (`pnpm lint:root`); every package lints itself with its own config.
export default pagecast({
  dirname: import.meta.dirname,
  ignores: ['apps/', 'packages/', 'tooling/', 'e2e/', 'docs/', 'deploy/'],
  // bench/lib.d.mts (types of bench/lib.mjs) is in no tsconfig.
  defaultProject: ['bench/*.d.mts'],
});
