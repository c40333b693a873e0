// The reply window of the open conversation (contract rules/reply-window.ts): a short status under the
// contact's name, and a notice above the composer once a reply is no longer a standard one.
import { Clock } from 'lucide-react';
import {
  HUMAN_AGENT_OFF_MESSAGE,
  formatTime,
  sameZonedDay,
  type ReplyWindow,
} from '@pagecast/contract';
import { INBOX_TEXT } from './text';

const HOUR = 3_600_000;

/** 'Can reply for 14 h', 'Human agent reply until Tue 14:00', 'Window closed'. */
export function replyWindowLabel(reply: ReplyWindow, now: number, locale?: string): string {
  if (reply.kind === 'closed') return INBOX_TEXT.windowClosedLabel;
  if (reply.kind === 'standard') {
    const left = reply.until.getTime() - now;
    return INBOX_TEXT.canReplyFor(
      left >= HOUR
        ? `${Math.floor(left / HOUR)} h`
        : `${Math.max(1, Math.ceil(left / 60_000))} min`,
    );
  }
  return INBOX_TEXT.humanAgentUntil(formatUntil(reply.until, locale));
}

/**
 * The row's words for the window: 'Reply by 18:05' (today; else 'Reply by Tue 18:05'), 'Human agent until
 * Tue 14:00', 'Window closed'.
 */
export function replyWindowRowLabel(reply: ReplyWindow, now: number, locale?: string): string {
  if (reply.kind === 'closed') return INBOX_TEXT.windowClosedLabel;
  // 'Today' and the times are the admin's display zone's (chosen on Account).
  const today = sameZonedDay(new Date(now), reply.until);
  const at = today
    ? formatTime(reply.until, { hour: '2-digit', minute: '2-digit' }, { locale })
    : formatUntil(reply.until, locale);
  return reply.kind === 'standard' ? INBOX_TEXT.replyBy(at) : INBOX_TEXT.humanAgentRowUntil(at);
}

function formatUntil(until: Date, locale?: string): string {
  return formatTime(until, { weekday: 'short', hour: '2-digit', minute: '2-digit' }, { locale });
}

/** Above the composer: what kind of reply this is, or why none is possible. Nothing for a standard reply. */
export function ReplyWindowNotice({ reply, locale }: { reply: ReplyWindow; locale?: string }) {
  if (reply.kind === 'standard') return null;
  const text =
    reply.kind === 'closed'
      ? reply.humanAgentOff
        ? HUMAN_AGENT_OFF_MESSAGE
        : INBOX_TEXT.windowClosed
      : INBOX_TEXT.humanAgentNotice(
          formatTime(
            reply.until,
            { weekday: 'long', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
            { locale },
          ),
        );
  return (
    <div
      role="note"
      className="mx-3 mt-2 flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
    >
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{text}</p>
    </div>
  );
}
