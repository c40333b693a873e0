// The route coverage check of `vitest run` (support/route-coverage.ts): a folder for the records the typed
// client writes while the tests run, and, after a run of every test file, the check that every contract route
// was called. A run of some files (a path filter, -t, a shard) checks nothing: it says so and keeps quiet.
// ROUTE_COVERAGE_DIR names a folder to keep the records in (to check them later by hand), else a temp one.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { reportRouteCoverage } from './support/route-coverage.js';

let project: TestProject | undefined;
let dir: string | undefined;
let temporary = false;

export function setup(p: TestProject) {
  project = p;
  const kept = process.env.ROUTE_COVERAGE_DIR;
  temporary = !kept;
  dir = kept ? path.resolve(kept) : mkdtempSync(path.join(os.tmpdir(), 'pagecast-route-coverage-'));
  p.provide('routeCoverageDir', dir);
}

export async function teardown() {
  if (!project || !dir) return;
  try {
    const { testFiles } = await project.globTestFiles();
    const ran = new Set(project.vitest.state.getFiles().map((f) => f.filepath));
    const notRun = testFiles.filter((f) => !ran.has(f));
    if (notRun.length > 0 || project.vitest.config.testNamePattern) {
      console.info(
        `route coverage: not checked (${testFiles.length - notRun.length} of ${testFiles.length} test files ran` +
          `${project.vitest.config.testNamePattern ? ', with a test name filter' : ''})`,
      );
      return;
    }
    // A teardown cannot put a failure into vitest's result, so it sets the exit code (as global-setup.ts does).
    if (!reportRouteCoverage(dir)) process.exitCode = 1;
  } finally {
    if (temporary) rmSync(dir, { recursive: true, force: true });
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    routeCoverageDir: string;
  }
}
