// The API's capability ranks (docs/CONVENTIONS.md "Ranks"): the table there and the list the
// dependency-cruiser rules are generated from (.dependency-cruiser.cjs, API_RANKS) say the same, and the
// rules do fail a planted upward import and a planted folder cycle.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const configPath = join(root, '.dependency-cruiser.cjs');
const { apiRanks, apiRankPath } = createRequire(import.meta.url)(configPath) as {
  apiRanks: Array<{ rank: string; names: string[] }>;
  apiRankPath: (name: string) => string;
};

/** The rows of the "Ranks" table in CONVENTIONS.md, as { rank, names }. */
function documentedRanks(): Array<{ rank: string; names: string[] }> {
  const doc = readFileSync(join(root, 'docs/CONVENTIONS.md'), 'utf8');
  const section = doc.split(/^### Ranks$/m)[1]?.split(/^#{2,3} /m)[0] ?? '';
  return section
    .split('\n')
    .filter((l) => /^\|\s*[a-z]/.test(l) && !/^\|\s*Rank\s*\|/.test(l))
    .map((l) => {
      const [rank = '', names = ''] = l.split('|').slice(1, 3);
      return { rank: rank.trim(), names: [...names.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '') };
    });
}

const sandboxes: string[] = [];
afterAll(() => {
  for (const dir of sandboxes) rmSync(dir, { recursive: true, force: true });
});

/** depcruise over a throwaway tree laid out as apps/api/src, with the repository's config. */
function cruise(files: Record<string, string>): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pagecast-ranks-'));
  sandboxes.push(dir);
  for (const [path, text] of Object.entries(files)) {
    const file = join(dir, 'apps/api/src', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  const bin = join(root, 'node_modules/.bin/depcruise');
  try {
    const output = execFileSync(
      bin,
      ['apps/api/src', '--config', configPath, '--output-type', 'err'],
      {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    return { ok: true, output };
  } catch (err) {
    return { ok: false, output: String((err as { stdout?: string }).stdout ?? err) };
  }
}

describe('API capability ranks', () => {
  it('CONVENTIONS.md lists the ranks the rules are generated from', () => {
    expect(apiRanks.length).toBeGreaterThan(5);
    expect(documentedRanks()).toEqual(apiRanks);
  });

  it('names only folders and files that exist, each once', () => {
    const files = readdirSync(join(root, 'apps/api/src'), {
      recursive: true,
      encoding: 'utf8',
    }).map((f) => `apps/api/src/${f.split(sep).join('/')}`);
    const names = apiRanks.flatMap((r) => r.names);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      const path = new RegExp(apiRankPath(name));
      expect(
        files.some((f) => path.test(f)),
        name,
      ).toBe(true);
    }
  });

  it(
    'fails an import of a higher rank, and passes the same import downwards',
    { timeout: 90_000 },
    () => {
      const upward = cruise({
        'db/planted.ts': "import { x } from '../modules/inbox/index.js';\nexport const y = x;\n",
        'modules/inbox/index.ts': 'export const x = 1;\n',
      });
      expect(upward.ok).toBe(false);
      expect(upward.output).toContain('api-rank-base');
      const downward = cruise({
        'db/planted.ts': 'export const x = 1;\n',
        'modules/inbox/index.ts': "import { x } from '../../db/planted.js';\nexport const y = x;\n",
      });
      expect(downward.output).not.toContain('api-rank-');
      expect(downward.ok).toBe(true);
    },
  );

  it(
    'fails two folders of one rank that import each other through different files',
    { timeout: 60_000 },
    () => {
      const cycle = cruise({
        'modules/inbox/a.ts': "import { c } from '../templates/index.js';\nexport const a = c;\n",
        'modules/inbox/index.ts': 'export const b = 1;\n',
        'modules/templates/index.ts':
          "import { b } from '../inbox/index.js';\nexport const c = b;\n",
      });
      expect(cycle.ok).toBe(false);
      expect(cycle.output).toContain('api-no-folder-cycle');
      expect(cycle.output).not.toContain('api-rank-');
    },
  );
});
