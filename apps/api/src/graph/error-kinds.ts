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
 * The table itself is error-table.ts, one row per Meta code with its source, so what a code means is read
 * (and reviewed against Meta's docs) in one place; errors.ts looks answers up in it.
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
  /** Of a Marketing Messages answer (23000xx): which next step it calls for (a campaign's text for each). */
  answer?: MarketingAnswer;
  source: string;
}

/** The next steps Meta's marketing answers call for; campaigns word each one for the admin. */
export type MarketingAnswer =
  | 'opted_out'
  | 'cooldown'
  | 'unavailable'
  | 'frequency_cap'
  | 'budget'
  | 'region'
  | 'subscription'
  | 'not_ready'
  | 'retry_later';
