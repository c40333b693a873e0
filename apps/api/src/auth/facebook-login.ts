// A Facebook user login as Pagecast accepts it: the checks of its debug_token and the messages a refused
// login answers. Sign-in and the user's own deletion request (modules/deletion) both verify a login.
import type { DebugTokenData } from '../graph/types.js';
import { UnauthorizedError } from '../errors.js';

export const SIGN_IN_MESSAGES = {
  invalidToken: 'Your Facebook login is not valid or has expired. Please log in again.',
  otherApp: 'This Facebook login was made for another app. Please log in again from Pagecast.',
  otherUser: 'This Facebook login belongs to another user. Please log in again.',
  notUserToken: 'A Facebook user login is required. Please log in again.',
  noPageList:
    'Pagecast needs permission to see the pages you manage. Please log in again and allow access to your pages.',
  unavailable: 'Facebook is not responding right now. Please try again in a moment.',
} as const;

/** The checks of the token against this app and the claimed user; throws UnauthorizedError (401) with a clear message. */
export function assertTokenFor(data: DebugTokenData, appId: string, userId: string): void {
  if (!data.is_valid) throw new UnauthorizedError(SIGN_IN_MESSAGES.invalidToken);
  // Ids may arrive as JSON numbers as well as strings: compare them as digit strings.
  if (idString(data.app_id) !== appId) throw new UnauthorizedError(SIGN_IN_MESSAGES.otherApp);
  if (data.type && data.type !== 'USER') throw new UnauthorizedError(SIGN_IN_MESSAGES.notUserToken);
  if (idString(data.user_id) !== userId) throw new UnauthorizedError(SIGN_IN_MESSAGES.otherUser);
}

/** A Graph id given as a string or a (safe) number, as a string; undefined for anything else. */
function idString(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v);
  return undefined;
}
