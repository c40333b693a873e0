import type { InboxAssigneeFilter, InboxFilter } from '@pagecast/contract';
// Every react-query key of the web app, in one place: lower-case, resource first, then the narrowing
// parts. A prefix invalidates everything under it (e.g. `campaigns.all` after a create or a cancel).
export const queryKeys = {
  /** GET /pages/:pageId/overview (Home). */
  overview: (pageId: string) => ['overview', pageId] as const,
  /** GET /me/subscription (the user menu). */
  subscription: () => ['subscription'] as const,
  /** GET /user/deletion-status/:id (public page). */
  deletionStatus: (userId: string) => ['deletion-status', userId] as const,
  /** GET /pages/sync-status/:jobId (polled while a page syncs). */
  syncStatus: (jobId: string) => ['sync-status', jobId] as const,

  /** The page's tag list with counts; Manage Tags, Schedule and the inbox share the entry. */
  tags: {
    all: ['tags'] as const,
    list: (pageId: string) => ['tags', pageId] as const,
  },

  /** The page's utility templates (Templates and Schedule share the entry). */
  templates: {
    list: (pageId: string) => ['templates', pageId] as const,
  },

  /** Marketing messages: the page's setup (Marketing and Schedule share it), a contact's subscription. */
  marketing: {
    setup: (pageId: string) => ['marketing', pageId] as const,
    adAccounts: (pageId: string) => ['marketing', pageId, 'ad-accounts'] as const,
    subscription: (pageId: string, userId: string) =>
      ['marketing', pageId, 'subscription', userId] as const,
  },

  /** The page's saved replies (the composer's `/` list and their dialog). */
  savedReplies: {
    list: (pageId: string) => ['saved-replies', pageId] as const,
  },

  /** The Account screen: the admin's sessions, pages and settings (time zone). */
  account: {
    sessions: () => ['account', 'sessions'] as const,
    pages: () => ['account', 'pages'] as const,
    settings: () => ['account', 'settings'] as const,
    apiKeys: () => ['account', 'api-keys'] as const,
  },

  /** The inbox: recipients (plain, or searched / filtered) and each open conversation (with its tags). */
  inbox: {
    all: (pageId: string) => ['inbox', pageId] as const,
    /** The plain list; searches and filters sit under it (live events patch them all). */
    recipients: (pageId: string) => ['inbox', pageId, 'recipients'] as const,
    recipientsSearch: (pageId: string, search: RecipientSearch) =>
      ['inbox', pageId, 'recipients', search] as const,
    /** How many contacts a search matches (outside `recipients`: live events do not patch it). */
    recipientsCount: (pageId: string, search: RecipientSearch) =>
      ['inbox', pageId, 'count', search] as const,
    conversations: (pageId: string) => ['inbox', pageId, 'conversation'] as const,
    conversation: (pageId: string, userId: string) =>
      ['inbox', pageId, 'conversation', userId] as const,
    /** A conversation's private notes (under `all`: a resync refetches them too). */
    notes: (pageId: string, userId: string) => ['inbox', pageId, 'notes', userId] as const,
    /** The queue's counts (needs reply, unread, mine) and whom a conversation can be assigned to. */
    queue: (pageId: string) => ['inbox', pageId, 'queue'] as const,
    /** Open conversations no message can reach (under `queue`: refreshed with the counts). */
    unreachable: (pageId: string) => ['inbox', pageId, 'queue', 'unreachable'] as const,
    assignees: (pageId: string) => ['inbox', pageId, 'assignees'] as const,
    settings: (pageId: string) => ['inbox', pageId, 'settings'] as const,
  },

  /** Settings → Webhooks: the page's endpoints and each one's delivery log. */
  webhooks: {
    list: (pageId: string) => ['webhooks', pageId] as const,
    deliveries: (webhookId: string) => ['webhooks', 'deliveries', webhookId] as const,
  },

  campaigns: {
    all: ['campaigns'] as const,
    list: (pageId: string, page: number) => ['campaigns', 'list', pageId, page] as const,
    /** Every loaded page of a page's campaign list. */
    lists: (pageId: string) => ['campaigns', 'list', pageId] as const,
    detail: (id: string) => ['campaigns', 'detail', id] as const,
    /** What Meta billed for a marketing campaign (its insights). */
    spend: (id: string) => ['campaigns', 'spend', id] as const,
    recipients: (id: string, page: number, outcome: string) =>
      ['campaigns', 'recipients', id, page, outcome] as const,
    /** Every loaded page and filter of one campaign's recipients. */
    recipientsOf: (id: string) => ['campaigns', 'recipients', id] as const,
    audience: (pageId: string, tagId: string) => ['campaigns', 'audience', pageId, tagId] as const,
    /** The review before Confirm: a contact to preview with, the admin's own conversation. */
    review: (pageId: string, tagId: string) => ['campaigns', 'review', pageId, tagId] as const,
    /** Every audience preview of a page (all tags): refreshed when a sync brings contacts. */
    pageAudiences: (pageId: string) => ['campaigns', 'audience', pageId] as const,
  },
} as const;

/** A server-side inbox search: words of a name or message, a state filter, whose, a tag. */
export interface RecipientSearch {
  q: string;
  filter: InboxFilter;
  assignee: InboxAssigneeFilter;
  tagId: string | null;
}
