import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Tests import the committed src/routeTree.gen.ts (no router plugin here: no code splitting, no regeneration).
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
