import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { prerender } from './build/prerender';

/** Our workspace packages (contract, ui) have no module side effects: without saying so, their barrel
 *  files (`@pagecast/ui`, `@pagecast/contract`) pull every screen and every zod schema into the entry chunk. */
const WORKSPACE_SOURCE = /[\\/]packages[\\/](contract|ui)[\\/]src[\\/].*\.tsx?$/;
/** A feature's face (src/features/<name>/index.ts) only re-exports: marked so, an entry or route chunk that
 *  imports one name from it does not pull in the feature's other files. */
const FEATURE_FACE = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

// The router plugin must come BEFORE react() (it generates src/routeTree.gen.ts and splits route chunks).
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    prerender(),
    precompress(),
  ],
  server: {
    // Dev: the API (and the SPA in production) lives on :3000.
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      '/config.js': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // Two pages: the app, and the public pages' small entry (src/public: landing, privacy, terms).
      input: { app: 'index.html', public: 'public.html' },
      treeshake: {
        moduleSideEffects: (id) =>
          WORKSPACE_SOURCE.test(id) || FEATURE_FACE.test(id) ? false : undefined,
      },
    },
  },
});
