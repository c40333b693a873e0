// node:test, run by `pnpm check:size` before the check itself.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { lineCount } from './check-file-size.mjs';

const script = fileURLToPath(new URL('./check-file-size.mjs', import.meta.url));
const lines = (n) => 'export const x = 1;\n'.repeat(n);

function check(files) {
  const root = mkdtempSync(join(tmpdir(), 'check-file-size-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test('counts lines as wc -l does', () => {
  assert.equal(lineCount(''), 0);
  assert.equal(lineCount('a\n'), 1);
  assert.equal(lineCount('a\nb'), 2);
  assert.equal(lineCount(lines(500)), 500);
});

test('a product file of 500 lines passes', () => {
  const run = check({ 'apps/x/src/a.ts': lines(500), 'packages/y/src/b.tsx': lines(500) });
  assert.equal(run.status, 0, run.stderr);
});

test('a product file of 501 lines fails, and is named with its count', () => {
  const run = check({ 'apps/x/src/deep/a.ts': lines(501), 'packages/y/src/b.tsx': lines(20) });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /apps\/x\/src\/deep\/a\.ts: 501/);
  assert.doesNotMatch(run.stderr, /b\.tsx/);
});

test('generated files, migrations, tests and files outside src are not product files', () => {
  const run = check({
    'apps/x/src/routeTree.gen.ts': lines(501),
    'apps/x/src/db/migrations/0001.ts': lines(501),
    'apps/x/src/a.test.ts': lines(501),
    'packages/y/src/b.spec.tsx': lines(501),
    'apps/x/test/c.ts': lines(501),
    'apps/x/src/d.js': lines(501),
  });
  assert.equal(run.status, 0, run.stderr);
});
