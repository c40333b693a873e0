// The import graph's rules, checked in `pnpm test` (`pnpm lint:deps`) over the product code:
// - no cycles, of any kind: a cycle means two files that cannot be understood (or tested) one without
//   the other. An `import type` counts too: erased at runtime, it still ties the files together for a
//   reader and the compiler. What both sides need sits below them (e.g. modules/shared/after-commit.ts);
// - each API capability (apps/api/src/modules/<name>/) is reached from outside only through its
//   index.ts, its public face; its repo, service and helpers are its own business. modules/shared/ is
//   no capability: the ground every module stands on (ModuleDeps, the route guard, the page graph).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Break the cycle: move what both sides need below them, or pass it in.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-public-face',
      severity: 'error',
      comment:
        'Import another API module through its index.ts: its repo, service and helpers are its own business.',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: [
          '^apps/api/src/modules/$1/',
          '^apps/api/src/modules/[^/]+/index\\.ts$',
          '^apps/api/src/modules/shared/',
        ],
      },
    },
    {
      name: 'module-public-face-outside',
      severity: 'error',
      comment: 'Outside modules/ (jobs, app, runtime), import a module through its index.ts.',
      from: {
        path: '^apps/api/src/',
        pathNot: ['^apps/api/src/modules/[^/]+/', '^apps/api/src/modules/index\\.ts$'],
      },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['/index\\.ts$', '^apps/api/src/modules/shared/'],
      },
    },
    {
      name: 'composition-root',
      severity: 'error',
      comment:
        "modules/index.ts registers each module's routes (router.ts, the SSE events.ts): those and index.ts only.",
      from: { path: '^apps/api/src/modules/index\\.ts$' },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['/(index|router|events)\\.ts$', '^apps/api/src/modules/shared/'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
