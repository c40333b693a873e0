import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { baseConfig, pagecast } from './base.js';

const reactRules = [
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // TypeScript only: plain JS is linted without type information (base.js).
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      // `onClick={async () => …}` is fine: React ignores the returned promise (t3's setting).
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      // TanStack Router navigates by `throw redirect(...)` / `throw notFound()` (its documented idiom).
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            {
              from: 'package',
              package: '@tanstack/router-core',
              name: ['Redirect', 'NotFoundError'],
            },
          ],
        },
      ],
    },
  },
];

/** `pagecast()` from base.js plus the React rules. */
export function pagecastReact(options) {
  return tseslint.config(...pagecast(options), ...reactRules);
}

export const reactConfig = tseslint.config(...baseConfig, ...reactRules);

export default reactConfig;
