// The Docker recipe (Dockerfile, .dockerignore; docs/deploy.md "Images without secrets"), checked without
// Docker: the build context computed from .dockerignore, the files each COPY line takes from it, and what
// the runtime stages copy from the build. No .env, key, certificate or data file may enter an image.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import {
  contextFiles,
  copiedFiles,
  dockerfileCopies,
  inContext,
  secretFiles,
} from './support/docker-context.js';

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const DOCKERFILE = read('Dockerfile');
const DOCKERIGNORE = read('.dockerignore');

/** Secrets and data a checkout may hold next to the code (the compose recipe writes the first). */
const PLANTED = [
  '.env',
  '.env.production',
  'deploy/pagecast.env',
  'deploy/prod.env',
  'apps/api/.env',
  'apps/api/src/.env.local',
  'apps/api/src/config.env',
  'apps/api/src/tls/server.pem',
  'apps/web/src/local.env',
  'packages/contract/src/signing.key',
  'tooling/tailwind/.env.example',
  '.data/postgres/PG_VERSION',
  '.data/jwt-secret',
  'apps/api/.data/encryption-key',
  'apps/graph-emulator/src/.data/world.json',
];

/** The recipe before secrets were kept out: the whole checkout copied, the build copied whole. */
const OLD_DOCKERIGNORE = 'node_modules\n**/node_modules\n.data\n**/dist\ne2e/test-results\n.git\n';
const OLD_DOCKERFILE = [
  'FROM node:24-bookworm-slim AS build',
  'WORKDIR /app',
  'COPY . .',
  'RUN pnpm install --frozen-lockfile && pnpm --filter @pagecast/web build',
  'FROM node:24-bookworm-slim AS runtime',
  'COPY --from=build /app /app',
].join('\n');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A checkout in a temporary folder: these files (each holding its own name), the recipe's two files. */
function checkout(files: string[], dockerignore = DOCKERIGNORE): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-docker-context-'));
  dirs.push(root);
  for (const file of [...files, 'Dockerfile']) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), file);
  }
  fs.writeFileSync(path.join(root, '.dockerignore'), dockerignore);
  return root;
}

describe('the Docker build context', () => {
  it('of this checkout holds no secret and no data, and the COPY lines take the sources', () => {
    const context = contextFiles(REPO_ROOT, DOCKERIGNORE);
    expect(secretFiles(context)).toEqual([]);
    const copied = copiedFiles(DOCKERFILE, context);
    expect(secretFiles(copied)).toEqual([]);
    // What the build needs is there: manifests, the lockfile, sources, the nginx snippets.
    expect(copied).toEqual(
      expect.arrayContaining([
        'package.json',
        'pnpm-lock.yaml',
        'pnpm-workspace.yaml',
        '.npmrc',
        'apps/api/package.json',
        'apps/api/src/main.ts',
        'apps/api/src/config.ts',
        'apps/api/src/db/migrations/meta/_journal.json',
        'apps/graph-emulator/src/index.ts',
        'apps/web/index.html',
        'apps/web/vite.config.ts',
        'packages/contract/src/index.ts',
        'packages/ui/package.json',
        'tooling/tailwind/theme.css',
        'deploy/nginx/docker.conf',
      ]),
    );
    // Tests, benchmarks, fault suites, docs and the end-to-end suite stay out.
    const notForImages = copied.filter((f) =>
      /(^|\/)(test|tests|bench|resilience|e2e|docs|mutation)\/|\.test\.tsx?$|^apps\/api\/deploy\//.test(
        f,
      ),
    );
    expect(notForImages).toEqual([]);
  });

  it('leaves out every secret planted in a checkout, and the data folder', () => {
    const root = checkout([
      ...PLANTED,
      'package.json',
      'pnpm-lock.yaml',
      'apps/api/package.json',
      'apps/api/src/main.ts',
      'apps/api/test/config.test.ts',
      'node_modules/x/index.js',
    ]);
    const context = contextFiles(root, DOCKERIGNORE);
    expect(context).toEqual([
      '.dockerignore',
      'Dockerfile',
      'apps/api/package.json',
      'apps/api/src/main.ts',
      'package.json',
      'pnpm-lock.yaml',
    ]);
    expect(secretFiles(copiedFiles(DOCKERFILE, context))).toEqual([]);
  });

  it('fails with a planted .env under the old recipe (the check sees what it guards against)', () => {
    const context = contextFiles(
      checkout([...PLANTED, 'apps/api/src/main.ts'], OLD_DOCKERIGNORE),
      OLD_DOCKERIGNORE,
    );
    // The old .dockerignore left out .data folders only at the top; `COPY . .` took everything else.
    expect(secretFiles(copiedFiles(OLD_DOCKERFILE, context))).toEqual(
      [...PLANTED].filter((f) => !f.startsWith('.data/')).sort(),
    );
  });

  it('fails with a planted .env when .dockerignore forgets secrets, the COPY lines being narrow', () => {
    const context = inContext([...PLANTED, 'apps/api/src/main.ts'], 'node_modules\n.git\n');
    // The root .env and .data are named by no COPY line; inside a copied source folder they would go in.
    expect(secretFiles(copiedFiles(DOCKERFILE, context))).toEqual([
      'apps/api/.data/encryption-key',
      'apps/api/.env',
      'apps/api/src/.env.local',
      'apps/api/src/config.env',
      'apps/api/src/tls/server.pem',
      'apps/graph-emulator/src/.data/world.json',
      'apps/web/src/local.env',
      'packages/contract/src/signing.key',
      'tooling/tailwind/.env.example',
    ]);
  });

  it('secretFiles names .env files, keys, certificates and data, nothing else', () => {
    expect(
      secretFiles([
        '.env',
        'a/.env.local',
        'prod.env',
        'tls/cert.pem',
        'signing.key',
        'keystore.p12',
        '.ssh/id_ed25519',
        '.data/x',
        'apps/api/src/config.ts',
        'apps/api/src/environment.ts',
        'docs/keys.md',
        'data/seed.json',
      ]),
    ).toEqual([
      '.env',
      'a/.env.local',
      'prod.env',
      'tls/cert.pem',
      'signing.key',
      'keystore.p12',
      '.ssh/id_ed25519',
      '.data/x',
    ]);
  });
});

describe('the Dockerfile', () => {
  const copies = dockerfileCopies(DOCKERFILE);

  it('copies manifests, the lockfile and source folders into the build, never the whole context', () => {
    const fromContext = copies.filter((c) => c.from === undefined);
    for (const copy of fromContext) {
      for (const source of copy.sources) {
        expect(source, `COPY ${source} in ${copy.stage}`).toMatch(
          /^(package\.json|pnpm-lock\.yaml|pnpm-workspace\.yaml|\.npmrc|(apps|packages|tooling)\/[\w-]+\/package\.json|apps|packages|tooling|deploy\/nginx\/[\w-]+\.conf)$/,
        );
      }
    }
    expect(fromContext.filter((c) => c.stage !== 'build' && c.stage !== 'web')).toEqual([]);
  });

  it('gives the runtime stages only the deployed API and the built web app', () => {
    const runtime = copies.filter((c) => c.stage === 'runtime');
    expect(runtime.map((c) => [c.from, ...c.sources])).toEqual([
      ['build', '/deploy/apps/api'],
      ['build', '/app/apps/web/dist'],
    ]);
    const web = copies.filter((c) => c.stage === 'web' && c.from !== undefined);
    expect(web.map((c) => [c.from, ...c.sources])).toEqual([['build', '/app/apps/web/dist']]);
    // The deploy is of production dependencies only.
    expect(DOCKERFILE).toMatch(/--filter @pagecast\/api deploy --prod \/deploy\/apps\/api/);
  });

  it('is read as Docker reads it: stages, flags, JSON form, continued lines', () => {
    expect(
      dockerfileCopies(
        [
          'FROM node AS one',
          '# COPY secret.key .',
          'copy --chown=node:node a b \\',
          '  c/',
          'FROM nginx',
          'COPY --from=one ["/x", "/y"]',
          'ADD z.tar /',
        ].join('\n'),
      ),
    ).toEqual([
      { stage: 'one', from: undefined, sources: ['a', 'b'], dest: 'c/' },
      { stage: '1', from: 'one', sources: ['/x'], dest: '/y' },
      { stage: '1', from: undefined, sources: ['z.tar'], dest: '/' },
    ]);
  });
});
