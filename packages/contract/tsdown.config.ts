// The published build of the contract (`pnpm pack` runs it through `prepack`): one ESM bundle and its
// declarations in dist/. The workspace never builds it: its packages import src/index.ts (package.json
// `exports`); publishConfig points the packed package.json at dist/ instead. Bundled because the sources'
// relative imports have no extensions, which Node's ESM resolution would not find one file at a time.
import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts'],
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  clean: true,
});
