import { pagecastReact } from '@pagecast/eslint-config/react';

export default pagecastReact({
  dirname: import.meta.dirname,
  envModules: ['src/lib/env.ts'],
  // public/ holds plain browser scripts served as-is (no bundling, no TypeScript).
  ignores: ['public/**'],
});
