// Meta's words for its error codes: what the emulator answers when a test asks for a row of Meta's error
// table (`POST /_emulator/pages/:pageId/faults/graph-error`) without a message of its own. Sources: the Messenger
// Platform's "Common Error Codes" (MP/error-codes), the Graph API's "Handling Errors", its rate-limiting page and
// the Marketing Messages API reference (MM/api-reference). Where Meta documents the meaning but not the exact
// message, the words are the documented meaning (guess: Meta documents no exact message for these).
import { GraphApiError } from './errors.js';

interface Words {
  code: number | readonly [number, number];
  subcode?: number;
  message: string;
}

const MM_CODES: readonly [number, number] = [2_300_000, 2_399_999];
const isMarketing = (code: number) => code >= MM_CODES[0] && code <= MM_CODES[1];

const WORDS: readonly Words[] = [
  // Throttles.
  { code: 4, message: '(#4) Application request limit reached' },
  { code: 17, message: '(#17) User request limit reached' },
  { code: 32, message: '(#32) Page request limit reached' },
  { code: 613, message: '(#613) Calls to this api have exceeded the rate limit.' },
  {
    code: 613,
    subcode: 2018338,
    message:
      '(#613) Warning! You are engaging in behavior that may be considered bothersome or abusive by the people you are messaging. You must significantly decrease the rate at which you are sending messages using message tags to this person. Further misuse of message tags may result in messaging restrictions.',
  },
  {
    code: 613,
    subcode: 1893016,
    message: '(#613) You may not send multiple opt-in requests with the same topic to a user.',
  },
  { code: 9, subcode: 2018352, message: '(#9) Too many opt-in requests were sent to this user.' },
  ...[80001, 80002, 80003, 80004, 80005, 80006, 80008, 80014].map((code) => ({
    code,
    message: `(#${code}) There have been too many calls to this account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.`,
  })),
  // Temporary failures.
  { code: 1, message: 'An unknown error occurred' },
  { code: 2, message: 'An unexpected error has occurred. Please retry your request later.' },
  { code: 1200, message: '(#1200) Temporary send message failure. Please try again later' },
  // Tokens.
  {
    code: 190,
    message: 'Error validating access token: The session is invalid because the user logged out.',
  },
  { code: 102, message: 'API Session: the session key is invalid or no longer valid.' },
  { code: 104, message: 'An access token is required to request this resource.' },
  { code: 463, message: 'Error validating access token: Session has expired.' },
  { code: 467, message: 'Error validating access token: The access token is invalid.' },
  // Permissions and restrictions.
  { code: 3, message: '(#3) Application does not have the capability to make this API call.' },
  { code: 10, message: '(#10) Application does not have permission for this action' },
  { code: [200, 299], message: '(#200) Permissions error' },
  { code: 230, message: '(#230) Requires pages_messaging permission to manage the object' },
  {
    code: 200,
    subcode: 1545041,
    message: "(#200) Message Not Sent: This person isn't available right now.",
  },
  {
    code: 10,
    subcode: 1893063,
    message: '(#10) You are temporarily restricted from sending messages.',
  },
  {
    code: 10,
    subcode: 1404170,
    message: '(#10) This Page is restricted from sending opt-in requests.',
  },
  {
    code: 368,
    message: '(#368) The action attempted has been deemed abusive or is otherwise disallowed',
  },
  // The window and the person.
  {
    code: 10,
    subcode: 2018278,
    message:
      '(#10) This message is sent outside of allowed window. Learn more about the new policy here: https://developers.facebook.com/docs/messenger-platform/policy-overview',
  },
  {
    code: 10,
    subcode: 2534022,
    message: '(#10) This message is sent outside of allowed window.',
  },
  {
    code: 10,
    subcode: 2018065,
    message: '(#10) This message is sent outside of allowed window.',
  },
  { code: 10, subcode: 2018108, message: '(#10) This person cannot receive messages right now.' },
  { code: 10, subcode: 2018300, message: '(#10) Another app is controlling this thread now.' },
  { code: 551, message: "(#551) This person isn't available right now." },
  { code: 100, message: '(#100) Invalid parameter' },
  { code: 100, subcode: 2018001, message: '(#100) No matching user found' },
  { code: 100, subcode: 2018218, message: '(#100) No profile available for this user.' },
  { code: 100, subcode: 1893061, message: 'Invalid parameter' },
  { code: 101, message: '(#101) Invalid application ID' },
  { code: 2200, message: '(#2200) Callback verification failed' },
  { code: 2201, message: '(#2201) Received field does not match subscribed field' },
  { code: 2500, message: 'Unknown path components' },
  { code: [132000, 132999], message: '(#132000) Number of parameters does not match' },
  { code: 132001, message: '(#132001) Template name does not exist in the translation' },
  // Marketing Messages (MM/api-reference; the code is also the subcode here).
  { code: 2300000, message: 'The campaign is not active.' },
  { code: 2300001, message: 'Invalid message ID.' },
  { code: 2300002, message: 'The message set is not active.' },
  { code: 2300003, message: 'The message is not active yet.' },
  { code: 2300004, message: 'Invalid subscription token.' },
  { code: 2300005, message: 'The Page does not match the subscription token’s Page.' },
  { code: 2300011, message: 'No payment method on the ad account.' },
  { code: 2300012, message: 'The campaign is still being populated.' },
  { code: 2300013, message: 'The business has not accepted the Marketing Messages terms.' },
  { code: 2300015, message: 'The budget is reached.' },
  { code: 2300017, message: 'The spend limit is reached.' },
  { code: 2300019, message: 'The app has not accepted the Marketing Messages terms.' },
  {
    code: 2300028,
    message: 'Pacing information is not ready. Applications should retry after 1 hour.',
  },
  { code: 2300030, message: 'Marketing messages are not available in the ad account’s region.' },
  { code: 2300031, message: 'Marketing messages are not available in the Page’s region.' },
  { code: 2300032, message: 'Marketing messages are not available in the recipient’s region.' },
  { code: 2300034, message: 'This person stopped marketing messages.' },
  { code: 2300035, message: 'Minimum delay between two marketing messages not reached.' },
  { code: 2300036, message: 'This person cannot receive marketing messages.' },
  { code: 2300037, message: 'The subscription token has expired.' },
  { code: 2300038, message: 'Unresolved placeholder.' },
  { code: 2300039, message: 'Lack of the permission for the page.' },
  { code: 2300040, message: 'This feature is not available.' },
  { code: 2300041, message: 'The message is not ready.' },
  { code: 2300042, message: 'WEEKLY_MM_LOAD_CAP_REACHED' },
  { code: 2300043, message: 'DAILY_MM_LOAD_CAP_REACHED' },
  { code: 2300044, message: 'MIN_ORGANIC_THREAD_NOT_REACHED' },
  { code: 2300052, message: 'This person is not available right now.' },
  { code: 2300053, message: 'The lifetime budget is reached.' },
  { code: 2300054, message: 'The daily budget is reached.' },
  ...[2300055, 2300057, 2300060, 2300061, 2300062, 2300063].map((code) => ({
    code,
    message: 'Temporary error. Try again in about 30 minutes.',
  })),
  ...[2300056, 2300058, 2300059].map((code) => ({
    code,
    message: 'The ad account spend limit or balance does not allow this message.',
  })),
  {
    code: [2300066, 2300069],
    message: 'The Page or the ad account has not signed the Marketing Messages terms.',
  },
  { code: 2300078, message: 'Send rate limit reached.' },
  { code: 2300079, message: 'Campaign creation rate limit reached.' },
  { code: 2300080, message: 'Subscription token query rate limit reached.' },
];

const inCode = (w: Words, code: number) =>
  typeof w.code === 'number' ? w.code === code : code >= w.code[0] && code <= w.code[1];

/** Meta's message for a code (and subcode), or null when the table has none. */
export function metaErrorMessage(code: number, subcode?: number): string | null {
  const exact =
    subcode !== undefined ? WORDS.find((w) => w.subcode === subcode && inCode(w, code)) : undefined;
  const own =
    WORDS.find((w) => w.subcode === undefined && typeof w.code === 'number' && w.code === code) ??
    WORDS.find((w) => w.subcode === undefined && inCode(w, code));
  return (exact ?? own)?.message ?? null;
}

export interface GraphErrorSpec {
  code: number;
  subcode?: number;
  message?: string;
  type?: string;
  /** Marketing Messages' `error_data.remaining_seconds`. */
  remainingSeconds?: number;
}

/**
 * The error Meta answers for a row of its table, in Meta's words unless `message` is given. A 23000xx code
 * without a subcode carries itself as the subcode, as the emulator's own marketing answers do.
 */
export function metaError(spec: GraphErrorSpec): GraphApiError {
  const subcode = spec.subcode ?? (isMarketing(spec.code) ? spec.code : undefined);
  const message =
    spec.message ??
    metaErrorMessage(spec.code, subcode) ??
    `(#${spec.code}) An error occurred (guess: the emulator knows no Meta words for this code).`;
  return new GraphApiError(
    spec.code,
    message,
    subcode,
    {},
    {
      ...(spec.type !== undefined ? { type: spec.type } : {}),
      ...(spec.remainingSeconds !== undefined
        ? { error_data: { remaining_seconds: spec.remainingSeconds } }
        : {}),
    },
  );
}
