import { z } from 'zod';
import { c } from './c';
import {
  ErrorBody,
  GraphId,
  IsoDateTime,
  Uuid,
  meta,
  errors,
  pageErrors,
  pageSize,
  writeErrors,
  pathParamErrors,
  apiKeyErrors,
} from './common';
import { LIMITS } from './constants';
import { MessageReceived, PageMessagingAdmin, Paging, Recipient, Tag } from './entities';
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
 * Inbox filters: `needs_reply` (the contact wrote after the last message a person sent, and the
 * conversation is open), `unread` (messages the page has not opened), `window_open` (a standard reply is
 * allowed now), `resolved`, `snoozed` (until a time still to come, or until the contact writes),
 * `unreachable` (open, every window closed and no marketing subscription).
 */
export const INBOX_FILTERS = [
  'all',
  'needs_reply',
  'unread',
  'window_open',
  'resolved',
  'snoozed',
  'unreachable',
] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/** Whose conversations: the caller's (`mine`), nobody's (`unassigned`) or everyone's. */
export const INBOX_ASSIGNEE_FILTERS = ['all', 'mine', 'unassigned'] as const;
export type InboxAssigneeFilter = (typeof INBOX_ASSIGNEE_FILTERS)[number];

export const QUEUE_MESSAGES = {
  snoozePast: 'Choose a time in the future',
  notMessagingAdmin:
    'That person is not an admin of this page with messaging access, so the conversation cannot be assigned to them.',
} as const;

/** Resolve, reopen or snooze a conversation (`until` null: until the contact writes again). */
export const ConversationStatusBody = z.discriminatedUnion('status', [
  z.object({ status: z.literal('open') }),
  z.object({ status: z.literal('resolved') }),
  z.object({ status: z.literal('snoozed'), until: IsoDateTime.nullable() }),
]);
export type ConversationStatusBody = z.infer<typeof ConversationStatusBody>;

export const AssignBody = z.object({ userId: GraphId.nullable() });

export const InboxSettings = z.object({ resolveOnReply: z.boolean() });
export type InboxSettings = z.infer<typeof InboxSettings>;

/** A search over the page's contacts and its filters (the inbox list, its count, bulk tagging). */
export const RecipientMatch = z.object({
  q: z
    .string()
    .trim()
    .max(LIMITS.inboxSearchMax, `Search at most ${LIMITS.inboxSearchMax} characters`)
    .optional(),
  filter: z.enum(INBOX_FILTERS).default('all'),
  assignee: z.enum(INBOX_ASSIGNEE_FILTERS).default('all'),
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
      ...apiKeyErrors,
      ...errors(429),
      ...pathParamErrors,
      200: z.object({ recipients: z.array(Recipient), paging: Paging }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  countRecipients: {
    method: 'GET',
    path: '/api/v1/chats/:pageId/recipients/count',
    summary: 'How many of the page\'s contacts a search and its filters match (for "Select all")',
    pathParams: z.object({ pageId: GraphId }),
    query: RecipientMatch,
    responses: {
      ...pageErrors,
      ...apiKeyErrors,
      ...errors(429),
      ...pathParamErrors,
      200: z.object({ count: z.number().int().min(0) }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
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
      ...apiKeyErrors,
      ...pathParamErrors,
      200: z.object({ messages: z.array(MessageReceived), tags: z.array(Tag), paging: Paging }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
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
      ...apiKeyErrors,
      ...errors(409, 422, 429),
      ...pathParamErrors,
      201: z.object({ message: MessageReceived }),
      502: ErrorBody,
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'inbox:send' }),
  },
  markRead: {
    method: 'POST',
    path: '/api/v1/chats/:pageId/user/:userId/read',
    summary: 'The page has seen the conversation: its unread count goes back to 0',
    pathParams: chatParams,
    body: c.noBody(),
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...pathParamErrors,
      200: z.object({ unreadCount: z.literal(0) }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'inbox:send' }),
  },
  setStatus: {
    method: 'POST',
    path: '/api/v1/chats/:pageId/user/:userId/status',
    summary: 'Resolve, reopen or snooze a conversation',
    pathParams: chatParams,
    body: ConversationStatusBody,
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...pathParamErrors,
      200: z.object({ recipient: Recipient }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'inbox:send' }),
  },
  assign: {
    method: 'POST',
    path: '/api/v1/chats/:pageId/user/:userId/assignee',
    summary: "Assign a conversation to one of the page's messaging admins (null: unassign)",
    pathParams: chatParams,
    body: AssignBody,
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...errors(422),
      ...pathParamErrors,
      200: z.object({ recipient: Recipient }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'inbox:send' }),
  },
  listAssignees: {
    method: 'GET',
    path: '/api/v1/chats/:pageId/assignees',
    summary: "The page's admins with messaging access: whom a conversation can be assigned to",
    pathParams: z.object({ pageId: GraphId }),
    responses: {
      ...pageErrors,
      ...apiKeyErrors,
      ...pathParamErrors,
      200: z.object({ admins: z.array(PageMessagingAdmin) }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  resolveUnreachable: {
    method: 'POST',
    path: '/api/v1/chats/:pageId/resolve-unreachable',
    summary: 'Resolve every open conversation no message can reach any more',
    pathParams: z.object({ pageId: GraphId }),
    body: c.noBody(),
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...pathParamErrors,
      200: z.object({ resolved: z.number().int().min(0) }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'inbox:send' }),
  },
  queueCounts: {
    method: 'GET',
    path: '/api/v1/chats/:pageId/queue',
    summary: 'How many conversations need a reply, are unread, are assigned to the caller',
    pathParams: z.object({ pageId: GraphId }),
    responses: {
      ...pageErrors,
      ...apiKeyErrors,
      ...pathParamErrors,
      200: z.object({
        needsReply: z.number().int(),
        unread: z.number().int(),
        mine: z.number().int(),
      }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  getSettings: {
    method: 'GET',
    path: '/api/v1/chats/:pageId/settings',
    summary: "The page's inbox settings",
    pathParams: z.object({ pageId: GraphId }),
    responses: { ...pageErrors, ...apiKeyErrors, ...pathParamErrors, 200: InboxSettings },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  updateSettings: {
    method: 'PUT',
    path: '/api/v1/chats/:pageId/settings',
    summary: "Change the page's inbox settings",
    pathParams: z.object({ pageId: GraphId }),
    body: InboxSettings,
    responses: { ...writeErrors, ...pathParamErrors, 200: InboxSettings },
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
      ...apiKeyErrors,
      ...pathParamErrors,
      200: c.otherResponse({ contentType: 'text/event-stream', body: c.type<string>() }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, raw: true, scope: 'read' }),
  },
});
