// One Graph request as the router hands it to an endpoint, its answer, and reading its parameters.
import type { GraphApiError } from './errors.js';

export interface GraphRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path without the version prefix and without leading slash, e.g. `me/accounts`. */
  path: string;
  /** Query string and body parameters merged (body wins), as Facebook does. */
  params: Record<string, unknown>;
  /** `/v16.0` or '' — kept for paging links. */
  versionPrefix: string;
  authorization?: string;
  /** When the platform's edge received the request (epoch ms; `trustRequestStart`), if known. */
  receivedAt?: number;
  /** Set by fault injection (`hangNext`): the answer is sent this many ms late. */
  holdAnswerMs?: number;
  /** Meta's answer when its spec refuses the request, given once the token is checked (spec/validate.ts). */
  specRefusal?: GraphApiError | null;
}

export interface GraphResult {
  status: number;
  headers: Record<string, string>;
  /** JSON value, or a raw string for raw HTTP failures. */
  body: unknown;
}

export function param(req: GraphRequest, name: string): string | undefined {
  const v = req.params[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v);
}

/** A parameter that may arrive as a JSON object (JSON body) or a JSON string (form body). */
export function objectParam(req: GraphRequest, name: string): Record<string, unknown> | undefined {
  const v = req.params[name];
  if (v && typeof v === 'object') return v as Record<string, unknown>;
  if (typeof v === 'string') {
    try {
      const parsed: unknown = JSON.parse(v);
      if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A list parameter: an array, a JSON array in a string, or comma-separated names. */
export function parseFieldList(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string') return [];
  const s = raw.trim();
  if (s.startsWith('[')) {
    try {
      return (JSON.parse(s) as unknown[]).map(String);
    } catch {
      return [];
    }
  }
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}
