/** Business constants and limits of spec §9 (and a few the product adds), shared by server and web. */

/** Message-tag content types with their labels (spec §9). */
export const CONTENT_TYPES = [
  { value: 'CONFIRMED_EVENT_UPDATE', label: 'Confirmed event update' },
  { value: 'POST_PURCHASE_UPDATE', label: 'Post purchase update' },
  { value: 'ACCOUNT_UPDATE', label: 'Account update' },
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number]['value'];
export const CONTENT_TYPE_VALUES = CONTENT_TYPES.map((t) => t.value) as [
  ContentType,
  ...ContentType[],
];
/**
 * A campaign's Purpose (spec §10.8): a promotion (the default) or one of the three transactional updates,
 * stored in the same `type` field. Only an update may go out as a utility template.
 */
export const PROMOTION = 'PROMOTION' as const;
export const PURPOSES = [{ value: PROMOTION, label: 'Promotion' }, ...CONTENT_TYPES] as const;
export type Purpose = (typeof PURPOSES)[number]['value'];
export const PURPOSE_VALUES = PURPOSES.map((t) => t.value) as [Purpose, ...Purpose[]];
export const contentTypeLabel = (value: string): string =>
  PURPOSES.find((t) => t.value === value)?.label ?? value;

export const CAMPAIGN_PAGE_SIZE = 7;
export const CAMPAIGN_PAGE_SIZE_MAX = 100;

export const LIMITS = {
  tagNameLiveMax: 20,
  tagNameMin: 3,
  tagDescriptionLiveMax: 60,
  tagDescriptionMin: 3,
  tagDescriptionMax: 200,
  campaignNameMin: 3,
  campaignNameMax: 100,
  campaignDescriptionMin: 3,
  campaignDescriptionMax: 200,
  campaignMessageMin: 3,
  campaignMessageMax: 500,
  /** Messenger text messages (Send API). */
  chatMessageMax: 2000,
  recipientsPageSize: 30,
  recipientsPageSizeMax: 100,
  /** Inbox search: names and message text of all the page's contacts. */
  inboxSearchMax: 100,
  messagesPageSize: 50,
  messagesPageSizeMax: 200,
  /** Campaigns one page may have created within a minute (a script or a stuck button, not a person). */
  campaignsPerPagePerMinute: 10,
  /** Campaigns one page may have scheduled and not started yet. */
  pendingCampaignsPerPage: 100,
  /** Deliver on return: how long a campaign may keep its skipped recipients waiting. */
  deliverOnReturnDaysMax: 30,
  /** Audience (spec §10.9): tags in one list (included or excluded). */
  audienceTagsMax: 20,
  /** Audience: "wrote in the last N days". */
  audienceDaysMax: 365,
  /**
   * Deliver on return: minutes the send waits for a person to answer the contact first. Never 0 (the
   * promotion must not be the instant answer to a question); at most 12 hours, well inside the 24-hour window.
   */
  returnDelayMinutesMin: 1,
  returnDelayMinutesMax: 720,
  returnDelayMinutesDefault: 30,
} as const;

/** The choices Schedule offers for 'Deliver on return' (0 = off). */
export const DELIVER_ON_RETURN_CHOICES = [0, 1, 3, 7, 14, 30] as const;

/**
 * Skip reasons a returning contact can be reached from: they had no path only because of the window. Not
 * `not_subscribed` or `opted_out`: a campaign with marketing messages is promotional, and a person who
 * stopped them (or never asked for them) does not get it in reply to their next, unrelated message.
 */
export const RETURNABLE_SKIP_REASONS = ['outside_window', 'template_unavailable'] as const;

/**
 * Facebook Login scopes every sign-in asks for; features add theirs (rules/permissions.ts `loginScopes`).
 * Exactly what the Graph calls need (apps/api/test/login-scopes.test.ts derives it from the emulator's
 * per-endpoint table): spec §6 also listed `pages_manage_engagement` and `business_management`, which no call
 * uses, and Meta names unneeded permissions as a common reason App Review rejects an app (issue #46).
 */
export const BASE_LOGIN_SCOPES = [
  'public_profile',
  'email',
  'pages_messaging',
  'pages_manage_metadata',
  'pages_show_list',
  'pages_read_engagement',
] as const;
/** The data-deletion re-login asks for less (spec §6). */
export const DELETION_LOGIN_SCOPES = ['public_profile', 'email', 'pages_show_list'] as const;
/** A live Graph API version (v16.0 of the original spec expired on 2025-05-14); configurable. */
export const GRAPH_API_VERSION = 'v25.0';

/** Default token expiry: 60 days in seconds. */
export const DEFAULT_TOKEN_EXPIRES_IN = 5_184_000;

export const TIMINGS = {
  syncStatusPollMs: 5000,
  recipientsCacheMs: 600_000,
  recipientsRefetchThresholdMs: 60_000,
  queryGcTimeMs: 60_000,
  campaignToastMs: 3000,
  deletionToastMs: 3000,
  defaultToastMs: 4000,
  redirectDelayMs: 3000,
  counterRepeatDelayMs: 500,
  counterRepeatIntervalMs: 70,
} as const;

export const TOASTS = { maxVisible: 3, widthPx: 356, gapPx: 14 } as const;

export const TIME_COUNTERS = {
  hours: { min: 0, max: 23, step: 1 },
  minutes: { min: 0, max: 59, step: 1 },
  seconds: { min: 0, max: 59, step: 1 },
} as const;

export const UI = {
  scrollToBottomThresholdPx: 20,
  composerMaxHeight: '3rem',
  bubbleMaxWidth: '60%',
  conversationPanelWidthPx: 550,
  pageListMaxHeightPx: 700,
  mobileBreakpointPx: 768,
  selectMenu: { maxHeight: 300, minHeight: 140, pageJump: 5 },
  sidebar: {
    cookieName: 'sidebar_state',
    cookieMaxAgeSeconds: 604_800,
    width: '16rem',
    widthMobile: '18rem',
    widthCollapsed: '3rem',
    shortcutKey: 'b',
  },
} as const;

export const PRICING = {
  plan: 'Pro',
  pricePerMonthUsd: 20,
  liabilityCapMonths: 3,
  features: [
    'Unlimited scheduled messages',
    'Unlimited pages',
    'Unlimited campaigns',
    'Real-time chat inbox',
    'Smart user segmentation',
    'Message tagging and filtering',
    'Auto-scheduling and batching',
    'Advanced analytics and message logs',
    'Priority support',
  ],
} as const;

/** Messenger's standard messaging window: any message, for 24 hours after the contact's last one. */
export const MESSAGING_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The HUMAN_AGENT tag: a reply a person types, up to 7 days after the contact's last message. */
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** How a recipient's message went ('Sent as'): the row's messaging type in words (detail and CSV). */
export const SENT_AS_LABELS: Record<string, string> = {
  UPDATE: 'Standard message',
  RESPONSE: 'Standard message',
  UTILITY: 'Utility template',
  MARKETING: 'Marketing message (paid)',
  MESSAGE_TAG: 'Message tag',
};

/** A recipient row's state in words (detail and CSV). */
export const OUTCOME_LABELS: Record<string, string> = {
  queued: 'Not sent yet',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unknown: 'Unknown (review)',
  skipped: 'Skipped',
};

/** 'Tag these recipients' tags at most this many of a campaign's recipients in one request. */
export const TAG_RECIPIENTS_MAX = 10_000;

/** A campaign reply or click counts as an interaction this long after delivery. */
export const INTERACTION_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Why a campaign recipient was skipped: Messenger allows no message to them on any path the campaign has.
 * Stored on the recipient row; SKIP_REASONS says each one to the user as a next step.
 */
export const SKIP_REASON_CODES = [
  'outside_window',
  'template_unavailable',
  'not_subscribed',
  'opted_out',
] as const;

export const SKIP_REASONS: Record<(typeof SKIP_REASON_CODES)[number], string> = {
  outside_window:
    'Last wrote to the page more than 24 hours ago, so Messenger allows no campaign message to them now. They can be reached again once they write to the page, or with an approved utility template.',
  template_unavailable:
    'Outside the 24-hour window, and the utility template chosen for them was deleted or is no longer approved by Meta. Check Templates, then schedule a new campaign for them.',
  not_subscribed:
    'Outside the 24-hour window and not subscribed to your marketing messages. Ask them to subscribe next time they write (Chats), or choose a utility template for them.',
  opted_out:
    'Stopped your marketing messages, and outside the 24-hour window. This campaign is not sent to them, even if they write again: they get marketing messages only if they subscribe again.',
};
