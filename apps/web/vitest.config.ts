import react from '@vitejs/plugin-react';
import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedVitestConfig } from '../../vitest.shared';

// Tests import the committed src/routeTree.gen.ts (no router plugin here: no code splitting, no regeneration).
export default mergeConfig(
  sharedVitestConfig({
    dirname: import.meta.dirname,
    include: ['test/**/*.test.{ts,tsx}'],
    dom: true,
  }),
  defineConfig({
    plugins: [react()],
    test: {
      restoreMocks: true,
    },
  }),
);
