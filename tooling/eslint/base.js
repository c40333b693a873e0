// Shared flat config: type-aware (typescript-eslint `recommendedTypeChecked` through the project
// service, so every file is checked against the tsconfig that owns it), in the manner of
// create-t3-turbo's shared eslint config. `tsc` still runs separately in `typecheck`.
//
// A package's eslint.config.js uses it as
//   export default pagecast({ dirname: import.meta.dirname, envModules: ['src/config.ts'] });
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CODE = ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'];
const PLAIN_JS = ['**/*.{js,jsx,mjs,cjs}'];
const TYPED = ['**/*.{ts,tsx,mts,cts}'];

/** Tests, benchmarks, fault/soak harnesses and scripts (paths relative to a package). */
const TEST_CODE = [
  '**/*.{test,spec}.{ts,tsx}',
  'test/**',
  'tests/**',
  'bench/**',
  'resilience/**',
  'deploy/**',
  'scripts/**',
];

/**
 * Where reading the environment directly is fine: tooling config files, tests, benchmarks, fault
 * and soak harnesses and scripts set up processes, they are not product code.
 */
const ENV_EXEMPT = ['**/*.config.{ts,mts,cts,js,mjs,cjs}', ...TEST_CODE];

const ENV_MESSAGE =
  'Read configuration only in the package config module (apps/api/src/config.ts, ' +
  'apps/graph-emulator/src/main.ts, apps/web/src/lib/env.ts) and pass values in.';

/**
 * t3's restrictEnvAccess: `process.env` (and Vite's `import.meta.env`) may only be read in the
 * package's config module (`envModules`) and in the exempt files above.
 */
export function restrictEnvAccess(envModules = []) {
  return [
    {
      files: CODE,
      ignores: [...ENV_EXEMPT, ...envModules],
      rules: {
        'no-restricted-properties': [
          'error',
          { object: 'process', property: 'env', message: ENV_MESSAGE },
        ],
        'no-restricted-imports': [
          'error',
          { name: 'process', importNames: ['env'], message: ENV_MESSAGE },
          { name: 'node:process', importNames: ['env'], message: ENV_MESSAGE },
        ],
        'no-restricted-syntax': [
          'error',
          {
            selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
            message: ENV_MESSAGE,
          },
        ],
      },
    },
  ];
}

const ENV_IMPORTS = [
  { name: 'process', importNames: ['env'], message: ENV_MESSAGE },
  { name: 'node:process', importNames: ['env'], message: ENV_MESSAGE },
];

const MODULE_REACH_MESSAGE =
  'Import another module through its index.ts (its public face): its repo, service and helpers are its own business. Checked for the whole graph by `pnpm lint:deps` (.dependency-cruiser.cjs).';

/**
 * In the manner of restrictEnvAccess: a capability module (`<modulesDir>/<name>/`) reaches another only
 * through its index.ts. A file directly in a module reaches a sibling module as `../<name>/<file>.js`, one a
 * folder deeper as `../../<name>/<file>.js`. The env restriction is repeated: a flat config's later entry
 * replaces a rule's options, it does not add to them.
 */
export function restrictModuleReach(modulesDir) {
  const reach = (files, regex) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ENV_IMPORTS, patterns: [{ regex, message: MODULE_REACH_MESSAGE }] },
      ],
    },
  });
  return [
    // modules/shared/ is no capability but the modules' common ground (deps, route guard, page graph).
    reach([`${modulesDir}/*/*.ts`], '^\\.\\./(?!shared/)[^./][^/]*/(?!index\\.js$)[^/]+$'),
    reach(
      [`${modulesDir}/*/*/**/*.ts`],
      '^\\.\\./\\.\\./(?!shared/)[^./][^/]*/(?!index\\.js$)[^/]+$',
    ),
  ];
}

/** The rules every package shares (no package-specific paths). */
export const baseConfig = tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/routeTree.gen.ts',
      '**/.data/**',
      '**/coverage/**',
    ],
  },
  // A stale `eslint-disable` is an error, not the ESLint default warning, so it cannot pile up.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'error',
      // A promise nobody awaits loses its rejection: await it, `.catch` it, or mark a deliberate
      // fire-and-forget with `void`.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Off: Fastify tells an async hook or handler from a callback one by its signature, so an async
      // function without an await is the idiomatic form there (a plain one would wait for `done`).
      '@typescript-eslint/require-await': 'off',
      'no-console': 'off',
    },
  },
  {
    // Tests, benchmarks and harnesses read untyped JSON (`await res.json()` is `any`) and then assert
    // on it: the assertion is the check, so the `no-unsafe-*` family would only add noise here
    // (~420 hits in the emulator's tests alone). Product code keeps them as errors.
    files: TEST_CODE,
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // Plain JS (eslint configs, scripts) is in no tsconfig: lint it without type information. It runs
  // in Node (TypeScript files get their globals from the tsconfig's types instead).
  { files: PLAIN_JS, ...tseslint.configs.disableTypeChecked },
  { files: PLAIN_JS, languageOptions: { globals: globals.node } },
);

/**
 * The config of one package. `dirname` is the package directory (`import.meta.dirname`), the root the
 * project service resolves tsconfigs from; `envModules` are the files allowed to read the environment;
 * `defaultProject` globs TypeScript files that no tsconfig includes (linted with default options).
 */
export function pagecast({
  dirname,
  envModules = [],
  ignores = [],
  defaultProject = [],
  modulesDir,
} = {}) {
  const projectService = defaultProject.length > 0 ? { allowDefaultProject: defaultProject } : true;
  return tseslint.config(
    ...(ignores.length > 0 ? [{ ignores }] : []),
    ...baseConfig,
    {
      files: TYPED,
      languageOptions: { parserOptions: { projectService, tsconfigRootDir: dirname } },
    },
    ...restrictEnvAccess(envModules),
    ...(modulesDir ? restrictModuleReach(modulesDir) : []),
  );
}

export default baseConfig;
