import type { Recipient } from '@pagecast/contract';

/** A listed conversation: open, nobody's, window closed, nothing unread; `over` changes what a test needs. */
export const makeRecipient = (id: string, over: Partial<Recipient> = {}): Recipient => ({
  id,
  name: `Contact ${id}`,
  email: null,
  profilePic: null,
  online: false,
  lastMessageAt: '2030-01-01T10:00:00.000Z',
  lastMessagePreview: 'earlier',
  windowOpen: false,
  lastInboundAt: null,
  unreadCount: 0,
  needsReply: false,
  status: 'open',
  snoozedUntil: null,
  assignee: null,
  marketingSubscriber: false,
  ...over,
});
