import { defineConfig } from 'drizzle-kit';

// Only `generate` is used (offline); the API applies migrations itself at start (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
  dbCredentials: {
    url: process.env.DATABASE_URL ?? 'postgres://postgres:password@127.0.0.1:54329/pagecast',
  },
});
