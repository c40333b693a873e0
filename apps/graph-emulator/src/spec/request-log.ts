// The emulator's request log: every Graph request it answered, reduced to its shape (method, node type, edge,
// parameter names, the enum values and fields it used) with the spec check's verdict. Shapes, not requests: a
// campaign's ten thousand sends are one entry with a count, so the log stays small whatever the test does.
// Read through `GET /_emulator/requests`; written to a file when the emulator is given one (the API's spec test
// collects those files from every emulator its test files start).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GraphRequest } from '../graph/request.js';
import type { SpecModel } from './model.js';
import { operationOf, type SpecProblem, type SpecTarget } from './validate.js';

export interface LoggedRequest {
  method: string;
  /** Node type, or null when the path reached no object the emulator knows (the router answered 100/33). */
  node: string | null;
  edge: string;
  params: string[];
  /** The values sent for the enum parameters of this edge. */
  enums: Record<string, string[]>;
  /** The top-level names of `fields=`. */
  fields: string[];
  problems: SpecProblem[];
  count: number;
}

const MAX_SHAPES = 2_000;

/** Parameters that carry secrets or say nothing about the shape. */
const UNLOGGED = new Set(['access_token', 'appsecret_proof']);

function enumValues(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  const s = String(v);
  if (s.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(s);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      /* not a list */
    }
  }
  return s.split(',').map((x) => x.trim());
}

export class RequestLog {
  private readonly entries = new Map<string, LoggedRequest>();
  constructor(
    private readonly model: SpecModel,
    /**
     * Where to keep a copy (JSON), rewritten at once on each new shape (there are a few dozen, and a test
     * process may end without closing its emulator); none: memory only.
     */
    private readonly file?: string,
  ) {
    if (file) mkdirSync(path.dirname(file), { recursive: true });
  }

  record(
    req: GraphRequest,
    target: SpecTarget | null,
    problems: SpecProblem[],
    fields: string[],
  ): void {
    const params = Object.keys(req.params)
      .filter((k) => !UNLOGGED.has(k) && req.params[k] !== undefined)
      .sort();
    const node = target ? this.model.nodes.get(target.node) : undefined;
    const op = node && target ? operationOf(node, req.method, target.edge) : undefined;
    const enums: Record<string, string[]> = {};
    for (const name of params) {
      if (op?.params[name]?.values) enums[name] = enumValues(req.params[name]).sort();
    }
    const entry = {
      method: req.method,
      node: target?.node ?? null,
      edge: target?.edge ?? '',
      params,
      enums,
      fields: [...fields].sort(),
      problems,
    };
    const key = JSON.stringify(entry);
    const known = this.entries.get(key);
    if (known) {
      known.count++;
      return;
    }
    // Shapes are few in any test; a client inventing parameter names must not grow the log without end.
    if (this.entries.size >= MAX_SHAPES) return;
    this.entries.set(key, { ...entry, count: 1 });
    this.write();
  }

  list(): LoggedRequest[] {
    return [...this.entries.values()];
  }

  reset(): void {
    this.entries.clear();
    this.write();
  }

  private write(): void {
    if (this.file) writeFileSync(this.file, JSON.stringify(this.list(), null, 1));
  }
}
