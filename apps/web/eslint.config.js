export { default } from '@pagecast/eslint-config/react';
