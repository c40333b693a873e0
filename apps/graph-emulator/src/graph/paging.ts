import { b64urlDecode, b64urlEncode } from '../util/format.js';
import type { GraphRequest } from './request.js';
import { errors } from './errors.js';

export interface Paged {
  data: unknown[];
  paging?: { cursors: { before: string; after: string }; previous?: string; next?: string };
  summary?: Record<string, unknown>;
}

export interface PageWindow<T> {
  items: T[];
  start: number;
  end: number;
  total: number;
}

export const encodeCursor = (key: string): string => b64urlEncode(key);
export function decodeCursor(cursor: string): string {
  const s = b64urlDecode(cursor);
  if (!s) throw errors.param('Invalid cursor');
  return s;
}

export function parseLimit(raw: unknown, fallback: number, max = 100): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw errors.param('Param limit must be a non-negative integer');
  return Math.min(n, max);
}

/**
 * Slices `list` by cursor. `indexAfter(key)` gives the index of the first item after the keyed one,
 * `indexBefore(key)` the index of the keyed item itself (items before it are returned).
 */
export function windowOf<T>(
  list: T[],
  opts: { limit: number; after?: string; before?: string },
  indexAfter: (key: string) => number,
  indexBefore: (key: string) => number,
): PageWindow<T> {
  let start = 0;
  let end: number;
  if (opts.after) {
    start = indexAfter(decodeCursor(opts.after));
    end = Math.min(list.length, start + opts.limit);
  } else if (opts.before) {
    end = indexBefore(decodeCursor(opts.before));
    start = Math.max(0, end - opts.limit);
  } else {
    end = Math.min(list.length, opts.limit);
  }
  return { items: list.slice(start, end), start, end, total: list.length };
}

/** Builds `{data, paging}` with opaque cursors; `next` is absent on the last page, `previous` on the first. */
export function pagedResponse<T>(
  win: PageWindow<T>,
  data: unknown[],
  keyOf: (item: T) => string,
  link: { baseUrl: string; path: string; query: Record<string, string> },
): Paged {
  const first = win.items[0];
  const last = win.items[win.items.length - 1];
  if (first === undefined || last === undefined) return { data: [] };
  const before = encodeCursor(keyOf(first));
  const after = encodeCursor(keyOf(last));
  const url = (extra: Record<string, string>) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(link.query))
      if (k !== 'after' && k !== 'before') q.set(k, v);
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    return `${link.baseUrl}/${link.path}?${q.toString()}`;
  };
  return {
    data,
    paging: {
      cursors: { before, after },
      ...(win.start > 0 ? { previous: url({ before }) } : {}),
      ...(win.end < win.total ? { next: url({ after }) } : {}),
    },
  };
}

export function stringQuery(req: GraphRequest, keep: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keep) {
    const v = req.params[k];
    if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  }
  return out;
}
