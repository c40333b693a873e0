// Whether and how a person may reply to a contact in the inbox, from the contact's last message to the page.
// The server decides the send with it and the inbox shows it, so both sides read the same clock rule.
import { HUMAN_AGENT_WINDOW_MS, MESSAGING_WINDOW_MS } from '../constants';

export type ReplyWindow =
  /** Within 24 hours: a standard reply (messaging_type RESPONSE). */
  | { kind: 'standard'; until: Date }
  /** 24 hours to 7 days: only a reply a person types, sent with the HUMAN_AGENT tag. */
  | { kind: 'human_agent'; until: Date }
  /** Never wrote, or more than 7 days ago: Messenger allows no reply. */
  | { kind: 'closed'; until: null };

export function replyWindow(
  lastInboundAt: Date | string | null | undefined,
  now = Date.now(),
): ReplyWindow {
  if (!lastInboundAt) return { kind: 'closed', until: null };
  const at =
    typeof lastInboundAt === 'string' ? Date.parse(lastInboundAt) : lastInboundAt.getTime();
  if (!Number.isFinite(at)) return { kind: 'closed', until: null };
  if (now - at < MESSAGING_WINDOW_MS)
    return { kind: 'standard', until: new Date(at + MESSAGING_WINDOW_MS) };
  if (now - at < HUMAN_AGENT_WINDOW_MS)
    return { kind: 'human_agent', until: new Date(at + HUMAN_AGENT_WINDOW_MS) };
  return { kind: 'closed', until: null };
}
