/**
 * The one place where Graph API failures are classified. Callers branch on `kind`:
 * - rate_limit: wait `retryAfterMs` (from X-Business-Use-Case-Usage / X-App-Usage, else a default backoff)
 * - transient: 5xx, timeouts, codes 1 / 2 / 1200 — safe to retry with backoff (but a send answered with a raw
 *   5xx, 1 or 2 becomes unknown_outcome in transport.ts: only 1200 says the message did not go out)
 * - token: 190 / 102 — mark the token invalid and tell the admin (subcode says why)
 * - permission: 10 (not 2018278), 200-299, 210, 230 — a scope or task is missing
 * - recipient: per-recipient permanent (551, 100/2018001, 10/2018278, 100 on retired tags) — never retried
 * - invalid: other 100-range parameter errors — a bug or bad input, never retried
 * - unknown_outcome: a send whose request may have reached the platform (timeout / connection lost after writing)
 * - unknown: anything else
 */
export type GraphErrorKind =
  | 'rate_limit'
  | 'transient'
  | 'token'
  | 'permission'
  | 'recipient'
  | 'invalid'
  | 'unknown_outcome'
  | 'unknown';

export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
}

export class GraphError extends Error {
  readonly kind: GraphErrorKind;
  readonly status: number | null;
  readonly code: number | null;
  readonly subcode: number | null;
  readonly fbtraceId: string | null;
  /** How long to wait before trying again (rate limits and transient errors), else null. */
  readonly retryAfterMs: number | null;

  constructor(init: {
    kind: GraphErrorKind;
    message: string;
    status?: number | null;
    code?: number | null;
    subcode?: number | null;
    fbtraceId?: string | null;
    retryAfterMs?: number | null;
    cause?: unknown;
  }) {
    super(init.message, init.cause !== undefined ? { cause: init.cause } : undefined);
    this.name = 'GraphError';
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.subcode = init.subcode ?? null;
    this.fbtraceId = init.fbtraceId ?? null;
    this.retryAfterMs = init.retryAfterMs ?? null;
  }

  get retryable(): boolean {
    return this.kind === 'rate_limit' || this.kind === 'transient';
  }
}

const RATE_LIMIT_CODES = new Set([
  4, 17, 32, 613, 80001, 80002, 80003, 80004, 80005, 80006, 80008, 80014,
]);
const TRANSIENT_CODES = new Set([1, 2, 1200]);
export const DEFAULT_RATE_LIMIT_BACKOFF_MS = 1_000;

type HeaderValue = string | string[] | undefined;
export type Headers = Record<string, HeaderValue>;

function header(headers: Headers, name: string): string | undefined {
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Wait time from the usage headers: the largest `estimated_time_to_regain_access` (minutes) in
 * X-Business-Use-Case-Usage; null when the headers give nothing useful (caller uses a default backoff).
 */
export function retryAfterFromHeaders(headers: Headers): number | null {
  const buc = header(headers, 'x-business-use-case-usage');
  if (buc) {
    try {
      const parsed = JSON.parse(buc) as Record<
        string,
        Array<{ estimated_time_to_regain_access?: number }>
      >;
      let minutes = 0;
      for (const entries of Object.values(parsed)) {
        for (const e of entries ?? [])
          minutes = Math.max(minutes, Number(e.estimated_time_to_regain_access ?? 0) || 0);
      }
      if (minutes > 0) return minutes * 60_000;
    } catch {
      /* malformed header: fall through */
    }
  }
  const app = header(headers, 'x-app-usage');
  if (app) {
    try {
      const u = JSON.parse(app) as Record<string, number>;
      const max = Math.max(0, ...Object.values(u).map(Number).filter(Number.isFinite));
      // Facebook's guidance: at 100% of the app limit, calls are throttled for up to an hour; back off a while.
      if (max >= 100) return 60_000;
    } catch {
      /* ignore */
    }
  }
  return null;
}

function kindFor(
  code: number | null,
  subcode: number | null,
  message: string,
  status: number,
): GraphErrorKind {
  if (code === null) return status >= 500 ? 'transient' : status === 429 ? 'rate_limit' : 'unknown';
  if (RATE_LIMIT_CODES.has(code)) return 'rate_limit';
  if (TRANSIENT_CODES.has(code)) return 'transient';
  if (code === 190 || code === 102 || code === 104 || code === 463 || code === 467) return 'token';
  if (code === 551) return 'recipient';
  if (code === 10 && (subcode === 2018278 || subcode === 2018065 || subcode === 2018108))
    return 'recipient';
  if (code === 100 && (subcode === 2018001 || subcode === 2018218)) return 'recipient';
  // A retired message tag: 100/1893061 'Invalid parameter' (older wording below).
  if (code === 100 && subcode === 1893061) return 'recipient';
  if (
    code === 100 &&
    /\btag\b/i.test(message) &&
    /(no longer|deprecat|retired|not supported)/i.test(message)
  )
    return 'recipient';
  if (code === 10 || code === 3 || (code >= 200 && code <= 299) || code === 230)
    return 'permission';
  // Template errors (132000 parameters, 132001 missing or not approved): a definite refusal.
  if (code >= 132000 && code < 133000) return 'invalid';
  if (code === 100 || code === 2500 || code === 101 || code === 2200 || code === 2201)
    return 'invalid';
  if (code === 368) return 'permission';
  return status >= 500 ? 'transient' : 'unknown';
}

/** Classifies an HTTP answer from the Graph API that is not a success. */
export function classifyResponse(status: number, body: unknown, headers: Headers): GraphError {
  const err =
    (body && typeof body === 'object' && 'error' in body
      ? (body as { error: GraphErrorBody }).error
      : undefined) ?? undefined;
  const code = typeof err?.code === 'number' ? err.code : null;
  const subcode = typeof err?.error_subcode === 'number' ? err.error_subcode : null;
  const message = err?.message ?? `Graph API HTTP ${status}`;
  let kind = kindFor(code, subcode, message, status);
  if (err?.is_transient && kind === 'unknown') kind = 'transient';
  const retryAfterMs =
    kind === 'rate_limit'
      ? (retryAfterFromHeaders(headers) ?? DEFAULT_RATE_LIMIT_BACKOFF_MS)
      : null;
  return new GraphError({
    kind,
    message,
    status,
    code,
    subcode,
    fbtraceId: err?.fbtrace_id ?? null,
    retryAfterMs,
  });
}

/** Network errors that prove the request never reached the platform (safe to retry even for sends). */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function classifyNetworkError(e: unknown, requestMayHaveBeenSent: boolean): GraphError {
  const code = (e as { code?: string }).code ?? '';
  const cause = (e as { cause?: { code?: string } }).cause?.code ?? '';
  const notSent = NOT_SENT_CODES.has(code) || NOT_SENT_CODES.has(cause);
  const message = `Graph API network error: ${(e as Error).message ?? String(e)}${code ? ` (${code})` : ''}`;
  return new GraphError({
    kind: !notSent && requestMayHaveBeenSent ? 'unknown_outcome' : 'transient',
    message,
    cause: e,
  });
}
