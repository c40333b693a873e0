/**
 * The one place where Graph API failures are classified: one table of Meta's error codes (`ERROR_TABLE`, each
 * row with Meta's meaning and its source), looked up by `errorRow`. Callers branch on `kind`, what the answer
 * means for the call that got it:
 * - rate_limit: a throttle. Wait `retryAfterMs` (error_data.remaining_seconds, else the usage headers, else a
 *   default backoff), then try again; for a campaign the page pauses.
 * - transient: a temporary failure (1, 2, 1200; Marketing Messages' "try again later" and "not ready yet"). With
 *   `retryAfterMs` Meta named the wait (minutes to hours): the caller reschedules, the client never sleeps
 *   through it. A send answered with a raw 5xx, 1 or 2 becomes unknown_outcome in transport.ts (only 1200 says
 *   the message did not go out).
 * - token: the token is invalid (190 and its subcodes, 102, 104): mark it, tell the admin to sign in again.
 * - permission: a scope, task or feature of the page or app is missing (3, 10, 200-299): every send of that kind
 *   would fail the same way.
 * - page_restricted: Meta restricted the page from sending (10/1893063, 368): every send fails until it ends.
 * - marketing: the Marketing Messages setup refuses (terms not accepted, payment, budget, region, no permission
 *   for the page): every marketing send fails the same way.
 * - policy: Meta refused this message under its policy (613/2018338 tag abuse warning, 613/1893016 duplicate
 *   opt-in): never retried, sending it again makes it worse.
 * - window: the 24-hour window (or the 7-day human-agent window) is closed for this person.
 * - recipient: this person cannot get it (blocked, deactivated, opted out, unknown PSID): never retried.
 * - invalid: a parameter error (100-range, 132xxx template parameters): a bug or bad input, never retried.
 * - unknown_outcome: a send whose request may have reached the platform (timeout, connection lost after
 *   writing, raw 5xx, 1, 2): never sent again.
 * - unknown: anything the table does not know.
 *
 * Long on purpose: most of it is the table itself, one row per Meta code with its source, so what a code
 * means is read (and reviewed against Meta's docs) in one place; the lookup and the header parsing are short.
 */
export type GraphErrorKind =
  | 'rate_limit'
  | 'transient'
  | 'token'
  | 'permission'
  | 'page_restricted'
  | 'marketing'
  | 'policy'
  | 'window'
  | 'recipient'
  | 'invalid'
  | 'unknown_outcome'
  | 'unknown';

/** Meta's pages the rows cite. */
const MP = 'https://developers.facebook.com/documentation/business-messaging/messenger-platform';
export const SOURCES = {
  /** Messenger Platform, "Common Error Codes" (updated 2026-06-25). */
  mpErrors: `${MP}/error-codes`,
  /** Graph API, "Handling Errors" (codes 1, 2, 4, 17, 102, 190 and its subcodes, 3, 10, 200-299, 368). */
  graphErrors: 'https://developers.facebook.com/docs/graph-api/guides/error-handling',
  /** Graph API rate limiting (Business Use Case codes 80001-80014, 32, 613). */
  rateLimits: 'https://developers.facebook.com/docs/graph-api/overview/rate-limiting',
  /** Send API reference, errors of `POST /{page-id}/messages` (551, 100/2018001, 230, 368). */
  sendApi: 'https://developers.facebook.com/docs/messenger-platform/reference/send-api/',
  /** Marketing Messages on Messenger, API reference (the 23000xx codes). */
  mmApi: `${MP}/marketing-messages-on-messenger/api-reference`,
  /** Marketing Messages on Messenger, changelog (2300028 on 2026-05-05, 2300052's RECIPIENT_UNAVAILABLE). */
  mmChangelog: `${MP}/marketing-messages-on-messenger/changelog`,
  /** WhatsApp error codes (132000/132001: Meta documents no template codes for Messenger). */
  templates:
    'https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes',
  /** Field report: "(#200) This person isn't receiving messages from you right now" for a person who blocked the page. */
  blockedReport: 'https://github.com/howdyai/botkit/issues/559',
} as const;

/**
 * One row of Meta's error table. `code` is one code or an inclusive range; `subcode` narrows it (a row with a
 * subcode wins over the code's own row; `subcode` without `code` matches that subcode under any code);
 * `text` narrows it to answers whose message matches every pattern.
 */
export interface GraphErrorRow {
  code: number | readonly [number, number] | null;
  subcode?: number;
  text?: readonly RegExp[];
  kind: GraphErrorKind;
  /** What the answer means, in Meta's words where Meta has them. */
  meaning: string;
  /** A short label for the campaign funnel ("Recipient unavailable"). */
  label: string;
  /** How long Meta asks to wait before trying again, when the row says (transient and rate_limit rows). */
  retryAfterMs?: number;
  source: string;
}

const MINUTE = 60_000;
const row = (
  kind: GraphErrorKind,
  label: string,
  source: string,
  code: GraphErrorRow['code'],
  meaning: string,
  more: Partial<Pick<GraphErrorRow, 'subcode' | 'text' | 'retryAfterMs'>> = {},
): GraphErrorRow => ({ code, kind, meaning, label, source, ...more });

const THROTTLED = 'Rate limited';
const TEMPORARY = 'Temporary platform failure';
const NOT_READY = 'Marketing campaign not ready';
const TRY_LATER = 'Meta asked to try again later';
const TOKEN = 'Token invalid';
const PERMISSION = 'Permission denied';
const RESTRICTED = 'Page restricted by Meta';
const MM_SETUP = 'Marketing messages setup';
const POLICY = 'Refused under Meta policy';
const WINDOW = 'Outside the 24-hour window';
const UNAVAILABLE = 'Recipient unavailable';
const INVALID = 'Invalid request';
const S = SOURCES;

/** Meta's error codes and what each means for a send. Order does not matter: `errorRow` picks the most specific. */
export const ERROR_TABLE: readonly GraphErrorRow[] = [
  // Throttles.
  row('rate_limit', THROTTLED, S.graphErrors, 4, 'Application request limit reached'),
  row('rate_limit', THROTTLED, S.graphErrors, 17, 'User request limit reached'),
  row('rate_limit', THROTTLED, S.rateLimits, 32, 'Page request limit reached'),
  row('rate_limit', THROTTLED, S.mpErrors, 613, 'Calls to this api have exceeded the rate limit.'),
  row(
    'rate_limit',
    THROTTLED,
    S.rateLimits,
    80001,
    'Too many calls to this Page account (Pages API).',
  ),
  row('rate_limit', THROTTLED, S.rateLimits, 80002, 'Too many calls to this Instagram account.'),
  row(
    'rate_limit',
    THROTTLED,
    S.rateLimits,
    80003,
    'Too many calls to this ad account (custom audiences).',
  ),
  row(
    'rate_limit',
    THROTTLED,
    S.rateLimits,
    80004,
    'Too many calls to this ad account (ads management).',
  ),
  row(
    'rate_limit',
    THROTTLED,
    S.rateLimits,
    80005,
    'Too many calls to this ad account (lead generation).',
  ),
  row('rate_limit', THROTTLED, S.rateLimits, 80006, 'Too many calls to this Messenger account.'),
  row(
    'rate_limit',
    THROTTLED,
    S.rateLimits,
    80008,
    'Too many calls to this WhatsApp Business account.',
  ),
  row('rate_limit', THROTTLED, S.rateLimits, 80014, 'Too many calls to this catalog (batch).'),
  row('rate_limit', THROTTLED, S.mmApi, 2300078, 'Marketing message send rate limit reached.'),
  row(
    'rate_limit',
    THROTTLED,
    S.mmApi,
    2300079,
    'Marketing message campaign creation rate limit reached.',
  ),
  row('rate_limit', THROTTLED, S.mmApi, 2300080, 'Subscription token query rate limit reached.'),
  // 613 subcodes that are not throttles: sending again is what Meta warns against.
  row(
    'policy',
    POLICY,
    S.mpErrors,
    613,
    'You are engaging in behavior that may be considered bothersome or abusive: significantly decrease the rate of messages with message tags to this person, or Meta may restrict messaging.',
    { subcode: 2018338 },
  ),
  row(
    'policy',
    POLICY,
    S.mpErrors,
    613,
    'You may not send multiple opt-in requests with the same topic to a user.',
    { subcode: 1893016 },
  ),
  row('policy', POLICY, S.mpErrors, 9, 'Too many opt-in requests were sent to this person.', {
    subcode: 2018352,
  }),
  // Temporary failures.
  row('transient', TEMPORARY, S.graphErrors, 1, 'An unknown error occurred.'),
  row(
    'transient',
    TEMPORARY,
    S.mpErrors,
    2,
    'An unexpected error has occurred. Please retry your request later. (Also answered when a person has blocked the business.)',
  ),
  row(
    'transient',
    TEMPORARY,
    S.mpErrors,
    1200,
    'Temporary send message failure. Please try again later.',
  ),
  row(
    'transient',
    NOT_READY,
    S.mmApi,
    2300000,
    'The marketing message campaign is not active yet.',
    { retryAfterMs: MINUTE },
  ),
  row('transient', NOT_READY, S.mmApi, 2300002, 'The marketing message set is not active yet.', {
    retryAfterMs: MINUTE,
  }),
  row('transient', NOT_READY, S.mmApi, 2300003, 'The marketing message is not active yet.', {
    retryAfterMs: MINUTE,
  }),
  row(
    'transient',
    NOT_READY,
    S.mmApi,
    2300012,
    'The marketing message campaign is still being set up.',
    { retryAfterMs: MINUTE },
  ),
  row('transient', NOT_READY, S.mmApi, 2300041, 'The marketing message is not ready to send yet.', {
    retryAfterMs: MINUTE,
  }),
  row(
    'transient',
    TRY_LATER,
    S.mmChangelog,
    2300028,
    'Pacing information is not ready: applications should retry after 1 hour.',
    { retryAfterMs: 60 * MINUTE },
  ),
  ...[2300055, 2300057, 2300060, 2300061, 2300062, 2300063].map((code) =>
    row(
      'transient',
      TRY_LATER,
      S.mmApi,
      code,
      "A temporary problem on Meta's side: try again in about 30 minutes.",
      { retryAfterMs: 30 * MINUTE },
    ),
  ),
  // The token.
  row(
    'token',
    TOKEN,
    S.graphErrors,
    190,
    'Invalid OAuth 2.0 access token (expired, revoked, or the user logged out or removed the app).',
  ),
  row('token', TOKEN, S.graphErrors, 102, 'API session: the session is invalid.'),
  row('token', TOKEN, S.graphErrors, 104, 'An access token is required to request this resource.'),
  // 463 (expired) and 467 (invalid) are subcodes of 190; some answers carry them as the code.
  row('token', TOKEN, S.graphErrors, 463, 'The access token has expired.'),
  row('token', TOKEN, S.graphErrors, 467, 'The access token is invalid.'),
  // Permissions of the page or the app.
  row(
    'permission',
    PERMISSION,
    S.graphErrors,
    3,
    'Capability or permissions issue: the app may not call this method.',
  ),
  row(
    'permission',
    PERMISSION,
    S.graphErrors,
    10,
    'Permission denied: the permission was not granted or was removed.',
  ),
  row(
    'permission',
    PERMISSION,
    S.graphErrors,
    [200, 299],
    'Permission error: the permission was not granted or was removed.',
  ),
  // Restrictions of the page.
  row(
    'page_restricted',
    RESTRICTED,
    S.mpErrors,
    10,
    'You are temporarily restricted from sending messages.',
    { subcode: 1893063 },
  ),
  row(
    'page_restricted',
    RESTRICTED,
    S.graphErrors,
    368,
    'The action attempted has been deemed abusive or is otherwise disallowed: the page is temporarily blocked.',
  ),
  row(
    'page_restricted',
    RESTRICTED,
    S.mpErrors,
    10,
    'This page is restricted from sending opt-in requests.',
    { subcode: 1404170 },
  ),
  // Marketing Messages setup (the page, the business or the ad account).
  row('marketing', MM_SETUP, S.mmApi, 2300011, 'The ad account has no payment method.'),
  row(
    'marketing',
    MM_SETUP,
    S.mmApi,
    2300013,
    'The business has not accepted the Marketing Messages terms.',
  ),
  row(
    'marketing',
    MM_SETUP,
    S.mmApi,
    2300019,
    'The app has not accepted the Marketing Messages terms.',
  ),
  row(
    'marketing',
    MM_SETUP,
    S.mmApi,
    [2300066, 2300069],
    'The Page or the ad account has not signed the Marketing Messages terms.',
  ),
  row('marketing', MM_SETUP, S.mmApi, 2300039, 'Lack of the permission for the page.'),
  row(
    'marketing',
    MM_SETUP,
    S.mmApi,
    2300040,
    'Marketing messages are not available for this page.',
  ),
  row('marketing', MM_SETUP, S.mmApi, 2300015, 'The campaign budget is reached.'),
  row('marketing', MM_SETUP, S.mmApi, 2300017, 'The ad account spend limit is reached.'),
  row('marketing', MM_SETUP, S.mmApi, 2300053, 'The lifetime budget is reached.'),
  row('marketing', MM_SETUP, S.mmApi, 2300054, 'The daily budget is reached.'),
  ...[2300056, 2300058, 2300059].map((code) =>
    row(
      'marketing',
      MM_SETUP,
      S.mmApi,
      code,
      'The ad account spend limit or balance does not allow more messages.',
    ),
  ),
  row(
    'marketing',
    MM_SETUP,
    S.mmApi,
    2300030,
    "Marketing messages are not available in the ad account's region.",
  ),
  row(
    'marketing',
    MM_SETUP,
    S.mmApi,
    2300031,
    "Marketing messages are not available in the Page's region.",
  ),
  // The window.
  row('window', WINDOW, S.mpErrors, 10, 'This message is sent outside of allowed window.', {
    subcode: 2018278,
  }),
  row('window', WINDOW, S.mpErrors, 10, 'This message is sent outside of allowed window.', {
    subcode: 2534022,
  }),
  row(
    'window',
    WINDOW,
    S.mpErrors,
    10,
    'This message is sent outside of allowed window (subscription messaging).',
    { subcode: 2018065 },
  ),
  // The person.
  row('recipient', UNAVAILABLE, S.mpErrors, 551, "This person isn't available right now."),
  row(
    'recipient',
    UNAVAILABLE,
    S.mpErrors,
    200,
    "Message Not Sent: This person isn't available right now.",
    { subcode: 1545041 },
  ),
  row(
    'recipient',
    UNAVAILABLE,
    S.blockedReport,
    200,
    "This person isn't receiving messages from you right now.",
    { text: [/isn't (available|receiving messages from you) right now/i] },
  ),
  row('recipient', UNAVAILABLE, S.mpErrors, 10, 'This person cannot receive messages right now.', {
    subcode: 2018108,
  }),
  // (guess: Meta documents the subcode, not the code it comes with.)
  row(
    'recipient',
    'Thread controlled by another app',
    S.mpErrors,
    null,
    'Another app is controlling this thread.',
    { subcode: 2018300 },
  ),
  row('recipient', 'No matching user', S.sendApi, 100, 'No matching user found.', {
    subcode: 2018001,
  }),
  row('recipient', 'No matching user', S.mpErrors, 100, 'No profile available for this user.', {
    subcode: 2018218,
  }),
  // A retired message tag: 100/1893061 'Invalid parameter' since 2026-04-27, or older wordings.
  row(
    'recipient',
    'Message tag retired',
    S.mpErrors,
    100,
    'Invalid parameter: the message tag is retired.',
    { subcode: 1893061 },
  ),
  row(
    'recipient',
    'Message tag retired',
    S.mpErrors,
    100,
    'The message tag is no longer supported.',
    { text: [/\btag\b/i, /(no longer|deprecat|retired|not supported)/i] },
  ),
  row(
    'recipient',
    'Stopped marketing messages',
    S.mmApi,
    2300034,
    'This person stopped marketing messages.',
  ),
  row(
    'recipient',
    'Marketing cooldown',
    S.mmApi,
    2300035,
    'Minimum delay between two marketing messages not reached (12 hours).',
  ),
  row('recipient', UNAVAILABLE, S.mmApi, 2300036, 'This person cannot receive marketing messages.'),
  row('recipient', UNAVAILABLE, S.mmChangelog, 2300052, 'This person is not available right now.'),
  ...[2300042, 2300043, 2300044].map((code) =>
    row(
      'recipient',
      'Marketing frequency cap',
      S.mmApi,
      code,
      "Frequency cap: too many marketing messages compared with this person's own conversations.",
    ),
  ),
  row(
    'recipient',
    'Marketing region',
    S.mmApi,
    2300032,
    "Marketing messages are not available in this person's region.",
  ),
  row('recipient', 'Subscription not valid', S.mmApi, 2300004, 'Invalid subscription token.'),
  row(
    'recipient',
    'Subscription not valid',
    S.mmApi,
    2300005,
    "The Page does not match the subscription token's Page.",
  ),
  row(
    'recipient',
    'Subscription not valid',
    S.mmApi,
    2300037,
    'The subscription token has expired.',
  ),
  // Bad requests.
  row('invalid', INVALID, S.graphErrors, 100, 'Invalid parameter.'),
  row('invalid', INVALID, S.graphErrors, 101, 'Invalid application id.'),
  row('invalid', INVALID, S.graphErrors, 2200, 'Callback verification failed.'),
  row(
    'invalid',
    INVALID,
    S.graphErrors,
    2201,
    'Received field does not match the subscribed field.',
  ),
  row(
    'invalid',
    INVALID,
    S.graphErrors,
    2500,
    'Error parsing the request (unknown path components).',
  ),
  row(
    'invalid',
    'Template refused',
    S.templates,
    [132000, 132999],
    'The template or its parameters were refused (132000: parameters, 132001: missing or not approved).',
  ),
  row('invalid', INVALID, S.mmApi, 2300001, 'Invalid message ID.'),
  row('invalid', INVALID, S.mmApi, 2300038, 'Unresolved placeholder in the message.'),
];

/** Meta's marketing answers (23000xx) come in `code` or in `error_subcode`: where is not documented. */
export const isMarketingCode = (c: number | null): c is number =>
  c !== null && c >= 2_300_000 && c < 2_400_000;

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
