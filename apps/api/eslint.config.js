import { pagecast } from '@pagecast/eslint-config/base';

export default pagecast({
  dirname: import.meta.dirname,
  envModules: ['src/config.ts'],
  modulesDir: 'src/modules',
});
