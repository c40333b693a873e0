import { pagecast } from '@pagecast/eslint-config/base';

// Everything here is test or bench code, so reading the environment is allowed throughout.
export default pagecast({
  dirname: import.meta.dirname,
  ignores: ['playwright-report/**', 'test-results/**'],
});
