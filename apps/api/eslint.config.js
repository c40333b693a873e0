export { default } from '@pagecast/eslint-config/base';
