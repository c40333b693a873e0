/** The emulated social network's data model. Compact on purpose: a page can hold 100k contacts. */

export type PageTask =
  'ANALYZE' | 'ADVERTISE' | 'MESSAGING' | 'MODERATE' | 'CREATE_CONTENT' | 'MANAGE';
export const ALL_TASKS: PageTask[] = [
  'ANALYZE',
  'ADVERTISE',
  'MESSAGING',
  'MODERATE',
  'CREATE_CONTENT',
  'MANAGE',
];

export interface User {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Permissions the user granted to the app (scope -> status). */
  permissions: Record<string, 'granted' | 'declined'>;
  appInstalled: boolean;
  isTestUser?: boolean;
  /** A business system user (its tokens are SYSTEM_USER; never in the login dialog). */
  isSystemUser?: boolean;
  password?: string;
}

/** A file in a message: `url` is Meta's CDN address, which expires (the emulator's after a day). */
export interface Attachment {
  type: 'image' | 'video' | 'audio' | 'file' | 'sticker';
  url: string;
  name?: string;
  /** Stickers only (Meta's `sticker_id`). */
  stickerId?: number;
}

export interface Message {
  mid: string;
  /** true = the contact wrote it, false = the page sent it. */
  fromContact: boolean;
  text: string;
  time: number;
  attachments?: Attachment[];
  /** The contact's reaction to this message (an emoji), if any. */
  reaction?: string;
  /** How many times the contact edited it (message_edits). */
  edits?: number;
}

export interface Contact {
  psid: string;
  firstName: string;
  lastName: string;
  /** Last time the contact wrote / acted (opens the 24-hour window); 0 = never. */
  lastInboundAt: number;
  /** Time of the latest message in the conversation; 0 = no conversation. */
  updatedAt: number;
  /** Number of lazily generated history messages (before `messages` is materialised). */
  baseCount: number;
  /** Seed for the lazily generated history. */
  historySeed: number;
  /** Materialised history, oldest first (null until first needed). */
  messages: Message[] | null;
  unread: number;
  /** The network user behind this contact, when known (a user who wrote to the page): ids_for_pages. */
  userId?: string;
}

export interface OutboxEntry {
  mid: string;
  recipient: string;
  text: string;
  messaging_type: string;
  tag: string | null;
  time: number;
  /** A UTILITY send: the template's name and language, and the parameters as sent. */
  template?: { name: string; language: string; params: Record<string, string> };
  /** An attachment send (audio, video, image, file): its type and where it came from. */
  attachment?: { type: string; url?: string; attachment_id?: string };
  /** The send's `message.metadata`, when it had one. */
  metadata?: string;
  /** A button template's buttons (its text is `text`). */
  buttons?: Array<{ type: string; url: string; title: string }>;
}

/** Meta's ten template statuses (`pagemessage_templates_status_enum_param`). */
export type TemplateStatus =
  | 'APPROVED'
  | 'ARCHIVED'
  | 'DELETED'
  | 'DISABLED'
  | 'IN_APPEAL'
  | 'LIMIT_EXCEEDED'
  | 'PAUSED'
  | 'PENDING'
  | 'PENDING_DELETION'
  | 'REJECTED';

/** A page's message template (`/{page-id}/message_templates`, category UTILITY). */
export interface MessageTemplate {
  id: string;
  name: string;
  language: string;
  category: 'UTILITY';
  /** POSITIONAL (`{{1}}`, Meta's default) or NAMED; absent in state files written before it: NAMED. */
  parameterFormat?: 'NAMED' | 'POSITIONAL';
  /** The components as created (BODY with its examples, optional BUTTONS). */
  components: Array<Record<string, unknown>>;
  body: string;
  /** The body's parameters (names, or positions '1', '2', …), each once. */
  params: string[];
  status: TemplateStatus;
  rejectedReason: string | null;
  createdAt: number;
  /** World time at which a PENDING template is decided. */
  decideAt: number;
  deleted: boolean;
}

export interface Page {
  id: string;
  name: string;
  category: string;
  /** userId -> tasks granted on the page. */
  roles: Map<string, PageTask[]>;
  contacts: Map<string, Contact>;
  /** Insertion order of contacts (for listing/state). */
  contactList: Contact[];
  /** appId -> subscribed fields. */
  subscribedApps: Map<string, string[]>;
  outbox: OutboxEntry[];
  templates: MessageTemplate[];
  /** Cached conversation order (newest first); rebuilt when dirty. */
  convOrder: Contact[] | null;
  /**
   * Handover protocol: the app that controls the page's threads. When another app (Meta's Page Inbox) has
   * them, this app gets the messaging events in `entry.standby` (if it subscribed to `standby`).
   */
  threadOwner?: string;
}

export interface AppSubscription {
  object: 'page';
  callbackUrl: string;
  verifyToken: string;
  fields: string[];
}

/** Features Meta grants an app as a whole, after App Review (not permissions a user grants). */
export interface AppFeatures {
  /** The Human Agent feature: the HUMAN_AGENT message tag. Off for a new app. */
  humanAgent: boolean;
}

export interface App {
  id: string;
  secret: string;
  name: string;
  subscription: AppSubscription | null;
  features: AppFeatures;
}

export type TokenType = 'USER' | 'PAGE' | 'APP' | 'SYSTEM_USER';

export interface TokenRecord {
  token: string;
  type: TokenType;
  userId: string;
  pageId?: string;
  appId: string;
  scopes: string[];
  issuedAt: number;
  /** ms epoch; 0 = never expires. */
  expiresAt: number;
  dataAccessExpiresAt: number;
  longLived: boolean;
  /** When set, the token is invalid with this 190 subcode. */
  invalidSubcode?: number;
}

export interface Behaviour {
  latencyMs: number;
  sendPerSecond: number;
  /** Send API calls per second per page for audio and video messages (Meta: 10). */
  mediaSendPerSecond: number;
  /** Messages per sliding second above which a page enters Meta's high-volume mode (0: never). */
  highVolumePerSecond: number;
  /** How long the mode lasts after the last second over the threshold (guess: Meta documents none). */
  highVolumeHoldMs: number;
  conversationsPerSecond: number;
  failureRate: number;
  failCodes: number[];
  /** Emulator extension: the next N Send/Conversations calls fail (cycling through failCodes). */
  failNext: number;
  /**
   * Emulator extension: the next N Send/Conversations calls are carried out (a send IS recorded) but their
   * answer is held for `hangMs`, like a platform whose answer never arrives before the caller's timeout.
   */
  hangNext: number;
  hangMs: number;
  unavailablePsids: string[];
  /** What `unavailablePsids` are answered: 551/1545041 or 200/1545041 (Meta lists both). */
  unavailableCode: 551 | 200;
  legacyMessageTags: boolean;
  webhookRetries: number;
  webhookRetryBaseMs: number;
  webhookBatchMs: number;
  /** How long Meta takes to decide a new utility template (0: decided at creation). */
  templateApprovalMs: number;
  /** Marketing messages: Meta's warm-up between creating a message campaign and its first send. */
  marketingWarmupMs: number;
  /** Marketing messages: the least time between two messages to one subscriber. */
  marketingCooldownMs: number;
  /** Marketing frequency caps: the organic threads a subscriber is assumed to have per day elsewhere. */
  marketingOrganicThreadsPerDay: number;
}

export const DEFAULT_BEHAVIOUR: Behaviour = {
  latencyMs: 0,
  sendPerSecond: 300,
  mediaSendPerSecond: 10,
  highVolumePerSecond: 40,
  highVolumeHoldMs: 60_000,
  conversationsPerSecond: 2,
  failureRate: 0,
  failCodes: [1200],
  failNext: 0,
  hangNext: 0,
  hangMs: 30_000,
  unavailablePsids: [],
  unavailableCode: 551,
  legacyMessageTags: false,
  webhookRetries: 5,
  webhookRetryBaseMs: 200,
  webhookBatchMs: 50,
  templateApprovalMs: 2000,
  marketingWarmupMs: 3_600_000,
  marketingCooldownMs: 12 * 3_600_000,
  marketingOrganicThreadsPerDay: 3,
};

export interface SeedSpec {
  seed: string | number;
  users?: number;
  pagesPerUser?: number;
  contactsPerPage?: number;
  messagesPerContact?: number;
  /** Share of contacts whose last message is inside the 24-hour window (default 0.25). */
  inWindowShare?: number;
}

/**
 * What a user of the control API (and the demo world) has granted unless told otherwise: everything
 * Pagecast asks for with every feature on, the utility and marketing permissions included. Tests of a
 * missing permission name their scopes.
 */
export const DEFAULT_SCOPES = [
  'public_profile',
  'email',
  'pages_show_list',
  'pages_messaging',
  'pages_manage_metadata',
  'pages_read_engagement',
  'pages_utility_messaging',
  'ads_management',
  'marketing_messages_messenger',
];
