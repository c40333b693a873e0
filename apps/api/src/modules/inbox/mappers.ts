// The only place contact and message rows become the contract's Recipient and MessageReceived: the inbox
// routes, the webhook's live events and the realtime hub all map through here, so they agree.
import {
  MESSAGING_WINDOW_MS,
  type MessageAttachment,
  type MessageReceived,
  type Recipient,
  type SearchMatch,
} from '@pagecast/contract';

/** A contact counts as online when they wrote within this long. */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;

/** The contact columns a Recipient is built from (repo.ts ContactRow has them all). */
export interface RecipientFields {
  psid: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profilePic: string | null;
  lastMessageAt: Date | null;
  lastMessagePreview: string | null;
  lastInboundAt: Date | null;
  unreadCount: number;
  /** The queue's fields, as repo.ts reads them (queueSql); absent for a contact not read from its row. */
  needsReply?: boolean | null;
  status?: Recipient['status'];
  snoozedUntil?: Date | null;
  marketingSubscriber?: boolean;
  assignee?: Recipient['assignee'];
}

/** A contact known only by its psid (no row, no profile yet): every other field empty. */
export function unknownContact(psid: string): RecipientFields {
  return {
    psid,
    name: null,
    firstName: null,
    lastName: null,
    email: null,
    profilePic: null,
    lastMessageAt: null,
    lastMessagePreview: null,
    lastInboundAt: null,
    unreadCount: 0,
  };
}

/** The message columns a MessageReceived is built from (messages-repo.ts MessageRow has them all). */
export interface MessageFields {
  mid: string;
  direction: 'in' | 'out';
  text: string | null;
  sentBy: string;
  createdAt: Date;
  deliveredAt: Date | null;
  readAt: Date | null;
  /** Absent for rows read before they existed in the select (treated as none). */
  attachments?: MessageAttachment[] | null;
  reaction?: string | null;
  campaignId?: string | null;
  campaignName?: string | null;
}

/** Inside Messenger's 24-hour standard messaging window (opened by the contact's last message). */
export function isWindowOpen(lastInboundAt: Date | null, now = Date.now()): boolean {
  return lastInboundAt !== null && now - lastInboundAt.getTime() < MESSAGING_WINDOW_MS;
}

/**
 * The name the inbox shows: the profile's name, else first and last name joined, else '' (the client
 * shows its own placeholder for an unnamed contact, e.g. before a sync fetched the profile).
 */
export function recipientName(c: Pick<RecipientFields, 'name' | 'firstName' | 'lastName'>): string {
  return c.name ?? [c.firstName, c.lastName].filter(Boolean).join(' ');
}

export function toRecipient(c: RecipientFields, now = Date.now()): Recipient {
  return {
    id: c.psid,
    name: recipientName(c),
    email: c.email,
    profilePic: c.profilePic,
    online: c.lastInboundAt !== null && now - c.lastInboundAt.getTime() < ONLINE_WINDOW_MS,
    lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
    lastMessagePreview: c.lastMessagePreview,
    windowOpen: isWindowOpen(c.lastInboundAt, now),
    lastInboundAt: c.lastInboundAt?.toISOString() ?? null,
    unreadCount: c.unreadCount,
    needsReply: c.needsReply ?? needsReply(c),
    status: c.status ?? 'open',
    snoozedUntil: c.status === 'snoozed' ? (c.snoozedUntil?.toISOString() ?? null) : null,
    assignee: c.assignee ?? null,
    marketingSubscriber: c.marketingSubscriber ?? false,
  };
}

/**
 * The contact wrote last (their message is the conversation's latest): the page owes an answer. From the
 * times alone, for a contact not read with the queue's columns (repo.ts queueSql decides for the others).
 */
export function needsReply(c: Pick<RecipientFields, 'lastInboundAt' | 'lastMessageAt'>): boolean {
  return (
    c.lastInboundAt !== null &&
    (c.lastMessageAt === null || c.lastInboundAt.getTime() >= c.lastMessageAt.getTime())
  );
}

/** 'received' for the contact's messages; the page's own go sent -> delivered -> read. */
export function messageStatus(
  direction: 'in' | 'out',
  deliveredAt: Date | null,
  readAt: Date | null,
): MessageReceived['status'] {
  if (direction === 'in') return 'received';
  return readAt ? 'read' : deliveredAt ? 'delivered' : 'sent';
}

export function toMessage(m: MessageFields): MessageReceived {
  return {
    id: m.mid,
    message: m.text ?? '',
    createdAt: m.createdAt.toISOString(),
    sentBy: m.sentBy,
    status: messageStatus(m.direction, m.deliveredAt, m.readAt),
    attachments: m.attachments ?? [],
    reaction: m.reaction ?? null,
    campaign: m.campaignId && m.campaignName ? { id: m.campaignId, name: m.campaignName } : null,
  };
}

/** Longest matching line a search result carries (the row shows one line of it). */
const MATCH_TEXT_MAX = 160;
/** Characters kept before the first hit when the line is cut. */
const MATCH_LEAD = 30;

/** Where `q` occurs in `text`, case-insensitively (as ILIKE matched it), at most 20 hits. */
function hitsOf(text: string, q: string): SearchMatch['ranges'] {
  const re = new RegExp(q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
  const out: SearchMatch['ranges'] = [];
  for (const m of text.matchAll(re)) {
    if (m[0].length === 0 || out.length >= 20) break;
    out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/**
 * The match a search result shows: the newest message containing `q` (`line`), else the preview, else the
 * name; the line holding the first hit, cut around it, with its hits. Undefined when none contains it.
 */
export function searchMatch(
  q: string,
  c: Pick<RecipientFields, 'name' | 'firstName' | 'lastName' | 'lastMessagePreview'>,
  line: string | undefined,
): SearchMatch | undefined {
  const candidates: Array<[SearchMatch['field'], string | null | undefined]> = [
    ['message', line],
    ['preview', c.lastMessagePreview],
    ['name', recipientName(c)],
  ];
  for (const [field, text] of candidates) {
    if (!text) continue;
    const first = hitsOf(text, q)[0];
    if (!first) continue;
    if (field === 'name') return { field, text, ranges: hitsOf(text, q) };
    // The line holding the first hit, then a window of it that starts a little before the hit.
    const lineStart = text.lastIndexOf('\n', first.start - 1) + 1;
    const lineEnd = text.indexOf('\n', first.end);
    const whole = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
    const at = first.start - lineStart;
    const from = whole.length <= MATCH_TEXT_MAX || at <= MATCH_LEAD ? 0 : at - MATCH_LEAD;
    let cut = whole.slice(from, from + MATCH_TEXT_MAX).trim();
    if (from > 0) cut = `…${cut}`;
    if (from + MATCH_TEXT_MAX < whole.length) cut = `${cut}…`;
    return { field, text: cut, ranges: hitsOf(cut, q) };
  }
  return undefined;
}
