// Whether and how a person may reply to a contact in the inbox, from the contact's last message to the page.
// The server decides the send with it and the inbox shows it, so both sides read the same clock rule.
import { HUMAN_AGENT_WINDOW_MS, MESSAGING_WINDOW_MS } from '../constants';

export type ReplyWindow =
  /** Within 24 hours: a standard reply (messaging_type RESPONSE). */
  | { kind: 'standard'; until: Date }
  /** 24 hours to 7 days, with the app's Human Agent feature: a reply a person types, tagged HUMAN_AGENT. */
  | { kind: 'human_agent'; until: Date }
  /**
   * Messenger allows no reply: never wrote, more than 7 days ago, or more than 24 hours ago when the app
   * lacks Meta's Human Agent feature (`humanAgentOff`: then a reply would be allowed until `wouldAllowUntil`
   * with it).
   */
  | { kind: 'closed'; until: null; humanAgentOff?: { wouldAllowUntil: Date } };

/**
 * The composer and the API when the contact wrote 24 hours to 7 days ago and the app lacks Meta's Human
 * Agent feature: why no reply, and what would allow one.
 */
export const HUMAN_AGENT_OFF_MESSAGE =
  'Their last message is more than 24 hours old, so Messenger allows no reply until they write again. Replies up to 7 days need Meta’s Human Agent approval for this app: ask whoever runs Pagecast.';
/** Meta refused a HUMAN_AGENT reply although the deployment turned it on: the app is not approved. */
export const HUMAN_AGENT_REFUSED_MESSAGE =
  'Meta refused the reply: this app is not approved for Human Agent replies. Ask whoever runs Pagecast to check its App Review, or wait for the contact to write again.';

export interface ReplyWindowOptions {
  /** The app has Meta's Human Agent feature (App Review) and the deployment turned it on. */
  humanAgent: boolean;
}

export function replyWindow(
  lastInboundAt: Date | string | null | undefined,
  now: number,
  options: ReplyWindowOptions,
): ReplyWindow {
  if (!lastInboundAt) return { kind: 'closed', until: null };
  const at =
    typeof lastInboundAt === 'string' ? Date.parse(lastInboundAt) : lastInboundAt.getTime();
  if (!Number.isFinite(at)) return { kind: 'closed', until: null };
  if (now - at < MESSAGING_WINDOW_MS)
    return { kind: 'standard', until: new Date(at + MESSAGING_WINDOW_MS) };
  if (now - at < HUMAN_AGENT_WINDOW_MS) {
    const until = new Date(at + HUMAN_AGENT_WINDOW_MS);
    return options.humanAgent
      ? { kind: 'human_agent', until }
      : { kind: 'closed', until: null, humanAgentOff: { wouldAllowUntil: until } };
  }
  return { kind: 'closed', until: null };
}
