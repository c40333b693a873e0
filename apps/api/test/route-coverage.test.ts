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
  type RouteRecord,
} from './support/route-coverage.js';

const routes = listRoutes(contract);
const keys = routes.map((r) => r.key);
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-route-coverage-test-'));

/** A record of `key` answering its first declared status (a success), by test file `testFile`. */
const recordOf = (key: string, testFile = 'test/a.test.ts'): RouteRecord => {
  const route = routes.find((r) => r.key === key);
  return { testFile, key, status: Number(Object.keys(route?.route.responses ?? {})[0]) };
};

describe('route coverage check', () => {
  it('counts nothing as called without records: every route not exempt is missing', () => {
    const { called, missing, badExemptions, undeclared } = routeCoverage([]);
    expect(called).toEqual([]);
    expect(missing).toEqual(keys.filter((k) => !(k in RAW_ROUTES_NOT_CALLED)));
    expect(missing.length).toBeGreaterThan(50);
    expect(badExemptions).toEqual([]);
    expect(undeclared).toEqual([]);
  });

  it('passes only when every route is recorded or exempt, and names the one left out', () => {
    const all = keys.filter((k) => !(k in RAW_ROUTES_NOT_CALLED)).map((k) => recordOf(k));
    expect(routeCoverage(all)).toMatchObject({ missing: [], badExemptions: [], undeclared: [] });
    const without = all.filter((r) => r.key !== 'tags.updateTag');
    expect(routeCoverage(without).missing).toEqual(['tags.updateTag']);
  });

  it('names each status a route answered that its contract entry does not declare', () => {
    const records = [
      { testFile: 'test/a.test.ts', key: 'tags.updateTag', status: 200 },
      { testFile: 'test/a.test.ts', key: 'tags.updateTag', status: 418 },
      { testFile: 'test/b.test.ts', key: 'tags.updateTag', status: 418 },
      { testFile: 'test/b.test.ts', key: 'system.healthz', status: 404 },
    ];
    expect(routeCoverage(records).undeclared).toEqual([
      'tags.updateTag 418: test/a.test.ts, test/b.test.ts',
      'system.healthz 404: test/b.test.ts',
    ]);
  });

  it('exempts raw routes only, and only while no test calls them', () => {
    const raw = routes.find((r) => r.meta.raw && !(r.key in RAW_ROUTES_NOT_CALLED));
    expect(raw, 'the contract has raw routes').toBeDefined();
    const exempt = {
      'tags.updateTag': 'not raw',
      'nothing.here': 'gone',
      [raw?.key ?? '']: 'called anyway',
    };
    const records = [recordOf(raw?.key ?? '', 'test/b.test.ts')];
    expect(routeCoverage(records, routes, exempt).badExemptions).toEqual([
      'tags.updateTag: not a raw route (only raw routes may be exempt)',
      'nothing.here: not a route of the contract',
      `${raw?.key}: called by test/b.test.ts`,
    ]);
    for (const [key, why] of Object.entries(RAW_ROUTES_NOT_CALLED)) {
      expect(routes.find((r) => r.key === key)?.meta.raw, key).toBe(true);
      expect(why.length, `${key} says why`).toBeGreaterThan(20);
    }
  });

  it('reads one record file per test file, each call once, a rerun replacing its own', () => {
    const dir = tempDir();
    try {
      const a = recordFileOf(dir, '/pkg/test/a.test.ts', '/pkg');
      const record = routeRecorder(a);
      record('tags.listTags', 200);
      record('tags.listTags', 200);
      record('tags.listTags', 404);
      record('tags.createTag', 201);
      routeRecorder(recordFileOf(dir, '/pkg/test/security/b.test.ts', '/pkg'))(
        'tags.listTags',
        200,
      );
      expect(readRecords(dir)).toEqual([
        { testFile: 'test/a.test.ts', key: 'tags.listTags', status: 200 },
        { testFile: 'test/a.test.ts', key: 'tags.listTags', status: 404 },
        { testFile: 'test/a.test.ts', key: 'tags.createTag', status: 201 },
        { testFile: 'test/security/b.test.ts', key: 'tags.listTags', status: 200 },
      ]);
      routeRecorder(a)('pages.listPages', 200);
      expect(readRecords(dir).filter((r) => r.testFile === 'test/a.test.ts')).toEqual([
        { testFile: 'test/a.test.ts', key: 'pages.listPages', status: 200 },
      ]);
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
    expect(fs.readFileSync(file, 'utf8').split('\n')).toContain('pages.listPages 200');
  });
});
