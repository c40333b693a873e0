// Every entity the API returns, as zod schemas with their inferred types: the contract's data dictionary,
// read top to bottom; the campaign entities are in campaign-entities.ts (re-exported here), so the route
// groups (inbox.ts, campaigns.ts, …) import every entity from this file. Enum values come from
// constants.ts and the rules.
import { z } from 'zod';
import { Campaign } from './campaign-entities';
import { GraphId, IsoDateTime, Uuid } from './common';

export * from './campaign-entities';

/** Entities of spec §3, as the API answers them. */

export const Role = z.enum(['admin', 'operator']);

/** The signed-in admin. The social network token is not echoed back by the server. */
export const User = z.object({
  userId: GraphId,
  name: z.string(),
  email: z.string().nullable(),
  profilePic: z.string().nullable(),
  role: Role,
  /** The permissions Facebook says the admin granted at sign-in (docs/product.md §6). */
  grantedScopes: z.array(z.string()).optional(),
});
export type User = z.infer<typeof User>;

export const Tag = z.object({
  id: Uuid,
  name: z.string(),
  description: z.string(),
  pageId: GraphId,
});
export type Tag = z.infer<typeof Tag>;

export const TagListItem = z.object({
  tag: z.object({ id: Uuid, name: z.string(), description: z.string() }),
  count: z.number().int().nonnegative(),
});
export type TagListItem = z.infer<typeof TagListItem>;

export const SyncScope = z.enum(['none', 'full']);
export const Page = z.object({
  id: Uuid,
  pageId: GraphId,
  name: z.string(),
  profilePicture: z.string().nullable(),
  syncScope: SyncScope,
  tags: z.array(Tag),
  /**
   * The signed-in admin's role on the page allows messaging (inbox, tags, campaigns); without it only
   * the page's insights (Home, Campaign Analytics) are open.
   */
  canMessage: z.boolean(),
});
export type Page = z.infer<typeof Page>;

export const SelectedPage = Page.pick({
  pageId: true,
  id: true,
  name: true,
  syncScope: true,
  profilePicture: true,
  canMessage: true,
});
export type SelectedPage = z.infer<typeof SelectedPage>;

export const LoginResult = z.object({
  /**
   * The API token, for clients that are not browsers (sent as `Authorization: Bearer`). A browser's request
   * (it carries Origin or Sec-Fetch-Site, which no page script can remove) gets the session cookie instead
   * and no jwt, so a script on the page never holds the token (docs/product.md "Sign-in").
   */
  jwt: z.string().optional(),
  user: User,
  accounts: z.array(Page),
});
export type LoginResult = z.infer<typeof LoginResult>;

export const UserTagAssignment = z.object({ userId: GraphId, tagId: Uuid, pageId: GraphId });
export type UserTagAssignment = z.infer<typeof UserTagAssignment>;

/**
 * Where a search matched a conversation: the contact's `name`, one of its stored `message`s (the newest
 * that matches) or the list's `preview`. `text` is the matching line, cut around the first hit (an ellipsis
 * marks a cut); `ranges` are the hits in `text` (UTF-16 offsets, end exclusive), to highlight.
 */
export const SearchMatch = z.object({
  field: z.enum(['name', 'message', 'preview']),
  text: z.string(),
  ranges: z.array(z.object({ start: z.number().int().min(0), end: z.number().int().min(0) })),
});
export type SearchMatch = z.infer<typeof SearchMatch>;

export const Recipient = z.object({
  id: GraphId,
  name: z.string(),
  email: z.string().nullable(),
  profilePic: z.string().nullable(),
  /** Wrote to the page in the last 5 minutes. */
  online: z.boolean(),
  lastMessageAt: IsoDateTime.nullable(),
  lastMessagePreview: z.string().nullable(),
  /** Inside Messenger's 24-hour standard messaging window. */
  windowOpen: z.boolean(),
  /** The contact's last message to the page: where the reply windows start (rules/reply-window.ts). */
  lastInboundAt: IsoDateTime.nullable(),
  /** The contact's messages since the page last opened or answered the conversation. */
  unreadCount: z.number().int().min(0).default(0),
  /**
   * The contact wrote after the last message a person sent (campaigns and opt-in requests do not count),
   * and the conversation is open: it waits for the page's answer.
   */
  needsReply: z.boolean().default(false),
  /** In a search's answer only: where the search matched. */
  match: SearchMatch.optional(),
  /** Where the conversation is in the team's queue (a snooze past its time is 'open' again). */
  status: z.enum(['open', 'resolved', 'snoozed']).default('open'),
  /** With status 'snoozed': back in the queue at this time; null = when the contact writes again. */
  snoozedUntil: IsoDateTime.nullable().default(null),
  /** The page admin the conversation is assigned to. */
  assignee: z.object({ userId: GraphId, name: z.string() }).nullable().default(null),
  /** Holds an active marketing-messages subscription (reachable after the windows closed). */
  marketingSubscriber: z.boolean().default(false),
});
export type Recipient = z.infer<typeof Recipient>;

/** A page admin a conversation can be assigned to (messaging tasks on the page). */
export const PageMessagingAdmin = z.object({
  userId: GraphId,
  name: z.string(),
  profilePic: z.string().nullable(),
});
export type PageMessagingAdmin = z.infer<typeof PageMessagingAdmin>;

export const Paging = z.object({ nextCursor: z.string().nullable() });
export type Paging = z.infer<typeof Paging>;

export const MessageStatus = z.enum(['sent', 'delivered', 'read', 'received']);

export const MESSAGE_ATTACHMENT_TYPES = [
  'image',
  'sticker',
  'video',
  'audio',
  'file',
  'other',
] as const;
/**
 * A file or sticker in a message. `url` is Meta's CDN address: it expires after some days (then the file is
 * gone from Meta too), so clients show a fallback when it no longer loads. `other`: a shared link, a
 * location or a template card (`name` is its title).
 */
export const MessageAttachment = z.object({
  type: z.enum(MESSAGE_ATTACHMENT_TYPES),
  url: z.string().nullable(),
  name: z.string().nullable(),
});
export type MessageAttachment = z.infer<typeof MessageAttachment>;

/** A message as received from the API: `sentBy` is the PSID or the page id. */
export const MessageReceived = z.object({
  id: z.string(),
  message: z.string(),
  createdAt: IsoDateTime,
  sentBy: GraphId,
  status: MessageStatus,
  attachments: z.array(MessageAttachment).default([]),
  /** The contact's reaction to this message (an emoji). */
  reaction: z.string().nullable().default(null),
  /** The campaign that sent it (the page's messages only). */
  campaign: z.object({ id: Uuid, name: z.string() }).nullable().default(null),
});
export type MessageReceived = z.infer<typeof MessageReceived>;

export const SyncJob = z.object({ jobId: z.string() });
export const SyncStatusValue = z.enum(['completed', 'not_found', 'failed', 'running', 'waiting']);
export const SyncStatus = z.object({
  jobId: z.string(),
  status: SyncStatusValue,
  isActive: z.boolean(),
  /** Mirrors the queue state of the job. */
  state: z.string(),
  progress: z.object({ processed: z.number().int(), total: z.number().int().nullable() }),
  error: z.string().nullable(),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

/** `confirmationCode` addresses the public status page (/deletion-status/{code}). */
export const DeletionResult = z.object({ success: z.boolean(), confirmationCode: z.string() });
export const DeletionStatus = z.object({
  userId: z.string(),
  message: z.string(),
  deleted: z.boolean(),
});
export type DeletionStatus = z.infer<typeof DeletionStatus>;

export const Subscription = z.object({
  plan: z.enum(['free', 'pro']),
  status: z.enum(['active', 'expired', 'none']),
  periodEnd: IsoDateTime.nullable(),
  availableCredits: z.number().int(),
});
export type Subscription = z.infer<typeof Subscription>;

/**
 * The parts of a page's Messenger webhooks, each subscribed on its own so one refused field costs only its
 * feature: `inbox` is messages, deliveries, reads, postbacks, echoes, reactions, referrals and edits.
 */
export const WEBHOOK_FEATURES = [
  'inbox',
  'template_status',
  'optins',
  'marketing_deliveries',
  'marketing_reads',
  'marketing_clicks',
  'marketing_delivery_failed',
] as const;
export const WebhookFeature = z.enum(WEBHOOK_FEATURES);
export type WebhookFeature = z.infer<typeof WebhookFeature>;
/** A webhook feature Meta did not subscribe the page to, and why. */
export const WebhookFeatureOff = z.object({
  feature: WebhookFeature,
  /** permission: the page token lacks one of `permission`; refused: Meta refused the field; failed: Meta could not be asked. */
  reason: z.enum(['permission', 'refused', 'failed']),
  /** The permissions Meta named, comma-separated (one of them is needed). */
  permission: z.string().nullable(),
  checkedAt: IsoDateTime,
});
export type WebhookFeatureOff = z.infer<typeof WebhookFeatureOff>;

export const PageOverview = z.object({
  page: Page,
  contacts: z.object({ total: z.number().int(), insideWindow: z.number().int() }),
  tagCount: z.number().int(),
  lastSync: z
    .object({
      status: SyncStatusValue,
      finishedAt: IsoDateTime.nullable(),
      processed: z.number().int(),
      error: z.string().nullable(),
    })
    .nullable(),
  upcomingCampaigns: z.array(Campaign),
  lastCampaign: Campaign.nullable(),
  /** The page's webhook features that are off (empty: all on, or not asked yet). */
  webhooksOff: z.array(WebhookFeatureOff).default([]),
  /** The inbox queue: conversations that need a reply, with unread messages, assigned to the caller. */
  inbox: z
    .object({
      needsReply: z.number().int(),
      unread: z.number().int(),
      assignedToYou: z.number().int(),
    })
    .default({ needsReply: 0, unread: 0, assignedToYou: 0 }),
});
export type PageOverview = z.infer<typeof PageOverview>;

/**
 * Events of the live inbox stream (Server-Sent Events, `data:` is one of these as JSON). `psid` is the
 * contact's page-scoped id, the `{userId}` of the inbox's URLs.
 */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    pageId: GraphId,
    psid: GraphId,
    message: MessageReceived,
  }),
  z.object({
    type: z.literal('delivery'),
    pageId: GraphId,
    psid: GraphId,
    watermark: IsoDateTime,
  }),
  z.object({
    type: z.literal('read'),
    pageId: GraphId,
    psid: GraphId,
    watermark: IsoDateTime,
  }),
  /** The contact reacted to a message (`reaction` null: took the reaction back). */
  z.object({
    type: z.literal('reaction'),
    pageId: GraphId,
    psid: GraphId,
    messageId: z.string(),
    reaction: z.string().nullable(),
  }),
  /** The contact edited one of their messages: its new text. */
  z.object({
    type: z.literal('edit'),
    pageId: GraphId,
    psid: GraphId,
    messageId: z.string(),
    text: z.string(),
  }),
  z.object({ type: z.literal('contact'), pageId: GraphId, recipient: Recipient }),
  z.object({ type: z.literal('campaign'), pageId: GraphId, campaign: Campaign }),
  /** A private note was written, edited or deleted: open inboxes reload the conversation's notes. */
  z.object({
    type: z.literal('note'),
    pageId: GraphId,
    psid: GraphId,
    noteId: Uuid,
    action: z.enum(['created', 'updated', 'deleted']),
  }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

/** Marketing messages (Meta's paid Marketing Message API) of a page: the ad account billed, and who opted in. */
export const MarketingAdAccount = z.object({
  /** 'act_<digits>'. */
  id: z.string(),
  name: z.string(),
  currency: z.string().nullable(),
});
export type MarketingAdAccount = z.infer<typeof MarketingAdAccount>;
export const MarketingSetup = z.object({
  pageId: GraphId,
  /** Null until an admin connects one. */
  adAccount: MarketingAdAccount.nullable(),
  connectedAt: IsoDateTime.nullable(),
  /** Contacts holding an active marketing-messages subscription. */
  subscribers: z.number().int(),
  /** Contacts who stopped them (kept so they are never sent one). */
  stopped: z.number().int(),
  /**
   * Permissions the signed-in admin has not granted that marketing messages need (Meta's onboarding
   * Flow 2); empty when none is missing or it is not known yet.
   */
  missingPermissions: z.array(z.string()).optional(),
});
export type MarketingSetup = z.infer<typeof MarketingSetup>;

export const SubscriptionStatus = z.enum(['subscribed', 'stopped']);
/** One contact's marketing-messages subscription and the last opt-in request sent to them. */
export const ContactSubscription = z.object({
  status: SubscriptionStatus.nullable(),
  /** The topic they opted in to. */
  title: z.string().nullable(),
  since: IsoDateTime.nullable(),
  lastRequest: z.object({ title: z.string(), sentAt: IsoDateTime }).nullable(),
  /** Whether 'Ask to subscribe' may be sent now (inside the window, not asked about it this week). */
  canAsk: z.boolean(),
  /** Why not, as a sentence (null when it may). */
  cannotAskReason: z.string().nullable(),
});
export type ContactSubscription = z.infer<typeof ContactSubscription>;
