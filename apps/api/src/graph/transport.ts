// The HTTP side of every Graph API call: one keep-alive pool, appsecret_proof, the retry policy (rate limits,
// transient errors; never a send whose outcome is unknown) and token redaction in logs. client.ts adds one
// method per endpoint on top of it.
import { createHmac } from 'node:crypto';
import { Pool } from 'undici';
import { classifyNetworkError, classifyResponse, GraphError } from './errors.js';
import { sleep } from '../lib/sleep.js';
import type { Paged } from './types.js';

export interface GraphLogger {
  debug?: (obj: Record<string, unknown>, msg?: string) => void;
  warn?: (obj: Record<string, unknown>, msg?: string) => void;
}

export interface GraphClientOptions {
  /** e.g. http://localhost:4010 or https://graph.facebook.com */
  baseUrl: string;
  /** e.g. 'v16.0' */
  version: string;
  appId: string;
  appSecret: string;
  timeoutMs?: number;
  logger?: GraphLogger;
  /** Retries for transient failures (5xx, 1, 2, 1200, network errors on reads). Default 4. */
  maxRetries?: number;
  /** Retries for rate-limit answers (613 but not its policy subcodes, 80001, 4, 17, 32...). Default 20. */
  maxRateLimitRetries?: number;
  /** Backoff when a rate limit answer gives no usable wait time. Default 1000 ms. */
  rateLimitBackoffMs?: number;
  /** Waits longer than this are not slept through: the rate_limit error is thrown for the caller to reschedule. Default 60 s. */
  maxRateLimitWaitMs?: number;
  /** Base and cap of the exponential transient backoff. Defaults 200 ms / 5 s. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Connections of the keep-alive pool. Default 32. */
  connections?: number;
  /** Add appsecret_proof to calls made with user/page tokens. Default true. */
  appSecretProof?: boolean;
}

type Mode = 'read' | 'write' | 'send';
export type Params = Record<string, string | number | boolean | undefined>;

const SECRET_PARAMS =
  /([?&](?:access_token|client_secret|fb_exchange_token|input_token|appsecret_proof|code)=)[^&]*/g;
/** Never log tokens: redact secrets in any URL or path. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

export function toQuery(params: Params): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  return q.toString();
}

const PROOF_CACHE_SIZE = 1_000;

export class GraphTransport {
  private readonly pool: Pool;
  private readonly origin: string;
  private readonly prefix: string;
  protected readonly o: Required<Omit<GraphClientOptions, 'logger'>> & { logger?: GraphLogger };

  constructor(options: GraphClientOptions) {
    this.o = {
      timeoutMs: 15_000,
      maxRetries: 4,
      maxRateLimitRetries: 20,
      rateLimitBackoffMs: 1_000,
      maxRateLimitWaitMs: 60_000,
      backoffBaseMs: 200,
      backoffMaxMs: 5_000,
      connections: 32,
      appSecretProof: true,
      ...options,
    };
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    this.prefix = url.pathname.replace(/\/$/, '');
    this.pool = new Pool(this.origin, {
      connections: this.o.connections,
      keepAliveTimeout: 10_000,
      pipelining: 1,
    });
  }

  get appToken(): string {
    return `${this.o.appId}|${this.o.appSecret}`;
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  /** appsecret_proof by token: a campaign sends thousands of requests with one page token. */
  private readonly proofs = new Map<string, string>();

  private proof(token: string | undefined): string | undefined {
    if (!token || !this.o.appSecretProof || token.includes('|')) return undefined;
    let proof = this.proofs.get(token);
    if (proof === undefined) {
      proof = createHmac('sha256', this.o.appSecret).update(token).digest('hex');
      // Bounded: tokens change (refresh, other pages); the oldest entry goes first.
      if (this.proofs.size >= PROOF_CACHE_SIZE) {
        this.proofs.delete(this.proofs.keys().next().value as string);
      }
      this.proofs.set(token, proof);
    }
    return proof;
  }

  private backoff(attempt: number): number {
    const exp = Math.min(this.o.backoffMaxMs, this.o.backoffBaseMs * 2 ** attempt);
    return Math.round(exp / 2 + (Math.random() * exp) / 2);
  }

  /**
   * Every item of a Graph list: GET `path`, then the next page by `paging.cursors.after` until Meta gives no
   * `next` (or `maxPages` pages were read). The one cursor loop for every list Pagecast reads.
   */
  async *paginate<T>(
    path: string,
    opts: { token: string; query?: Params; maxPages?: number },
  ): AsyncGenerator<T> {
    let after: string | undefined;
    for (let page = 0; page < (opts.maxPages ?? Number.POSITIVE_INFINITY); page++) {
      const r = await this.request<Paged<T>>('GET', path, {
        token: opts.token,
        query: { ...opts.query, after },
      });
      yield* r.data;
      if (!r.paging?.next || !r.paging.cursors?.after) return;
      after = r.paging.cursors.after;
    }
  }

  /** `paginate`, collected. */
  async listAll<T>(
    path: string,
    opts: { token: string; query?: Params; maxPages?: number },
  ): Promise<T[]> {
    const out: T[] = [];
    for await (const item of this.paginate<T>(path, opts)) out.push(item);
    return out;
  }

  /**
   * One Graph call with the retry policy. `send` mode never retries when the request may have reached the
   * platform without a definite answer (timeouts, dropped connections, raw 5xx): that surfaces as `unknown_outcome`.
   */
  async request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    opts: {
      token?: string;
      query?: Params;
      form?: Params;
      json?: unknown;
      mode?: Mode;
      /** Overrides the client's rate-limit retries for this call (0: the caller paces and retries itself). */
      maxRateLimitRetries?: number;
    } = {},
  ): Promise<T> {
    const mode: Mode = opts.mode ?? (method === 'GET' ? 'read' : 'write');
    const query: Params = { ...opts.query };
    if (opts.token) {
      query.access_token = opts.token;
      query.appsecret_proof = this.proof(opts.token);
    }
    const rel = path.replace(/^\//, '');
    const fullPath = `${this.prefix}/${this.o.version}/${rel}${Object.keys(query).length ? `?${toQuery(query)}` : ''}`;
    let body: string | undefined;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] = 'application/json';
    } else if (opts.form) {
      body = toQuery(opts.form);
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    let transientAttempts = 0;
    let rateAttempts = 0;
    for (;;) {
      const started = Date.now();
      let error: GraphError;
      try {
        const res = await this.pool.request({
          method,
          path: fullPath,
          headers,
          body,
          headersTimeout: this.o.timeoutMs,
          bodyTimeout: this.o.timeoutMs,
        });
        const text = await res.body.text();
        let json: unknown = undefined;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        this.o.logger?.debug?.(
          { method, url: redactUrl(fullPath), status: res.statusCode, ms: Date.now() - started },
          'graph call',
        );
        if (
          res.statusCode >= 200 &&
          res.statusCode < 300 &&
          json !== undefined &&
          !(typeof json === 'object' && json && 'error' in json)
        ) {
          return json as T;
        }
        error = classifyResponse(res.statusCode, json, res.headers, this.o.rateLimitBackoffMs);
        // A raw 5xx without a Graph error code, or Meta's 1 (unknown error) / 2 (service unavailable): for a
        // send these do not say the message did not go out, so it is never sent again (1200 does say so).
        if (
          mode === 'send' &&
          error.kind === 'transient' &&
          (error.code === null || error.code === 1 || error.code === 2)
        ) {
          error = new GraphError({
            kind: 'unknown_outcome',
            message: error.message,
            status: error.status,
            code: error.code,
            subcode: error.subcode,
            fbtraceId: error.fbtraceId,
            meaning: error.meaning,
            retryAfterMs: null,
          });
        }
      } catch (e) {
        error = classifyNetworkError(e, mode === 'send');
        this.o.logger?.debug?.(
          { method, url: redactUrl(fullPath), error: error.message, ms: Date.now() - started },
          'graph call failed',
        );
      }
      if (
        error.kind === 'rate_limit' &&
        rateAttempts < (opts.maxRateLimitRetries ?? this.o.maxRateLimitRetries)
      ) {
        const wait = error.retryAfterMs ?? this.o.rateLimitBackoffMs;
        if (wait <= this.o.maxRateLimitWaitMs) {
          rateAttempts++;
          await sleep(Math.round(wait * (1 + Math.random() * 0.5)));
          continue;
        }
      }
      // A temporary failure that names its own wait (Marketing Messages' "try again in about 30 minutes") is
      // the caller's to reschedule; only the short, unnamed ones are retried here.
      if (
        error.kind === 'transient' &&
        error.retryAfterMs === null &&
        transientAttempts < this.o.maxRetries
      ) {
        await sleep(this.backoff(transientAttempts++));
        continue;
      }
      this.o.logger?.warn?.(
        {
          method,
          url: redactUrl(fullPath),
          kind: error.kind,
          code: error.code,
          subcode: error.subcode,
          fbtraceId: error.fbtraceId,
        },
        'graph call failed',
      );
      throw error;
    }
  }
}
