// Errors that mean "the database cannot be reached right now" (stopped, restarting, failing over, network
// gone) as opposed to a bad query: the API answers them 503 (try again) instead of 500.

/** SQLSTATE classes/codes of an unavailable server: connection exceptions (08), shutdown (57P01-57P03). */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_NET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres reports these as plain Errors without a code.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly|the database system is (starting up|shutting down)/i;

/** `err` and its causes, five deep (drizzle wraps the driver's error in its own). */
export function* causeChain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e = err, depth = 0; e && depth < 5; depth++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

/** The SQLSTATE of a failed query: the first five-character code on `err`'s cause chain. */
export function pgErrorCode(err: unknown): string | undefined {
  for (const { code } of causeChain(err))
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  return undefined;
}
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** Cancelled: past statement_timeout (db/client.ts#withStatementTimeout). */
export const QUERY_CANCELED = '57014';

/** What a statement past its statement_timeout answers (503, Retry-After), when no route says better. */
export const STATEMENT_TIMEOUT_MESSAGE =
  'This is taking the database too long right now: try again in a moment, or narrow it (a tag, a filter).';

/** True when `err` (or one of its causes) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causeChain(err)) {
    const { code, message } = e;
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_NET_CODES.has(code))
    )
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable: please try again in a moment.';
