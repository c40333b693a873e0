import type { MessageAttachment, MessageReceived } from './entities';
import { dateFormat, isZonedDayBefore, sameZonedDay } from './time-format';

/** A message prepared for a chat bubble (spec §3 "Message for display"). */
export interface MessageForDisplay {
  id: string;
  sender: string;
  text: string;
  timestamp: string;
  createdAt: string;
  sentBy: string;
  isCurrentUser: boolean;
}

/**
 * Spec §3 display rules, as the spec states them: the sender is 'You' when sentBy differs from the
 * selected recipient id (the page sent it), otherwise the sentBy value; isCurrentUser is true when
 * sentBy equals the recipient id.
 */
export function toDisplayMessage(
  m: Pick<MessageReceived, 'id' | 'message' | 'createdAt' | 'sentBy'>,
  recipientId: string,
  locale?: string,
): MessageForDisplay {
  return {
    id: m.id,
    sender: m.sentBy !== recipientId ? 'You' : m.sentBy,
    text: m.message,
    timestamp: formatBubbleTime(m.createdAt, locale),
    createdAt: m.createdAt,
    sentBy: m.sentBy,
    isCurrentUser: m.sentBy === recipientId,
  };
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const SHORT_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const BUBBLE: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/** Builds the formatters ahead of need: the first Intl.DateTimeFormat of a page loads ICU data, a long
 *  task on a phone if it happens inside the inbox's first render. For an idle moment at startup. */
export function warmDisplayFormats(locale?: string): void {
  for (const options of [TIME, SHORT_DATE, BUBBLE]) dateFormat(locale, options);
}

/** Conversation list time (spec §4), in the display zone: hour:minute today, 'Yesterday', else short month and day. */
export function formatListTime(
  iso: string | null | undefined,
  now: Date = new Date(),
  locale?: string,
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (sameZonedDay(date, now)) return dateFormat(locale, TIME).format(date);
  if (isZonedDayBefore(date, now)) return 'Yesterday';
  return dateFormat(locale, SHORT_DATE).format(date);
}

/** Bubble time (spec §4): short month, 2-digit day, year, 2-digit hour and minute, in the display zone. */
export function formatBubbleTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(locale, BUBBLE).format(date);
}

/** Bulk tag progress (spec §4): completed operations over (added + removed tags) x chats, in %. */
export function bulkTagProgress(
  completed: number,
  added: number,
  removed: number,
  chats: number,
): number {
  const total = (added + removed) * chats;
  if (total <= 0) return 0;
  return Math.min(100, Math.round((completed / total) * 100));
}

/** Case-insensitive substring match on name (spec §5, recipient and page search). */
export function matchesName(name: string | null | undefined, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || (name ?? '').toLowerCase().includes(q);
}

const ATTACHMENT_WORDS: Record<MessageAttachment['type'], string> = {
  image: 'Photo',
  sticker: 'Sticker',
  video: 'Video',
  audio: 'Voice message',
  file: 'File',
  other: 'Attachment',
};

/**
 * The line a message without text shows in the inbox list ('Photo', '2 photos', 'Sticker', 'File:
 * invoice.pdf'): what Messenger's own list says, never an empty row.
 */
export function attachmentSummary(attachments: readonly MessageAttachment[]): string {
  const first = attachments[0];
  if (!first) return '';
  if (attachments.every((a) => a.type === 'image') && attachments.length > 1)
    return `${attachments.length} photos`;
  if (first.type === 'file' && first.name && attachments.length === 1) return `File: ${first.name}`;
  const word = ATTACHMENT_WORDS[first.type];
  return attachments.length > 1 ? `${word} and ${attachments.length - 1} more` : word;
}
