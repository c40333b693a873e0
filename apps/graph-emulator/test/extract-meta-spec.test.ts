// scripts/extract-meta-spec.mjs on a small fixture spec: from a plain copy and from a git directory, only the
// nodes and edges asked for, enum values resolved, the source commit recorded.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const script = new URL('../scripts/extract-meta-spec.mjs', import.meta.url).pathname;
const fixtures = new URL('./fixtures/', import.meta.url).pathname;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'extract-spec-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  const out = join(dir, `out-${Math.random().toString(36).slice(2)}.json`);
  const r = spawnSync(
    process.execPath,
    [script, '--uses', join(fixtures, 'uses.json'), '--out', out, ...args],
    { encoding: 'utf8' },
  );
  return {
    status: r.status,
    stderr: r.stderr,
    json: r.status === 0 ? JSON.parse(readFileSync(out, 'utf8')) : null,
  };
}

describe('extract-meta-spec', () => {
  it('extracts the edges asked for, their params and enum values, from a plain copy', () => {
    const r = run([
      '--from',
      join(fixtures, 'meta-specs'),
      '--commit',
      'abc123',
      '--extracted-at',
      'day',
    ]);
    expect(r.stderr).toBe('');
    expect(r.json.source).toEqual({
      repo: 'facebook/facebook-business-sdk-codegen',
      path: 'api_specs/specs',
      commit: 'abc123',
      extractedAt: 'day',
    });
    expect(r.json.nodes.Page).toEqual({
      specFile: 'api_specs/specs/Page.json',
      read: { params: {} },
      edges: {
        messages: {
          POST: {
            returns: 'Page',
            params: {
              messaging_type: {
                type: 'pagemessages_messaging_type_enum_param',
                values: ['RESPONSE', 'UPDATE'],
              },
              recipient: { type: 'Object', required: true },
            },
          },
        },
        subscribed_apps: {
          POST: {
            returns: 'Page',
            params: {
              subscribed_fields: {
                type: 'list<pagesubscribed_apps_subscribed_fields_enum_param>',
                required: true,
                values: ['feed', 'messages'],
              },
            },
          },
        },
      },
      fields: { id: 'string', name: 'string' },
      readableEdges: ['feed'],
    });
    expect(JSON.stringify(r.json)).not.toContain('unused_enum_param');
    expect(r.json.documentedElsewhere.graphWideParams.url).toBe(
      'https://developers.facebook.com/docs/graph-api/overview',
    );
  });

  it('reads a git directory at a commit and records its full sha', () => {
    const repo = join(dir, 'repo');
    cpSync(join(fixtures, 'meta-specs'), repo, { recursive: true });
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', repo, ...args], {
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@example.com',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@example.com',
        },
      });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'specs');
    const first = git('rev-parse', 'HEAD').trim();
    // A later commit drops the messages edge: the pinned commit still has it.
    const page = join(repo, 'api_specs/specs/Page.json');
    const spec = JSON.parse(readFileSync(page, 'utf8'));
    spec.apis = spec.apis.filter((a: { endpoint?: string }) => a.endpoint !== 'messages');
    writeFileSync(page, JSON.stringify(spec));
    git('commit', '-q', '-am', 'drop messages');

    const pinned = run(['--from', join(repo, '.git'), '--commit', first.slice(0, 8)]);
    expect(pinned.json.source.commit).toBe(first);
    expect(Object.keys(pinned.json.nodes.Page.edges)).toEqual(['messages', 'subscribed_apps']);

    const head = run(['--from', repo]);
    expect(head.status).toBe(1);
    expect(head.stderr).toContain('Page has no POST messages');
  });

  it('needs to be told which commit a plain copy is', () => {
    const r = run(['--from', join(fixtures, 'meta-specs')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('--commit is required');
  });
});
