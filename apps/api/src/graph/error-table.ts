// Meta's error table: one row per code with its meaning and source (the kinds are in error-kinds.ts).
import { SOURCES, type GraphErrorKind, type GraphErrorRow } from './error-kinds.js';

const MINUTE = 60_000;
const row = (
  kind: GraphErrorKind,
  label: string,
  source: string,
  code: GraphErrorRow['code'],
  meaning: string,
  more: Partial<Pick<GraphErrorRow, 'subcode' | 'text' | 'retryAfterMs' | 'answer'>> = {},
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
    { answer: 'not_ready', retryAfterMs: MINUTE },
  ),
  row('transient', NOT_READY, S.mmApi, 2300002, 'The marketing message set is not active yet.', {
    answer: 'not_ready',
    retryAfterMs: MINUTE,
  }),
  row('transient', NOT_READY, S.mmApi, 2300003, 'The marketing message is not active yet.', {
    answer: 'not_ready',
    retryAfterMs: MINUTE,
  }),
  row(
    'transient',
    NOT_READY,
    S.mmApi,
    2300012,
    'The marketing message campaign is still being set up.',
    { answer: 'not_ready', retryAfterMs: MINUTE },
  ),
  row('transient', NOT_READY, S.mmApi, 2300041, 'The marketing message is not ready to send yet.', {
    answer: 'not_ready',
    retryAfterMs: MINUTE,
  }),
  row(
    'transient',
    TRY_LATER,
    S.mmChangelog,
    2300028,
    'Pacing information is not ready: applications should retry after 1 hour.',
    { answer: 'retry_later', retryAfterMs: 60 * MINUTE },
  ),
  ...[2300055, 2300057, 2300060, 2300061, 2300062, 2300063].map((code) =>
    row(
      'transient',
      TRY_LATER,
      S.mmApi,
      code,
      "A temporary problem on Meta's side: try again in about 30 minutes.",
      { answer: 'retry_later', retryAfterMs: 30 * MINUTE },
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
  row('marketing', MM_SETUP, S.mmApi, 2300015, 'The campaign budget is reached.', {
    answer: 'budget',
  }),
  row('marketing', MM_SETUP, S.mmApi, 2300017, 'The ad account spend limit is reached.', {
    answer: 'budget',
  }),
  row('marketing', MM_SETUP, S.mmApi, 2300053, 'The lifetime budget is reached.', {
    answer: 'budget',
  }),
  row('marketing', MM_SETUP, S.mmApi, 2300054, 'The daily budget is reached.', {
    answer: 'budget',
  }),
  ...[2300056, 2300058, 2300059].map((code) =>
    row(
      'marketing',
      MM_SETUP,
      S.mmApi,
      code,
      'The ad account spend limit or balance does not allow more messages.',
      { answer: 'budget' },
    ),
  ),
  row(
    'marketing',
    MM_SETUP,
    S.mmApi,
    2300030,
    "Marketing messages are not available in the ad account's region.",
    { answer: 'region' },
  ),
  row(
    'marketing',
    MM_SETUP,
    S.mmApi,
    2300031,
    "Marketing messages are not available in the Page's region.",
    { answer: 'region' },
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
    { answer: 'opted_out' },
  ),
  row(
    'recipient',
    'Marketing cooldown',
    S.mmApi,
    2300035,
    'Minimum delay between two marketing messages not reached (12 hours).',
    { answer: 'cooldown' },
  ),
  row(
    'recipient',
    UNAVAILABLE,
    S.mmApi,
    2300036,
    'This person cannot receive marketing messages.',
    { answer: 'unavailable' },
  ),
  row('recipient', UNAVAILABLE, S.mmChangelog, 2300052, 'This person is not available right now.', {
    answer: 'unavailable',
  }),
  ...[2300042, 2300043, 2300044].map((code) =>
    row(
      'recipient',
      'Marketing frequency cap',
      S.mmApi,
      code,
      "Frequency cap: too many marketing messages compared with this person's own conversations.",
      { answer: 'frequency_cap' },
    ),
  ),
  row(
    'recipient',
    'Marketing region',
    S.mmApi,
    2300032,
    "Marketing messages are not available in this person's region.",
    { answer: 'region' },
  ),
  row('recipient', 'Subscription not valid', S.mmApi, 2300004, 'Invalid subscription token.', {
    answer: 'subscription',
  }),
  row(
    'recipient',
    'Subscription not valid',
    S.mmApi,
    2300005,
    "The Page does not match the subscription token's Page.",
    { answer: 'subscription' },
  ),
  row(
    'recipient',
    'Subscription not valid',
    S.mmApi,
    2300037,
    'The subscription token has expired.',
    { answer: 'subscription' },
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
