// A Graph API failure classified: the lookup in Meta's error table (error-table.ts, its kinds in
// error-kinds.ts), the GraphError callers branch on, and the reading of an answer's headers and body.
import type { GraphErrorKind, GraphErrorRow, MarketingAnswer } from './error-kinds.js';
import { ERROR_TABLE } from './error-table.js';

/** Meta's marketing answers (23000xx) come in `code` or in `error_subcode`: where is not documented. */
export const isMarketingCode = (c: number | null): c is number =>
  c !== null && c >= 2_300_000 && c < 2_400_000;

/**
 * The next step a marketing answer's code (23000xx, from `code` or `error_subcode`) calls for, from its row
 * of the table; null for any other code.
 */
export function marketingAnswer(code: number | null): MarketingAnswer | null {
  if (!isMarketingCode(code)) return null;
  return errorRow(code, null)?.answer ?? null;
}

const inCode = (r: GraphErrorRow, code: number) =>
  typeof r.code === 'number'
    ? r.code === code
    : r.code !== null && code >= r.code[0] && code <= r.code[1];
const textMatches = (r: GraphErrorRow, message: string) =>
  (r.text ?? []).every((re) => re.test(message));

/**
 * The table's row for an answer, or null. Most specific first: the code with its subcode, the subcode under
 * any code, a marketing code carried as the subcode, then the code's own row (a row with `text` before one
 * without).
 */
export function errorRow(
  code: number | null,
  subcode: number | null,
  message = '',
): GraphErrorRow | null {
  if (code === null) return null;
  const find = (pred: (r: GraphErrorRow) => boolean) =>
    ERROR_TABLE.find((r) => pred(r) && textMatches(r, message)) ?? null;
  if (subcode !== null) {
    const exact = find((r) => r.subcode === subcode && (r.code === null || inCode(r, code)));
    if (exact) return exact;
    if (isMarketingCode(subcode) && !isMarketingCode(code)) {
      const mm = errorRow(subcode, null, message);
      if (mm) return mm;
    }
  }
  return (
    find((r) => r.subcode === undefined && r.text !== undefined && inCode(r, code)) ??
    find((r) => r.subcode === undefined && r.text === undefined && inCode(r, code))
  );
}

export interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
  /** Marketing Messages' pacing rejections say how long to wait (MM api-reference). */
  error_data?: { remaining_seconds?: number };
}

export class GraphError extends Error {
  readonly kind: GraphErrorKind;
  readonly status: number | null;
  readonly code: number | null;
  readonly subcode: number | null;
  readonly fbtraceId: string | null;
  /** How long to wait before trying again (rate limits and transient errors), else null. */
  readonly retryAfterMs: number | null;
  /** What the answer means, from Meta's error table (`ERROR_TABLE`); null for codes the table does not know. */
  readonly meaning: string | null;

  constructor(init: {
    kind: GraphErrorKind;
    message: string;
    status?: number | null;
    code?: number | null;
    subcode?: number | null;
    fbtraceId?: string | null;
    retryAfterMs?: number | null;
    meaning?: string | null;
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
    this.meaning = init.meaning ?? null;
  }

  get retryable(): boolean {
    return this.kind === 'rate_limit' || this.kind === 'transient';
  }
}

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

/** A body's `error_data.remaining_seconds` in ms, or null when it has none (or not a positive number). */
function remainingMs(err: GraphErrorBody | undefined): number | null {
  const seconds = err?.error_data?.remaining_seconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : null;
}

/**
 * Classifies an HTTP answer from the Graph API that is not a success. `rateLimitBackoffMs`: the wait of a
 * throttle whose answer names none.
 */
export function classifyResponse(
  status: number,
  body: unknown,
  headers: Headers,
  rateLimitBackoffMs = DEFAULT_RATE_LIMIT_BACKOFF_MS,
): GraphError {
  const err =
    body && typeof body === 'object' && 'error' in body
      ? (body as { error: GraphErrorBody }).error
      : undefined;
  const code = typeof err?.code === 'number' ? err.code : null;
  const subcode = typeof err?.error_subcode === 'number' ? err.error_subcode : null;
  const message = err?.message ?? `Graph API HTTP ${status}`;
  const known = errorRow(code, subcode, message);
  let kind: GraphErrorKind;
  if (known) kind = known.kind;
  else if (status === 429) kind = 'rate_limit';
  else if (status >= 500 || err?.is_transient === true) kind = 'transient';
  else kind = 'unknown';
  let retryAfterMs: number | null = null;
  if (kind === 'rate_limit')
    retryAfterMs =
      remainingMs(err) ??
      retryAfterFromHeaders(headers) ??
      known?.retryAfterMs ??
      rateLimitBackoffMs;
  else if (kind === 'transient') retryAfterMs = remainingMs(err) ?? known?.retryAfterMs ?? null;
  return new GraphError({
    kind,
    message,
    status,
    code,
    subcode,
    fbtraceId: err?.fbtrace_id ?? null,
    retryAfterMs,
    meaning: known?.meaning ?? null,
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
