// Which contract routes the API tests call through the typed client, and the check that none is left out.
// The client (support/client.ts) records each route it calls and the status it answered, at runtime, into one
// file per test file in the run's folder; test/route-coverage-setup.ts merges them after a full run and fails
// it when a route of the contract was never called, or answered a status its contract entry does not declare
// (the OpenAPI document is generated from those declarations). Recorded calls, not a grep of the sources: a route counts only if a request for
// it was really sent during the run. `tsx test/support/route-coverage.ts <folder>` checks a kept folder
// (ROUTE_COVERAGE_DIR) by hand.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { contract, listRoutes, type ContractRoute } from '@pagecast/contract';
import type { AppRoute } from '@ts-rest/core';

/**
 * Raw routes (`metadata.raw`, served outside ts-rest) no test calls through the typed client, each with why.
 * Only a raw route may be here; the check refuses an entry for any other route, or for one a test calls.
 */
export const RAW_ROUTES_NOT_CALLED: Record<string, string> = {
  'system.webhookReceive':
    "Meta's delivery is checked against an HMAC of the exact bytes sent: the tests sign and send raw bodies " +
    '(support/webhooks.ts), including ones no client would produce (bad signatures, broken JSON, duplicates).',
};

const routes = listRoutes(contract);
const keyOf = new Map<AppRoute, string>(routes.map((r) => [r.route, r.key]));

/** The contract key (`group.route`) of a route object the client was called with. */
export function routeKey(route: AppRoute): string {
  const key = keyOf.get(route);
  if (!key) throw new Error(`${route.method} ${route.path} is not a route of the contract`);
  return key;
}

/** The record file of a test file: its path relative to the package, flattened. */
export function recordFileOf(dir: string, testFile: string, root: string): string {
  const name = path.relative(root, testFile).replaceAll(path.sep, '__');
  return path.join(dir, `${name}.routes`);
}

/**
 * A recorder of the routes one test file calls and the statuses they answered, into `file` (a `key status`
 * line each, each pair once). Its first record replaces what an earlier run of the same test file left there.
 */
export function routeRecorder(file: string): (key: string, status: number) => void {
  const seen = new Set<string>();
  return (key, status) => {
    const line = `${key} ${status}`;
    if (seen.has(line)) return;
    if (seen.size === 0) fs.writeFileSync(file, `${line}\n`);
    else fs.appendFileSync(file, `${line}\n`);
    seen.add(line);
  };
}

/** One route a test file called, with a status it answered. */
export interface RouteRecord {
  testFile: string;
  key: string;
  status: number;
}

/** Every call recorded in `dir`. */
export function readRecords(dir: string): RouteRecord[] {
  return fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.routes'))
    .sort()
    .flatMap((name) => {
      const testFile = name.slice(0, -'.routes'.length).replaceAll('__', '/');
      return fs
        .readFileSync(path.join(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [key = '', status = ''] = line.split(' ');
          return { testFile, key, status: Number(status) };
        });
    });
}

export interface RouteCoverage {
  /** Contract routes called through the typed client. */
  called: string[];
  /** Routes no test called and no exemption covers: each needs a test. */
  missing: string[];
  /** Exemptions that do not hold: not a raw route, not in the contract, or called after all. */
  badExemptions: string[];
  /** Statuses a route answered a test that its contract entry does not declare (`key status: files`). */
  undeclared: string[];
}

export function routeCoverage(
  records: RouteRecord[],
  all: ContractRoute[] = routes,
  exempt: Record<string, string> = RAW_ROUTES_NOT_CALLED,
): RouteCoverage {
  const calledBy = new Map<string, Set<string>>();
  const undeclared = new Map<string, Set<string>>();
  for (const { testFile, key, status } of records) {
    calledBy.set(key, (calledBy.get(key) ?? new Set()).add(testFile));
    const route = all.find((r) => r.key === key);
    if (route && !(String(status) in route.route.responses)) {
      const at = `${key} ${status}`;
      undeclared.set(at, (undeclared.get(at) ?? new Set()).add(testFile));
    }
  }
  const keys = all.map((r) => r.key);
  const badExemptions = Object.keys(exempt).flatMap((key) => {
    const route = all.find((r) => r.key === key);
    if (!route) return [`${key}: not a route of the contract`];
    if (!route.meta.raw) return [`${key}: not a raw route (only raw routes may be exempt)`];
    const by = calledBy.get(key);
    if (by) return [`${key}: called by ${[...by].join(', ')}`];
    return [];
  });
  return {
    called: keys.filter((k) => calledBy.has(k)),
    missing: keys.filter((k) => !calledBy.has(k) && !(k in exempt)),
    badExemptions,
    undeclared: [...undeclared].map(([at, files]) => `${at}: ${[...files].join(', ')}`),
  };
}

/**
 * Prints the coverage of the records in `dir`; false when a route is missing, an exemption is wrong or a
 * route answered a status the contract does not declare for it.
 */
export function reportRouteCoverage(
  dir: string,
  log: (line: string) => void = console.info,
): boolean {
  const { called, missing, badExemptions, undeclared } = routeCoverage(readRecords(dir));
  log(
    `route coverage: ${called.length} of ${routes.length} contract routes called through the typed client, ` +
      `${Object.keys(RAW_ROUTES_NOT_CALLED).length} raw routes exempt`,
  );
  for (const key of missing) {
    log(`  not called by any API test: ${key} (call it with apiClient(...).${key}(...) in a test)`);
  }
  for (const line of badExemptions) log(`  exemption that does not hold: ${line}`);
  for (const line of undeclared)
    log(`  answered a status its contract entry does not declare: ${line}`);
  return missing.length === 0 && badExemptions.length === 0 && undeclared.length === 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: tsx test/support/route-coverage.ts <records folder>');
  if (!reportRouteCoverage(dir)) process.exitCode = 1;
}
