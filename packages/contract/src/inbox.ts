import { z } from 'zod';
import { c } from './c';
import {
  ErrorBody,
  GraphId,
  Uuid,
  meta,
  errors,
  pageErrors,
  pageSize,
  writeErrors,
} from './common';
import { LIMITS } from './constants';
import { MessageReceived, Paging, Recipient, Tag } from './entities';
import { CHAT_MESSAGES } from './rules/messages';

const cursor = z.string().max(512).optional();
const chatParams = z.object({ pageId: GraphId, userId: GraphId });

export const SendMessageBody = z.object({
  message: z
    .string({
      required_error: CHAT_MESSAGES.messageRequired,
      invalid_type_error: CHAT_MESSAGES.messageRequired,
    })
    .trim()
    .min(1, CHAT_MESSAGES.messageRequired)
    .max(LIMITS.chatMessageMax, CHAT_MESSAGES.messageTooLong),
});

/**
 * Inbox filters: `needs_reply` (the contact wrote last), `unread` (messages the page has not opened),
 * `window_open` (a standard reply is allowed now).
 */
export const INBOX_FILTERS = ['all', 'needs_reply', 'unread', 'window_open'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/** A search over the page's contacts and its filters (the inbox list, its count, bulk tagging). */
export const RecipientMatch = z.object({
  q: z
    .string()
    .trim()
    .max(LIMITS.inboxSearchMax, `Search at most ${LIMITS.inboxSearchMax} characters`)
    .optional(),
  filter: z.enum(INBOX_FILTERS).default('all'),
  tagId: Uuid.optional(),
});
export type RecipientMatch = z.infer<typeof RecipientMatch>;

export const inboxContract = c.router({
  getRecipients: {
    method: 'GET',
    path: '/api/v1/chats/:pageId/recipients',
    summary:
      "The page's conversations, most recent activity first (keyset paging); searched by name or message text, filtered by state or tag",
    pathParams: z.object({ pageId: GraphId }),
    query: RecipientMatch.extend({
      after: cursor,
      limit: pageSize(LIMITS.recipientsPageSizeMax, LIMITS.recipientsPageSize),
    }),
    responses: {
      ...pageErrors,
      ...errors(429),
      200: z.object({ recipients: z.array(Recipient), paging: Paging }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true }),
  },
  countRecipients: {
    method: 'GET',
    path: '/api/v1/chats/:pageId/recipients/count',
    summary: 'How many of the page\'s contacts a search and its filters match (for "Select all")',
    pathParams: z.object({ pageId: GraphId }),
    query: RecipientMatch,
    responses: { ...pageErrors, ...errors(429), 200: z.object({ count: z.number().int().min(0) }) },
    metadata: meta({ auth: 'admin', pageScoped: true }),
  },
  getConversation: {
    method: 'GET',
    path: '/api/v1/chats/:pageId/user/:userId',
    summary: 'A conversation, newest message first, with the contact tags',
    pathParams: chatParams,
    query: z.object({
      after: cursor,
      limit: pageSize(LIMITS.messagesPageSizeMax, LIMITS.messagesPageSize),
    }),
    responses: {
      ...pageErrors,
      200: z.object({ messages: z.array(MessageReceived), tags: z.array(Tag), paging: Paging }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true }),
  },
  sendMessage: {
    method: 'POST',
    path: '/api/v1/chats/:pageId/user/:userId/send',
    summary: 'Send a message to a contact (inside the 24-hour window)',
    pathParams: chatParams,
    body: SendMessageBody,
    // 502: the platform did not confirm the send (it may or may not have gone out).
    responses: {
      ...writeErrors,
      ...errors(409, 422, 429),
      201: z.object({ message: MessageReceived }),
      502: ErrorBody,
    },
    metadata: meta({ auth: 'admin', pageScoped: true }),
  },
  markRead: {
    method: 'POST',
    path: '/api/v1/chats/:pageId/user/:userId/read',
    summary: 'The page has seen the conversation: its unread count goes back to 0',
    pathParams: chatParams,
    body: c.noBody(),
    responses: { ...writeErrors, 200: z.object({ unreadCount: z.literal(0) }) },
    metadata: meta({ auth: 'admin', pageScoped: true }),
  },
  events: {
    method: 'GET',
    path: '/api/v1/chats/:pageId/events',
    summary:
      'Live inbox events (Server-Sent Events: message, delivery, read, reaction, contact, campaign)',
    pathParams: z.object({ pageId: GraphId }),
    responses: {
      ...pageErrors,
      200: c.otherResponse({ contentType: 'text/event-stream', body: c.type<string>() }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, raw: true }),
  },
});
