#!/usr/bin/env node
// No product file over 500 lines (`pnpm check:size`, in `pnpm test` and `pnpm check`). A big file is
// split along its own sections; a header that says why it is big is not a licence to grow.
// Product files: .ts/.tsx under apps/*/src and packages/*/src, without generated files (*.gen.ts),
// migrations and tests. `node scripts/check-file-size.mjs [root]` checks another tree (its test does).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 500;

/** Files allowed over the limit, each with its reason (none). */
const ALLOWED = new Set([]);

const isProductFile = (path) =>
  /\.tsx?$/.test(path) &&
  !/\.gen\.ts$/.test(path) &&
  !/\.(test|spec)\.tsx?$/.test(path) &&
  !path.split('/').includes('migrations');

function* walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** The line count as `wc -l` gives it for a file ending in a newline. */
export function lineCount(text) {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** Product files over `max` lines under `root`, as `{ path, lines }` with repo-relative paths. */
export function oversizedFiles(root, { max = MAX_LINES, allowed = ALLOWED } = {}) {
  const found = [];
  for (const group of ['apps', 'packages']) {
    let pkgs;
    try {
      pkgs = readdirSync(join(root, group), { withFileTypes: true }).filter((d) => d.isDirectory());
    } catch {
      continue;
    }
    for (const pkg of pkgs) {
      for (const file of walk(join(root, group, pkg.name, 'src'))) {
        const path = relative(root, file).split(sep).join('/');
        if (!isProductFile(path) || allowed.has(path)) continue;
        const lines = lineCount(readFileSync(file, 'utf8'));
        if (lines > max) found.push({ path, lines });
      }
    }
  }
  return found.sort((a, b) => b.lines - a.lines || a.path.localeCompare(b.path));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));
  const found = oversizedFiles(root);
  if (found.length > 0) {
    console.error(`Product files over ${MAX_LINES} lines (split them along their own sections):`);
    for (const { path, lines } of found) console.error(`  ${path}: ${lines}`);
    process.exit(1);
  }
  console.log(`No product file over ${MAX_LINES} lines.`);
}
