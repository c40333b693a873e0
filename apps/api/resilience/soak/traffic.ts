// The soak's load generator: paced request loops over one keep-alive connection pool, every answer tallied
// by kind, anything but the expected status (or a socket error) kept as an error with its details.
import { Pool } from 'undici';

export interface KindStats {
  ok: number;
  /** Milliseconds of every answered request (a figure for the report, never asserted). */
  latencies: number[];
  /** Unexpected answers by status code. */
  failed: Record<string, number>;
  /** No answer: socket errors, resets, timeouts. */
  socketErrors: number;
}

export interface RecordedError {
  kind: string;
  at: number;
  status?: number;
  detail: string;
}

export interface Answer {
  status: number;
  text: string;
  // A JSON body read field by field by the caller.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export class Traffic {
  readonly stats = new Map<string, KindStats>();
  readonly errors: RecordedError[] = [];
  readonly pool: Pool;
  private readonly t0 = Date.now();

  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string>,
    connections = 128,
  ) {
    this.pool = new Pool(baseUrl, {
      connections,
      pipelining: 1,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
      keepAliveTimeout: 10_000,
    });
  }

  private kind(kind: string): KindStats {
    let s = this.stats.get(kind);
    if (!s) this.stats.set(kind, (s = { ok: 0, latencies: [], failed: {}, socketErrors: 0 }));
    return s;
  }

  /**
   * One request; the answer when its status is `expect`, else undefined (recorded as an error).
   * `body` as a string is sent as is (signed webhooks); an object as JSON.
   */
  async call(
    kind: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    expect: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer | undefined> {
    const s = this.kind(kind);
    const t = performance.now();
    try {
      const res = await this.pool.request({
        method,
        path,
        headers: {
          ...this.headers,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body:
          body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.body.text();
      s.latencies.push(performance.now() - t);
      if (res.statusCode !== expect) {
        s.failed[res.statusCode] = (s.failed[res.statusCode] ?? 0) + 1;
        this.errors.push({
          kind,
          at: Date.now() - this.t0,
          status: res.statusCode,
          detail: `${method} ${path}: ${text.slice(0, 300)}`,
        });
        return undefined;
      }
      s.ok++;
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: res.statusCode, text, json };
    } catch (err) {
      s.socketErrors++;
      this.errors.push({
        kind,
        at: Date.now() - this.t0,
        detail: `${method} ${path}: ${(err as Error).message}`,
      });
      return undefined;
    }
  }

  /** Requests by kind (all answers and socket errors). */
  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [kind, s] of this.stats) {
      out[kind] = s.ok + s.socketErrors + Object.values(s.failed).reduce((a, b) => a + b, 0);
    }
    return out;
  }

  /** p50 / p99 / max latency (ms) by kind. */
  latency(): Record<string, { p50: number; p99: number; max: number }> {
    const out: Record<string, { p50: number; p99: number; max: number }> = {};
    for (const [kind, s] of this.stats) {
      const xs = [...s.latencies].sort((a, b) => a - b);
      if (xs.length === 0) continue;
      const at = (q: number) =>
        Math.round(xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0);
      out[kind] = { p50: at(0.5), p99: at(0.99), max: Math.round(xs[xs.length - 1] ?? 0) };
    }
    return out;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/**
 * Runs `fn(i)` at `perSecond` until `until` (a performance.now() time), at most `maxInFlight` at once: a
 * fixed schedule (open loop) while the server keeps up, waiting for a free slot when it does not. Returns
 * how many calls started and the seconds the loop ran.
 */
export async function paced(
  perSecond: number,
  maxInFlight: number,
  until: number,
  fn: (i: number) => Promise<unknown>,
): Promise<{ started: number; seconds: number }> {
  const interval = 1000 / perSecond;
  const start = performance.now();
  const inFlight = new Set<Promise<unknown>>();
  let i = 0;
  let ran: number;
  for (;;) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) await sleep(wait);
    if (performance.now() >= until) {
      ran = (performance.now() - start) / 1000;
      break;
    }
    while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    const p: Promise<unknown> = fn(i++).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.allSettled([...inFlight]);
  return { started: i, seconds: ran };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
