// The route coverage check (support/route-coverage.ts): what it counts as called, what it refuses, and that
// the typed client really records into the run's folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract, listRoutes } from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { apiClient, bodyOf } from './support/client.js';
import {
  RAW_ROUTES_NOT_CALLED,
  readRecords,
  recordFileOf,
  reportRouteCoverage,
  routeCoverage,
  routeKey,
  routeRecorder,
} from './support/route-coverage.js';

const routes = listRoutes(contract);
const keys = routes.map((r) => r.key);
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-route-coverage-test-'));

describe('route coverage check', () => {
  it('counts nothing as called without records: every route not exempt is missing', () => {
    const { called, missing, badExemptions } = routeCoverage(new Map());
    expect(called).toEqual([]);
    expect(missing).toEqual(keys.filter((k) => !(k in RAW_ROUTES_NOT_CALLED)));
    expect(missing.length).toBeGreaterThan(50);
    expect(badExemptions).toEqual([]);
  });

  it('passes only when every route is recorded or exempt, and names the one left out', () => {
    const calledBy = new Map(
      keys.filter((k) => !(k in RAW_ROUTES_NOT_CALLED)).map((k) => [k, ['test/a.test.ts']]),
    );
    expect(routeCoverage(calledBy)).toMatchObject({ missing: [], badExemptions: [] });
    calledBy.delete('tags.updateTag');
    expect(routeCoverage(calledBy).missing).toEqual(['tags.updateTag']);
  });

  it('exempts raw routes only, and only while no test calls them', () => {
    const raw = routes.find((r) => r.meta.raw && !(r.key in RAW_ROUTES_NOT_CALLED));
    expect(raw, 'the contract has raw routes').toBeDefined();
    const exempt = {
      'tags.updateTag': 'not raw',
      'nothing.here': 'gone',
      [raw?.key ?? '']: 'called anyway',
    };
    const calledBy = new Map([[raw?.key ?? '', ['test/b.test.ts']]]);
    expect(routeCoverage(calledBy, routes, exempt).badExemptions).toEqual([
      'tags.updateTag: not a raw route (only raw routes may be exempt)',
      'nothing.here: not a route of the contract',
      `${raw?.key}: called by test/b.test.ts`,
    ]);
    for (const [key, why] of Object.entries(RAW_ROUTES_NOT_CALLED)) {
      expect(routes.find((r) => r.key === key)?.meta.raw, key).toBe(true);
      expect(why.length, `${key} says why`).toBeGreaterThan(20);
    }
  });

  it('reads one record file per test file, each key once, a rerun replacing its own', () => {
    const dir = tempDir();
    try {
      const a = recordFileOf(dir, '/pkg/test/a.test.ts', '/pkg');
      const record = routeRecorder(a);
      record('tags.listTags');
      record('tags.listTags');
      record('tags.createTag');
      routeRecorder(recordFileOf(dir, '/pkg/test/security/b.test.ts', '/pkg'))('tags.listTags');
      expect(readRecords(dir)).toEqual(
        new Map([
          ['tags.listTags', ['test/a.test.ts', 'test/security/b.test.ts']],
          ['tags.createTag', ['test/a.test.ts']],
        ]),
      );
      routeRecorder(a)('pages.listPages');
      expect(readRecords(dir).get('tags.createTag')).toBeUndefined();
      const lines: string[] = [];
      expect(reportRouteCoverage(dir, (l) => lines.push(l))).toBe(false);
      expect(lines).toContain(
        '  not called by any API test: tags.updateTag (call it with apiClient(...).tags.updateTag(...) in a test)',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every route object by its contract key, and refuses one from elsewhere', () => {
    expect(routeKey(contract.tags.updateTag)).toBe('tags.updateTag');
    expect(() => routeKey({ ...contract.tags.updateTag })).toThrow('not a route of the contract');
  });
});

describe('the typed client records its calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("into this test file's record in the run's folder", async () => {
    const dir = inject('routeCoverageDir');
    expect(dir, 'route-coverage-setup.ts provides the folder').toEqual(expect.any(String));
    const api = apiClient(t.app, await t.authHeader());
    expect(bodyOf(await api.pages.listPages(), 200)).toEqual([]);
    const file = recordFileOf(
      dir,
      expect.getState().testPath ?? '',
      path.resolve(import.meta.dirname, '..'),
    );
    expect(fs.readFileSync(file, 'utf8').split('\n')).toContain('pages.listPages');
  });
});
