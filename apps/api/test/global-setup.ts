// One real PostgreSQL for the whole run, in the OS temp folder (reachable by the `postgres` user wherever
// CI clones the repo). Migrations run once into a template; each test file copies it (helpers/db.ts).
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startEmbeddedPostgres, type EmbeddedPg } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';

export const TEMPLATE_DATABASE = 'pagecast_template';

let pg: EmbeddedPg | undefined;

export async function setup(project: TestProject) {
  const port = await freePort(55000 + Math.floor(Math.random() * 2000));
  pg = await startEmbeddedPostgres({
    dataDir: path.join(os.tmpdir(), `pagecast-vitest-${process.pid}-${port}`),
    port,
    database: TEMPLATE_DATABASE,
    persistent: false,
  });
  await runMigrations(pg.url);
  project.provide('pgAdminUrl', pg.adminUrl);
  project.provide('pgTemplate', TEMPLATE_DATABASE);
}

export async function teardown() {
  await pg?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}
