// One real PostgreSQL for the whole run, in the OS temp folder (reachable by the `postgres` user wherever
// CI clones the repo). Migrations run once into a template; each test file copies it (helpers/db.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { EmbeddedPg } from '../src/db/embedded.js';
import { reportGraphRequests } from '@pagecast/graph-emulator';
import { startMigratedPostgres } from './support/postgres.js';

export const TEMPLATE_DATABASE = 'pagecast_template';

let pg: EmbeddedPg | undefined;
let requestLogDir: string | undefined;

export async function setup(project: TestProject) {
  pg = await startMigratedPostgres({
    dataDir: path.join(
      os.tmpdir(),
      `pagecast-vitest-${process.pid}-${randomBytes(4).toString('hex')}`,
    ),
    database: TEMPLATE_DATABASE,
    portFrom: 55000 + Math.floor(Math.random() * 2000),
  });
  project.provide('pgAdminUrl', pg.adminUrl);
  project.provide('pgTemplate', TEMPLATE_DATABASE);
  // Every emulator the test files start logs its requests here (helpers/graph-requests.ts).
  requestLogDir = mkdtempSync(path.join(os.tmpdir(), 'pagecast-graph-requests-'));
  project.provide('graphRequestLogDir', requestLogDir);
}

export async function teardown() {
  await pg?.stop();
  if (!requestLogDir) return;
  // The spec test: any Graph request outside Meta's spec fails the run (the emulator's spec/check-logs.ts). A teardown cannot
  // throw a failure into vitest's result, so it sets the exit code.
  if (!reportGraphRequests(requestLogDir)) process.exitCode = 1;
  rmSync(requestLogDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    graphRequestLogDir: string;
  }
}
