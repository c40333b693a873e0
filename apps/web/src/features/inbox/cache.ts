// The pure cache updates that live events and sends apply to the inbox's queries (keys: lib/query-keys.ts).
import type { InfiniteData } from '@tanstack/react-query';
import {
  attachmentSummary,
  type LiveEvent,
  type MessageReceived,
  type Paging,
  type Recipient,
  type Tag,
} from '@pagecast/contract';
import type { RecipientSearch } from '../../lib/query-keys';

export type RecipientsPage = { recipients: Recipient[]; paging: Paging };
export type ConversationPage = { messages: MessageReceived[]; tags: Tag[]; paging: Paging };
export type RecipientsData = InfiniteData<RecipientsPage>;
export type ConversationData = InfiniteData<ConversationPage>;

/** The items of every loaded page in order, each id once: the first occurrence wins. */
function uniqueById<T extends { id: string }>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const items of pages)
    for (const item of items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  return out;
}

/** Load More skips recipients already listed (spec §4): first occurrence wins. */
export function flattenRecipients(data: RecipientsData | undefined): Recipient[] {
  return uniqueById((data?.pages ?? []).map((page) => page.recipients));
}

/** Oldest first for display (the server sends newest first; spec §4 reverses). */
export function conversationOldestFirst(data: ConversationData | undefined): MessageReceived[] {
  return uniqueById((data?.pages ?? []).map((page) => page.messages)).reverse();
}

/**
 * A new message moves its conversation to the top with the new time and preview. Returns null when the
 * contact is not in the cache (the caller refetches the list).
 */
export function moveRecipientToTop(
  data: RecipientsData,
  contactId: string,
  message: MessageReceived,
): RecipientsData | null {
  let found: Recipient | undefined;
  const pages = data.pages.map((p) => ({
    ...p,
    recipients: p.recipients.filter((r) => {
      if (r.id !== contactId) return true;
      found = r;
      return false;
    }),
  }));
  if (!found || pages.length === 0) return null;
  const inbound = message.sentBy === contactId;
  const newer = !found.lastMessageAt || found.lastMessageAt <= message.createdAt;
  const updated: Recipient = {
    ...found,
    ...(newer
      ? {
          lastMessageAt: message.createdAt,
          lastMessagePreview: message.message || attachmentSummary(message.attachments),
        }
      : {}),
    // Their message opens the reply windows afresh (the composer reads them from lastInboundAt), and
    // reopens a resolved conversation or one snoozed until they write. A page message alone decides
    // nothing: only a person's reply answers (the server's contact event that follows says so).
    ...(inbound
      ? {
          online: true,
          windowOpen: true,
          lastInboundAt: message.createdAt,
          ...(reopens(found) ? { status: 'open' as const, snoozedUntil: null } : {}),
          ...(reopens(found) || found.status === 'open' ? { needsReply: true } : {}),
        }
      : {}),
  };
  const [first, ...rest] = pages as [RecipientsPage, ...RecipientsPage[]];
  return { ...data, pages: [{ ...first, recipients: [updated, ...first.recipients] }, ...rest] };
}

/** A message of the contact reopens a resolved conversation or one snoozed until they write. */
const reopens = (r: Recipient) =>
  r.status === 'resolved' || (r.status === 'snoozed' && r.snoozedUntil === null);

/**
 * Whether a conversation still belongs in a filtered list after its queue changed (status, assignment,
 * needs reply), for the filters the row itself decides; `meId` is the signed-in admin's user id.
 */
export function matchesQueue(
  r: Recipient,
  search: Pick<RecipientSearch, 'filter' | 'assignee'>,
  meId: string | undefined,
): boolean {
  const filterOk =
    search.filter === 'needs_reply'
      ? r.needsReply
      : search.filter === 'resolved'
        ? r.status === 'resolved'
        : search.filter === 'snoozed'
          ? r.status === 'snoozed'
          : search.filter === 'unreachable'
            ? r.status === 'open'
            : true;
  const assigneeOk =
    search.assignee === 'mine'
      ? r.assignee !== null && r.assignee.userId === meId
      : search.assignee === 'unassigned'
        ? r.assignee === null
        : true;
  return filterOk && assigneeOk;
}

/** Takes a conversation out of a list (it no longer matches its filter). */
export function removeRecipient(data: RecipientsData, id: string): RecipientsData {
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, recipients: p.recipients.filter((r) => r.id !== id) })),
  };
}

/** A contact event (new contact, changed profile): replace it in place, or put it at the top when new. */
export function upsertRecipient(data: RecipientsData, recipient: Recipient): RecipientsData {
  let replaced = false;
  const pages = data.pages.map((p) => ({
    ...p,
    recipients: p.recipients.map((r) => {
      if (r.id !== recipient.id) return r;
      replaced = true;
      return recipient;
    }),
  }));
  if (replaced || pages.length === 0) return { ...data, pages };
  const [first, ...rest] = pages as [RecipientsPage, ...RecipientsPage[]];
  return { ...data, pages: [{ ...first, recipients: [recipient, ...first.recipients] }, ...rest] };
}

/** Adds a message to an open conversation once (a send and its live echo carry the same id). */
export function addMessage(data: ConversationData, message: MessageReceived): ConversationData {
  if (data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, messages: [message, ...first.messages] }, ...rest] };
}

/** The contact edited a message: it shows the new text where it is loaded. */
export function applyEdit(
  data: ConversationData,
  messageId: string,
  text: string,
): ConversationData {
  if (!data.pages.some((p) => p.messages.some((m) => m.id === messageId && m.message !== text)))
    return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      messages: p.messages.map((m) => (m.id === messageId ? { ...m, message: text } : m)),
    })),
  };
}

/** Delivery and read watermarks: every page message sent at or before it takes the new status. */
export function applyWatermark(
  data: ConversationData,
  pageId: string,
  watermark: string,
  status: 'delivered' | 'read',
): ConversationData {
  const rank = { received: 0, sent: 1, delivered: 2, read: 3 } as const;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      messages: p.messages.map((m) =>
        m.sentBy === pageId && m.createdAt <= watermark && rank[m.status] < rank[status]
          ? { ...m, status }
          : m,
      ),
    })),
  };
}

/** The contact reacted to a message (or took the reaction back). */
export function applyReaction(
  data: ConversationData,
  messageId: string,
  reaction: string | null,
): ConversationData {
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      messages: p.messages.map((m) => (m.id === messageId ? { ...m, reaction } : m)),
    })),
  };
}

/** The conversation was opened: nothing in it is unread (the server agrees a moment later). */
export function clearUnread(data: RecipientsData, contactId: string): RecipientsData {
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      recipients: p.recipients.map((r) =>
        r.id === contactId && r.unreadCount > 0 ? { ...r, unreadCount: 0 } : r,
      ),
    })),
  };
}

export type { LiveEvent };
