import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedVitestConfig } from '../../vitest.shared';

export default mergeConfig(
  sharedVitestConfig({ dirname: import.meta.dirname }),
  defineConfig({
    test: {
      // One running Pagecast (the API as a child process) for the whole run (test/global-setup.ts).
      globalSetup: ['./test/global-setup.ts'],
      // One file at a time: the pack check installs and type-checks on a 2-core machine.
      fileParallelism: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }),
);
