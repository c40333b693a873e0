// The import graph's rules, checked in `pnpm test` (`pnpm lint:deps`) over the product code:
// - no cycles, of any kind: a cycle means two files that cannot be understood (or tested) one without
//   the other. An `import type` counts too: erased at runtime, it still ties the files together for a
//   reader and the compiler. What both sides need sits below them (e.g. modules/shared/after-commit.ts);
// - each API capability (apps/api/src/modules/<name>/) is reached from outside only through its
//   index.ts, its public face; its repo, service and helpers are its own business. modules/shared/ is
//   no capability: the ground every module stands on (ModuleDeps, the route guard, the page graph).
// ---- Web app (apps/web/src): feature faces, folder cycles and ranks -------------------------------
// A folder of apps/web/src (`lib`, `features/<name>`, `routes`, ...) imports only folders of its own rank
// or lower ones; within a rank, folder-level cycles are forbidden instead. The table in
// docs/CONVENTIONS.md ("Web ranks") is this array, and apps/web/test/dependency-rules.test.ts checks so.
const WEB_SRC = '^apps/web/src/';
const WEB_RANKS = [
  { rank: 'base', folders: ['stores', 'lib'] },
  {
    rank: 'core',
    folders: [
      'features/auth',
      'features/errors',
      'features/subscription',
      'features/sync',
      'features/tags',
    ],
  },
  {
    rank: 'features',
    folders: [
      'features/home',
      'features/inbox',
      'features/landing',
      'features/marketing',
      'features/public',
      'features/select',
      'features/templates',
      'features/webhooks',
    ],
  },
  { rank: 'composites', folders: ['features/account', 'features/campaigns'] },
  { rank: 'shell', folders: ['features/dashboard', 'features/root'] },
  { rank: 'top', folders: ['routes', 'public', 'main.tsx', 'app.tsx', 'router.tsx'] },
];
/** A folder matches itself and everything under it; an entry file (`main.tsx`) only itself. */
const webPath = (folder) =>
  `${WEB_SRC}${folder.replace(/\./g, '\\.')}${/\.tsx?$/.test(folder) ? '$' : '/'}`;
const webRankRules = WEB_RANKS.slice(0, -1).map(({ rank, folders }, i) => ({
  name: `web-rank-${rank}`,
  severity: 'error',
  comment: `A ${rank} folder of the web app imports only its own rank or lower ones (docs/CONVENTIONS.md "Web ranks"): move what both need down, or pass it in.`,
  from: { path: folders.map(webPath) },
  to: { path: WEB_RANKS.slice(i + 1).flatMap((r) => r.folders.map(webPath)) },
}));
const webRules = [
  {
    name: 'web-feature-face',
    severity: 'error',
    comment:
      'Import another web feature through its index.ts: its other files are its own business.',
    from: { path: `${WEB_SRC}features/([^/]+)/` },
    to: {
      path: `${WEB_SRC}features/[^/]+/`,
      pathNot: [`${WEB_SRC}features/$1/`, `${WEB_SRC}features/[^/]+/index\\.ts$`],
    },
  },
  {
    name: 'web-feature-face-outside',
    severity: 'error',
    comment: 'Routes, the public entry and main.tsx import a feature through its index.ts.',
    from: { path: WEB_SRC, pathNot: `${WEB_SRC}features/` },
    to: { path: `${WEB_SRC}features/[^/]+/`, pathNot: '/index\\.ts$' },
  },
  {
    name: 'web-no-folder-cycle',
    severity: 'error',
    comment: 'Two web folders that import each other: move what both need below them.',
    scope: 'folder',
    from: { path: `${WEB_SRC}(features/[^/]+|lib|stores|routes|public)$` },
    to: { circular: true },
  },
  ...webRankRules,
];
// ---- end of the web app's block ----------------------------------------------------------------------
// ---- apps/api/src: capability ranks and folder cycles ---------------------------------------------------
// The API's capabilities form a DAG, read folder by folder (docs/CONVENTIONS.md "Ranks"): each sits on a
// rank and imports only its own rank or lower ones; inside a rank, the folder-cycle rule keeps it one-way.
// API_RANKS is the one source: the rules below are generated from it and the table in CONVENTIONS.md must
// say the same (apps/api/test/dependency-ranks.test.ts checks both, and that a planted upward import fails).
// A name is a folder of apps/api/src (db, jobs), a file there (app.ts), or else a module of
// apps/api/src/modules (inbox, modules/shared, modules/index.ts are spelled out).
const API_RANKS = [
  { rank: 'ground', names: ['config.ts', 'errors.ts', 'logger.ts', 'lib', 'crypto'] },
  { rank: 'base', names: ['db', 'graph', 'http', 'realtime', 'queues', 'pacing', 'auth'] },
  { rank: 'shared', names: ['modules/shared'] },
  {
    rank: 'core',
    names: ['contacts', 'tags', 'sessions', 'page-rows', 'api-keys', 'outbound-webhooks'],
  },
  {
    rank: 'features',
    names: ['inbox', 'templates', 'marketing', 'notes', 'saved-replies', 'user-tags'],
  },
  { rank: 'campaigns', names: ['campaigns'] },
  {
    rank: 'edges',
    names: [
      'webhooks',
      'pages',
      'sign-in',
      'operator',
      'deletion',
      'facebook',
      'user',
      'account',
      'subscription',
    ],
  },
  { rank: 'jobs', names: ['jobs'] },
  {
    rank: 'root',
    names: [
      'modules/index.ts',
      'runtime.ts',
      'app.ts',
      'main.ts',
      'worker.ts',
      'cli.ts',
      'emulator.ts',
    ],
  },
];
const API_SRC = 'apps/api/src/';
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The folders of apps/api/src itself that hold a rank (any other plain name is a module). */
const API_TOP_FOLDERS = [
  'lib',
  'crypto',
  'db',
  'graph',
  'http',
  'realtime',
  'queues',
  'pacing',
  'auth',
  'jobs',
];
/** The path regex of one rank name. */
function rankPath(name) {
  if (name.endsWith('.ts')) return `^${escape(API_SRC + name)}$`;
  if (name.startsWith('modules/') || API_TOP_FOLDERS.includes(name))
    return `^${escape(API_SRC + name)}/`;
  return `^${escape(`${API_SRC}modules/${name}/`)}`;
}
const ranksPath = (ranks) => `(${ranks.flatMap((r) => r.names.map(rankPath)).join('|')})`;
const apiRankRules = API_RANKS.slice(0, -1).map((r, i) => ({
  name: `api-rank-${r.rank}`,
  severity: 'error',
  comment: `A ${r.rank} capability never imports a higher rank (docs/CONVENTIONS.md "Ranks"): move what it needs down, or pass it in.`,
  from: { path: ranksPath([r]) },
  to: { path: ranksPath(API_RANKS.slice(i + 1)) },
}));
const apiFolderRules = [
  {
    name: 'api-no-folder-cycle',
    scope: 'folder',
    severity: 'error',
    comment:
      'Two API capability folders import each other (through any files): move what both need below them.',
    // Product folders only: src/graph's own tests import test helpers that import it back.
    from: { path: `^${API_SRC}` },
    to: { path: `^${API_SRC}`, circular: true, viaNot: '^apps/api/test/' },
  },
  ...apiRankRules,
];
// ---- end of apps/api/src ranks -------------------------------------------------------------------------

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
    {
      name: 'client-reach',
      severity: 'error',
      comment:
        "@pagecast/client is a package developers install: packages/client/src imports only its own files and @pagecast/contract's face (npm packages aside), never the apps, another package or a Node built-in (it runs wherever fetch does).",
      from: { path: '^packages/client/src/' },
      to: { pathNot: ['^packages/client/src/', '^packages/contract/src/index\\.ts$'] },
    },
    ...webRules,
    ...apiFolderRules,
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
// Read by apps/web/test/dependency-rules.test.ts; not enumerable, as the config's schema allows no other keys.
Object.defineProperty(module.exports, 'webRanks', { value: WEB_RANKS });
// The ranks, for the test that holds CONVENTIONS.md's table to them (not a dependency-cruiser option).
Object.defineProperty(module.exports, 'apiRanks', { value: API_RANKS, enumerable: false });
Object.defineProperty(module.exports, 'apiRankPath', { value: rankPath, enumerable: false });
