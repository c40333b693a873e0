// The only place contact and message rows become the contract's Recipient and MessageReceived: the inbox
// routes, the webhook's live events and the realtime hub all map through here, so they agree.
import {
  MESSAGING_WINDOW_MS,
  type MessageAttachment,
  type MessageReceived,
  type Recipient,
} from '@pagecast/contract';

/** A contact counts as online when they wrote within this long. */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;

/** The contact columns a Recipient is built from (chats/repo.ts ContactRow has them all). */
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
