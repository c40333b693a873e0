import react from '@vitejs/plugin-react';
import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedVitestConfig } from '../../vitest.shared';

export default mergeConfig(
  sharedVitestConfig({
    dirname: import.meta.dirname,
    include: ['test/**/*.test.{ts,tsx}'],
    dom: true,
  }),
  defineConfig({
    plugins: [react()],
    test: {
      css: false,
    },
  }),
);
