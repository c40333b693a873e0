// The doc-reference check (scripts/check-doc-refs.mjs) on a small made-up repository: what it must accept,
// and a planted broken reference of each kind that must fail it. Run by `pnpm lint:refs` before the check.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkRepo } from './check-doc-refs.mjs';

const script = fileURLToPath(new URL('./check-doc-refs.mjs', import.meta.url));

function fixture(files) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'check-doc-refs-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const roots = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

/** A repository whose references all resolve. */
const CLEAN = {
  '.gitignore': 'dist/\n',
  'package.json': '{}\n',
  'apps/api/package.json': '{}\n',
  'apps/api/src/modules/inbox/repo.ts':
    'export interface ContactRow {\n  id: string;\n}\n\nexport async function queueSql() {}\n',
  'apps/api/src/modules/inbox/service.ts':
    '// The rules; SQL in `repo.ts` (repo.ts#queueSql), shapes in `./repo.ts:1-3`.\nexport const createInboxService = () => ({});\n',
  'apps/api/src/modules/tags/repo.ts': 'export const tagsSql = 1;\n',
  'apps/api/src/jobs/page-sync.ts': [
    '// Reads `modules/inbox/repo.ts#ContactRow`, see `docs/guide.md#the-inbox`.',
    'const s = "`modules/nothing.ts` in a string is not a comment";',
    'const t = `${s} // `modules/nothing.ts` in a template`;',
    'const r = /`modules\\/nothing.ts`/;',
    'export const pageSync = [s, t, r];',
    '',
  ].join('\n'),
  'packages/ui/package.json': '{}\n',
  'packages/ui/src/screens/inbox/texts.ts': 'export const TEXT = {};\n',
  'packages/ui/src/screens/tags/texts.ts': 'export const TEXT = {};\n',
  'docs/guide.md': [
    '# Guide',
    '',
    '## The inbox',
    '',
    'Each screen keeps its strings in `packages/ui/src/screens/<screen>/texts.ts` (`screens/inbox/`).',
    '`apps/api/src/modules/<capability>/` holds one capability: `repo.ts`, `service.ts`.',
    'See [the inbox](#the-inbox), [the repo](../apps/api/src/modules/inbox/repo.ts) and `README.md`.',
    'Not paths: `/api/v1/pages`, `@fastify/jwt`, `text/event-stream`, `me/accounts`, `pnpm lint:deps`,',
    '`https://example.com/a.ts`, `dist/index.html`, `DATA_DIR/jwt-secret`, `../<module>/index.js`.',
    'Unquoted: modules/inbox/service.ts#createInboxService and `modules/{inbox,tags}/repo.ts`.',
    '',
    '```sh',
    'cat apps/nothing.ts',
    '```',
    '',
  ].join('\n'),
  'README.md': '# Readme\n\nStart at `docs/guide.md` and `apps/api/src/jobs/`.\n',
  Dockerfile:
    '# Runs apps/api/src/jobs/page-sync.ts (docs/guide.md).\nFROM node # not/a/comment.md\n',
};

describe('check-doc-refs', () => {
  it('accepts a repository whose references resolve', () => {
    const root = fixture(CLEAN);
    roots.push(root);
    assert.deepEqual(checkRepo(root), []);
  });

  it('reports each planted broken reference with its file, line and reason', () => {
    const root = fixture({
      ...CLEAN,
      'docs/broken.md': [
        '# Broken',
        '',
        '`apps/api/src/modules/chats/repo.ts` moved; `jobs/page-sync.ts#pageSynk` is misspelt.',
        '`modules/inbox/repo.ts:40` is past the end, `modules/inbox/repo.ts:2-9` too.',
        '`texts.ts` names two files; [guide](guide.md#no-such-heading); `modules/inbox/repo.ts/` is no folder.',
        '',
      ].join('\n'),
      'apps/api/src/modules/tags/service.ts': [
        '/**',
        ' * The tag rules (sessions.ts#endSessions), the SQL in `./missing-repo.ts`.',
        ' */',
        'export const x = 1;',
        '',
      ].join('\n'),
      'deploy/nginx/site.conf': 'server_tokens off;\n# Shared by both recipes (docs/deploy.md).\n',
    });
    roots.push(root);
    const lines = checkRepo(root).map((b) => `${b.file}:${b.line}: ${b.ref} — ${b.reason}`);
    assert.deepEqual(lines, [
      'docs/broken.md:3: apps/api/src/modules/chats/repo.ts — no such file or folder',
      'docs/broken.md:3: jobs/page-sync.ts#pageSynk — apps/api/src/jobs/page-sync.ts declares no pageSynk',
      'docs/broken.md:4: modules/inbox/repo.ts:40 — apps/api/src/modules/inbox/repo.ts has 5 lines, not 40',
      'docs/broken.md:4: modules/inbox/repo.ts:2-9 — apps/api/src/modules/inbox/repo.ts has 5 lines, not 9',
      'docs/broken.md:5: texts.ts — ambiguous: 2 paths end so (packages/ui/src/screens/inbox/texts.ts, packages/ui/src/screens/tags/texts.ts); name it from a folder',
      'docs/broken.md:5: guide.md#no-such-heading — docs/guide.md has no heading #no-such-heading',
      'docs/broken.md:5: modules/inbox/repo.ts/ — apps/api/src/modules/inbox/repo.ts is a file, not a folder',
      'apps/api/src/modules/tags/service.ts:2: sessions.ts#endSessions — no such file or folder',
      'apps/api/src/modules/tags/service.ts:2: ./missing-repo.ts — no such file or folder',
      'deploy/nginx/site.conf:2: docs/deploy.md — no such file or folder',
    ]);
  });

  it('prints `file:line: ref — reason` and exits 1 on a broken reference, 0 otherwise', () => {
    const clean = fixture(CLEAN);
    const broken = fixture({ ...CLEAN, 'docs/more.md': 'See `docs/gone.md`.\n' });
    roots.push(clean, broken);
    const ok = spawnSync(process.execPath, [script, `--root=${clean}`], { encoding: 'utf8' });
    assert.equal(ok.status, 0, ok.stdout + ok.stderr);
    const bad = spawnSync(process.execPath, [script, `--root=${broken}`], { encoding: 'utf8' });
    assert.equal(bad.status, 1, bad.stdout + bad.stderr);
    assert.match(bad.stdout, /^docs\/more\.md:1: docs\/gone\.md — no such file or folder$/m);
  });
});
