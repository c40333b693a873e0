import react from '@pagecast/eslint-config/react';

// public/ holds plain browser scripts served as-is (no bundling, no TypeScript).
export default [{ ignores: ['public/**'] }, ...react];
