import { pagecast } from '@pagecast/eslint-config/base';

// The examples are scripts a developer runs: they read their settings from the environment.
export default pagecast({ dirname: import.meta.dirname, envModules: ['examples/**'] });
