// The web app's import rules in .dependency-cruiser.cjs (feature faces, folder cycles, ranks): a planted
// violation fails `depcruise` with its rule's name, each feature's index.ts only re-exports (vite.config.ts
// marks the faces side-effect free), and the ranks table of docs/CONVENTIONS.md is the config's array.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const FEATURES = path.join(ROOT, 'apps/web/src/features');

interface WebRank {
  rank: string;
  folders: string[];
}
const { webRanks } = createRequire(import.meta.url)(CONFIG) as { webRanks: WebRank[] };

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** `depcruise` over a tree of `apps/web/src` files written to a temp folder: its exit code and output. */
async function cruise(files: Record<string, string>) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'web-deps-'));
  const cwd = dir;
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(cwd, 'apps/web/src', file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  const bin = path.join(ROOT, 'node_modules/.bin/depcruise');
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(bin, ['apps/web/src', '--config', CONFIG], { cwd }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** A small tree that keeps every rule: a core feature on lib, a composite on it through its face. */
const CLEAN = {
  'lib/api.ts': 'export const api = 1;\n',
  'features/tags/queries.ts': "import { api } from '../../lib/api';\nexport const tags = api;\n",
  'features/tags/index.ts': "export { tags } from './queries';\n",
  'features/campaigns/index.ts':
    "import { tags } from '../tags';\nexport const campaigns = tags;\n",
  'routes/schedule.tsx': "export { campaigns } from '../features/campaigns';\n",
};

describe('web import rules (.dependency-cruiser.cjs)', () => {
  it('a tree that keeps the rules passes', async () => {
    const { code, output } = await cruise(CLEAN);
    expect(output).toContain('no dependency violations');
    expect(code).toBe(0);
  }, 30_000);

  it('planted violations fail, each with its rule: an upward import, a reach past a face, a folder cycle', async () => {
    const { code, output } = await cruise({
      ...CLEAN,
      'lib/planted.ts': "export { campaigns } from '../features/campaigns';\n",
      'features/campaigns/planted.ts': "export { tags } from '../tags/queries';\n",
      // sync and tags share a rank: only the cycle rule stops them importing each other.
      'features/sync/index.ts': "import { tags } from '../tags';\nexport const sync = tags;\n",
      'features/tags/planted.ts': "export { sync } from '../sync';\n",
    });
    expect(code).not.toBe(0);
    expect(output).toMatch(/web-rank-base: apps\/web\/src\/lib\/planted\.ts/);
    expect(output).toMatch(/web-feature-face: apps\/web\/src\/features\/campaigns\/planted\.ts/);
    expect(output).toMatch(/web-no-folder-cycle: apps\/web\/src\/features\/(sync|tags)/);
  }, 30_000);
});

describe('web feature faces and ranks', () => {
  const features = readdirSync(FEATURES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

  it('every feature has an index.ts of comments and `export … from` lines only', () => {
    for (const feature of features) {
      const lines = readFileSync(path.join(FEATURES, feature, 'index.ts'), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.startsWith('//'));
      expect(lines.length, feature).toBeGreaterThan(0);
      for (const line of lines)
        expect(line, feature).toMatch(/^export (type )?\{.*\} from '\.\/[^']+';$/);
    }
  });

  it('every feature has exactly one rank', () => {
    const ranked = webRanks.flatMap((r) => r.folders).filter((f) => f.startsWith('features/'));
    expect([...ranked].sort()).toEqual(features.map((f) => `features/${f}`).sort());
  });

  it('the "Web ranks" table of docs/CONVENTIONS.md is the config\'s ranks array', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/CONVENTIONS.md'), 'utf8');
    const section = doc.split(/^### Web ranks$/m)[1]?.split(/^#/m)[0] ?? '';
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .slice(2)
      .map((line) => {
        const [rank = '', folders = ''] = line.split('|').slice(1, 3);
        return {
          rank: rank.trim(),
          folders: [...folders.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''),
        };
      });
    expect(rows).toEqual(webRanks.map(({ rank, folders }) => ({ rank, folders })));
  });
});
