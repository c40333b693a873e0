// The settings every package's vitest config starts from (`mergeConfig(sharedVitestConfig(...), ...)`); a
// package adds only what is its own: environment, setup files, global setup, timeouts, pool. No imports, so
// it resolves from the repo root, which has no vitest of its own.

export interface SharedVitestOptions {
  /** The package's folder (`import.meta.dirname`): test paths are relative to it. */
  dirname: string;
  /** Where the package's tests are; test/ by default. */
  include?: string[];
  /** Screens: a DOM (jsdom) and the package's test/setup.ts (Testing Library matchers, cleanup). */
  dom?: boolean;
}

export function sharedVitestConfig({
  dirname,
  include = ['test/**/*.test.ts'],
  dom = false,
}: SharedVitestOptions) {
  return {
    root: dirname,
    test: {
      include,
      exclude: ['**/node_modules/**', '**/dist/**'],
      ...(dom ? { environment: 'jsdom', setupFiles: ['./test/setup.ts'] } : {}),
    },
  };
}
