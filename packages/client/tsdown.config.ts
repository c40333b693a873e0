// The published build of the client (`pnpm pack` runs it through `prepack`), as the contract's
// (packages/contract/tsdown.config.ts): one ESM bundle and its declarations in dist/. @pagecast/contract
// and ts-rest stay imports (dependencies), not bundled in.
import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts'],
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  clean: true,
});
