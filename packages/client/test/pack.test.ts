// The packages as a developer installs them: `pnpm pack` of @pagecast/contract and @pagecast/client (their
// prepack builds dist/), installed with plain npm into an empty project outside the workspace, the examples
// type-checked there under strict settings (module nodenext, and moduleResolution bundler), plain Node
// importing the packages, then each example run with tsx against the running Pagecast (test/global-setup.ts)
// and its output and effects checked. Run alone: `pnpm --filter @pagecast/client test:pack`.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contract } from '@pagecast/contract';
import { initClient } from '@ts-rest/core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { outboxOf } from '../../../apps/api/test/support/emulator-control.js';
import {
  catalogVersion,
  installedManifest,
  npm,
  PACKAGES,
  run,
  tempDir,
  type RunResult,
} from './support/temp-project';

const world = inject('pagecast');
const contact = () => world.contacts[0] as { psid: string; name: string };
const EXAMPLES = path.join(PACKAGES.client, 'examples');

/** A strict project's compiler options; `module`/`moduleResolution` vary per check. */
const STRICT = {
  target: 'ES2022',
  lib: ['ES2023'],
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noImplicitOverride: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
  types: ['node'],
  noEmit: true,
};

let dir = '';
const builtDist = new Set<string>();

beforeAll(async () => {
  dir = tempDir('pagecast-pack-');
  for (const pkg of Object.values(PACKAGES)) {
    // dist/ is only the tarball's: removed after the run unless it was there before.
    if (!existsSync(path.join(pkg, 'dist'))) builtDist.add(path.join(pkg, 'dist'));
  }
  // Both at once: the contract's declarations take most of the time, the client's build little.
  await Promise.all(
    Object.values(PACKAGES).map((pkg) =>
      run('pnpm', ['pack', '--pack-destination', dir], { cwd: pkg, timeoutMs: 150_000 }),
    ),
  );
  await npm(dir, ['init', '-y']);
  await npm(dir, ['pkg', 'set', 'type=module']);
  await npm(
    dir,
    [
      'install',
      './pagecast-contract-0.1.0.tgz',
      './pagecast-client-0.1.0.tgz',
      `typescript@${catalogVersion('typescript')}`,
      `tsx@${catalogVersion('tsx')}`,
      `@types/node@${catalogVersion('@types/node')}`,
    ],
    150_000,
  );
  mkdirSync(path.join(dir, 'examples'));
  for (const file of readdirSync(EXAMPLES).filter((f) => f.endsWith('.ts')))
    copyFileSync(path.join(EXAMPLES, file), path.join(dir, 'examples', file));
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  for (const dist of builtDist) rmSync(dist, { recursive: true, force: true });
});

describe('the packed packages', () => {
  it('point at dist/, with versions instead of workspace and catalog links', () => {
    const client = installedManifest(dir, '@pagecast/client');
    const contractManifest = installedManifest(dir, '@pagecast/contract');
    for (const manifest of [client, contractManifest]) {
      expect(manifest).toMatchObject({
        version: '0.1.0',
        type: 'module',
        sideEffects: false,
        exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
        peerDependencies: { '@ts-rest/core': '^3.52.1', zod: '^3.25.76' },
      });
      expect(manifest.private).toBeUndefined();
      expect(JSON.stringify(manifest)).not.toMatch(/workspace:|catalog:/);
    }
    expect(client.dependencies).toEqual({ '@pagecast/contract': '^0.1.0' });
    // The API's image takes the contract as packed (the Dockerfile's pnpm deploy copies the packed files but
    // keeps the workspace's exports, ./src/index.ts): its sources must be in the tarball too.
    expect(existsSync(path.join(dir, 'node_modules/@pagecast/contract/src/index.ts'))).toBe(true);
    expect(existsSync(path.join(dir, 'node_modules/@pagecast/client/src'))).toBe(false);
    // npm installed the peers on its own, at the versions the workspace builds and tests with.
    expect(installedManifest(dir, '@ts-rest/core').version).toBe(catalogVersion('@ts-rest/core'));
    expect(installedManifest(dir, 'zod').version).toBe(catalogVersion('zod'));
  });

  it('load in plain Node (ESM, no TypeScript loader)', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const c = await import('@pagecast/client'); const k = await import('@pagecast/contract'); console.log(typeof c.createPagecastClient, typeof c.expectOk, c.contract === k.contract)",
      ],
      { cwd: dir },
    );
    expect(stdout.trim()).toBe('function function true');
  });

  // nodenext also checks the packages' own declarations (skipLibCheck off: 13 s of the 18); bundler, as an
  // app's tsconfig usually is, skips them.
  it.each([
    ['nodenext', { module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: false }],
    ['bundler', { module: 'esnext', moduleResolution: 'bundler', skipLibCheck: true }],
  ])('type-check the examples under strict settings (%s)', async (name, resolution) => {
    const config = `tsconfig.${name}.json`;
    writeFileSync(
      path.join(dir, config),
      JSON.stringify({ compilerOptions: { ...STRICT, ...resolution }, include: ['examples'] }),
    );
    await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', config], { cwd: dir });
  });
});

describe('the examples against a running Pagecast', () => {
  const example = (file: string, env: Record<string, string> = {}): Promise<RunResult> =>
    run(path.join(dir, 'node_modules/.bin/tsx'), [`examples/${file}`], {
      cwd: dir,
      env: {
        PAGECAST_URL: world.baseUrl,
        PAGECAST_API_KEY: world.credential,
        PAGECAST_PAGE_ID: world.pageId,
        ...env,
      },
    });

  it('list-conversations prints every conversation of the page', async () => {
    const { stdout } = await example('list-conversations.ts');
    for (const c of world.contacts)
      expect(stdout).toMatch(new RegExp(`^${c.psid}\\t${c.name}\\twindow open\\t`, 'm'));
    expect(stdout).toMatch(new RegExp(`^${world.contacts.length} conversations$`, 'm'));
  });

  it('send-message sends, and Messenger receives it', async () => {
    const text = `Your order is ready (${Date.now()})`;
    const { stdout } = await example('send-message.ts', {
      PAGECAST_PSID: contact().psid,
      PAGECAST_MESSAGE: text,
    });
    expect(stdout).toMatch(/^sent \S+ at \d{4}-\d\d-\d\dT/m);
    const outbox = await outboxOf(world.emulatorUrl, world.pageId);
    expect(outbox.some((m) => m.recipient === contact().psid && m.text === text)).toBe(true);
  });

  it('send-message reports a broken rule with its field (exit code 1)', async () => {
    await expect(
      example('send-message.ts', { PAGECAST_PSID: contact().psid, PAGECAST_MESSAGE: ' ' }),
    ).rejects.toThrow(/refused: Validation failed/);
  });

  it('tag-contact creates the tag once and tags the contact (run twice: the same)', async () => {
    const env = { PAGECAST_PSID: contact().psid, PAGECAST_TAG: 'VIP' };
    for (let i = 0; i < 2; i++) {
      const { stdout } = await example('tag-contact.ts', env);
      expect(stdout).toMatch(new RegExp(`^tagged ${contact().psid} with VIP \\(`, 'm'));
      expect(stdout).toContain(`tags of ${contact().psid}: VIP\n`);
    }
    const tags = await session().tags.listTags({ params: { pageId: world.pageId } });
    expect(tags.status === 200 && tags.body.map((t) => [t.tag.name, t.count])).toEqual([
      ['VIP', 1],
    ]);
  });

  it("schedule-campaign schedules one to the tag's contacts and reads its detail", async () => {
    const { stdout } = await example('schedule-campaign.ts', { PAGECAST_TAG: 'VIP' });
    const id = /^scheduled ([0-9a-f-]{36}) for /m.exec(stdout)?.[1];
    expect(id, stdout).toBeDefined();
    expect(stdout).toMatch(/^status pending, audience VIP$/m);
    expect(stdout).toMatch(/^funnel: \d+ in audience, 0 sent so far$/m);
    const detail = await session().campaigns.getCampaign({ params: { campaignId: id ?? '' } });
    expect(detail.status === 200 && detail.body.campaign).toMatchObject({
      status: 'pending',
      tagName: 'VIP',
      message: 'Hi {first_name|there}, our weekend offer starts tomorrow!',
    });
  });
});

/** The admin's own session, to check what the examples did from outside them. */
function session() {
  return initClient(contract, {
    baseUrl: world.baseUrl,
    baseHeaders: { authorization: `Bearer ${world.sessionJwt}` },
  });
}
