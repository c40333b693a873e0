// The spec test: every Graph request a test run made, as the emulators logged it (their request logs, one file
// per emulator, in the run's folder), checked against Meta's spec. The emulator's validator wrote each shape's
// problems with the committed extract (meta-spec.json); a shape with any problem fails the run. Run at the end
// of the API's suites (apps/api/test/global-setup.ts) and of the end-to-end suite (e2e/graph-spec-teardown.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoggedRequest } from './request-log.js';

export interface GraphSpecReport {
  /** Distinct request shapes seen. */
  shapes: number;
  /** Problems outside Meta's spec, one line each. */
  failures: string[];
}

export function checkGraphRequests(dir: string): GraphSpecReport {
  const seen = new Set<string>();
  const failures = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    let entries: LoggedRequest[];
    try {
      entries = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as LoggedRequest[];
    } catch {
      continue; // a file caught mid-write by a process that died: its shapes are in other files too
    }
    for (const e of entries) {
      seen.add(JSON.stringify([e.method, e.node, e.edge, e.params, e.enums, e.fields]));
      for (const p of e.problems) {
        failures.add(`${p.message} (params: ${e.params.join(', ') || 'none'})`);
      }
    }
  }
  return { shapes: seen.size, failures: [...failures].sort() };
}

/** The run's verdict, printed; true when no request was outside the spec. */
export function reportGraphRequests(dir: string): boolean {
  const r = checkGraphRequests(dir);
  const lines = [`Graph spec check: ${r.shapes} request shapes against Meta's spec.`];
  if (r.failures.length > 0)
    lines.push(`Requests outside Meta's spec:`, ...r.failures.map((l) => `  ${l}`));
  console[r.failures.length > 0 ? 'error' : 'log'](lines.join('\n'));
  return r.failures.length === 0;
}
