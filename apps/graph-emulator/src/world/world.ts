// The emulated Facebook's state: users, pages, roles, contacts and their message history, and the acts of
// the people in it (a contact writes, reads, reacts, taps a button). One class on purpose: every route and
// control call reads and changes the same world, and it is persisted whole (persist.ts); what only one
// part needs (marketing state, high-volume mode, tokens, history) lives in its own module.
import { MarketingState } from '../marketing/state.js';
import { HighVolumeMode } from '../send/high-volume.js';
import { Rng } from '../util/rng.js';
import { materialise, makeMid } from './history.js';
import { TokenStore } from './tokens.js';
import {
  ALL_TASKS,
  DEFAULT_BEHAVIOUR,
  DEFAULT_SCOPES,
  type App,
  type AppFeatures,
  type Attachment,
  type Behaviour,
  type Contact,
  type Message,
  type OutboxEntry,
  type Page,
  type PageTask,
  type User,
} from './types.js';
import { FIRST_NAMES, LAST_NAMES } from './names.js';

/** Meta's Page Inbox (Business Suite): the app id on echoes of replies a person sent there. */
export const PAGE_INBOX_APP_ID = '263902037430900';

export type WebhookField =
  | 'messages'
  | 'message_deliveries'
  | 'message_reads'
  | 'messaging_postbacks'
  | 'message_echoes'
  | 'message_reactions'
  | 'messenger_template_status_update'
  | 'messaging_referrals'
  | 'message_edits'
  | 'message_template_status_update'
  | 'messaging_optins'
  | 'marketing_message_echoes'
  | 'marketing_message_deliveries'
  | 'marketing_message_reads'
  | 'marketing_message_clicks';

export interface WorldEvent {
  pageId: string;
  field: WebhookField;
  event: Record<string, unknown>;
  /** Delivered in the Graph `changes` form (`{field, value: event}`) instead of `messaging`. */
  change?: boolean;
  /** Delivered in `entry.standby` (another app controls the thread; needs the `standby` field). */
  standby?: boolean;
}

export interface ContactSpec {
  count: number;
  rng: Rng;
  messagesPerContact: number;
  inWindowShare: number;
  /** When set, every contact's last inbound message is exactly this long ago (overrides the random spread). */
  inboundAgoMs?: number | null;
}

/** In-memory state of the emulated network: users, one app, pages, contacts, conversations, tokens. */
export class World {
  app: App;
  users = new Map<string, User>();
  pages = new Map<string, Page>();
  /** psid -> page (PSIDs are page-scoped and globally unique here). */
  psidIndex = new Map<string, Page>();
  tokens: TokenStore;
  /** Marketing Message API state: ad accounts, subscriptions, message campaigns (marketing/marketing.ts). */
  marketing = new MarketingState();
  behaviour: Behaviour = { ...DEFAULT_BEHAVIOUR };
  clockOffsetMs = 0;
  /** Faults injected so far (`GET /_emulator/faults`): error answers by code, and held answers. */
  faults: { byCode: Record<string, number>; held: number } = { byCode: {}, held: 0 };
  /** Codes issued by the login dialog (response_type=code) -> token data. */
  authCodes = new Map<
    string,
    { userId: string; scopes: string[]; redirectUri: string; expiresAt: number }
  >();
  onEvent: (e: WorldEvent) => void = () => {};
  /** Every message a page sends counts towards Meta's high-volume mode (send/high-volume.ts). */
  highVolume = new HighVolumeMode();
  onChange: () => void = () => {};
  /** A template awaits Meta's review, or the clock moved: the server re-arms its review timer. */
  onTemplatePending: () => void = () => {};
  private idRng = new Rng('ids');
  /** Saved attachments (Attachment Upload API, `is_reusable`): id -> the page, its type and source URL. */
  savedAttachments = new Map<string, { pageId: string; type: string; url: string }>();

  constructor(app: { id: string; secret: string; name: string; features?: Partial<AppFeatures> }) {
    this.app = {
      ...app,
      subscription: null,
      features: { humanAgent: false, ...app.features },
    };
    this.tokens = new TokenStore(() => this.now());
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  touch(): void {
    this.onChange();
  }

  reset(): void {
    this.users.clear();
    this.pages.clear();
    this.psidIndex.clear();
    this.tokens.clear();
    this.authCodes.clear();
    this.savedAttachments.clear();
    this.marketing = new MarketingState();
    this.app.subscription = null;
    this.idRng = new Rng('ids');
    this.touch();
  }

  setIdSeed(seed: string | number): void {
    this.idRng = new Rng(`ids:${seed}`);
  }

  /** Keeps an uploaded attachment for the page; its id is what a send names as `attachment_id`. */
  saveAttachment(pageId: string, type: string, url: string): string {
    const id = this.newId(16);
    this.savedAttachments.set(id, { pageId, type, url });
    return id;
  }

  private newId(length: number): string {
    for (;;) {
      const id = this.idRng.digits(length);
      if (
        !this.users.has(id) &&
        !this.pages.has(id) &&
        !this.psidIndex.has(id) &&
        id !== this.app.id
      )
        return id;
    }
  }

  createUser(input: {
    name: string;
    email?: string;
    id?: string;
    installed?: boolean;
    scopes?: string[];
  }): User {
    const [firstName = input.name, ...rest] = input.name.split(' ');
    const id = input.id ?? this.newId(15);
    const user: User = {
      id,
      name: input.name,
      firstName,
      lastName: rest.join(' '),
      email: input.email ?? `${input.name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
      permissions: {},
      appInstalled: false,
    };
    if (input.installed) this.grant(user, input.scopes ?? DEFAULT_SCOPES);
    this.users.set(id, user);
    this.touch();
    return user;
  }

  grant(user: User, scopes: string[]): void {
    user.appInstalled = true;
    user.permissions['public_profile'] = 'granted';
    for (const s of scopes) user.permissions[s] = 'granted';
  }

  /** Permissions the person refused in the login dialog (Facebook lists them as `declined`). */
  decline(user: User, scopes: string[]): void {
    for (const s of scopes) if (s !== 'public_profile') user.permissions[s] = 'declined';
  }

  grantedScopes(user: User): string[] {
    return Object.entries(user.permissions)
      .filter(([, v]) => v === 'granted')
      .map(([k]) => k);
  }

  /** A user token for this app with the user's granted scopes; undefined when the app is not installed. */
  userTokenIfInstalled(user: User, longLived: boolean): string | undefined {
    if (!user.appInstalled) return undefined;
    return this.tokens.issue({
      type: 'USER',
      userId: user.id,
      appId: this.app.id,
      scopes: this.grantedScopes(user),
      longLived,
    }).token;
  }

  createPage(input: { ownerId: string; name: string; category?: string; id?: string }): Page {
    const owner = this.users.get(input.ownerId);
    if (!owner) throw new Error(`unknown user ${input.ownerId}`);
    const page: Page = {
      id: input.id ?? this.newId(15),
      name: input.name,
      category: input.category ?? 'Local Business',
      roles: new Map([[owner.id, [...ALL_TASKS]]]),
      contacts: new Map(),
      contactList: [],
      subscribedApps: new Map(),
      outbox: [],
      templates: [],
      convOrder: null,
    };
    this.pages.set(page.id, page);
    this.touch();
    return page;
  }

  /**
   * The page is deleted on Facebook: its contacts, conversations, outbox and marketing state go, and its
   * tokens stop working (Graph answers them 190 as for any page the user no longer administers).
   */
  deletePage(page: Page): void {
    for (const psid of page.contacts.keys()) this.psidIndex.delete(psid);
    this.pages.delete(page.id);
    this.marketing.forgetPage(page.id);
    this.touch();
  }

  addRole(page: Page, userId: string, tasks: PageTask[] = [...ALL_TASKS]): void {
    page.roles.set(userId, tasks);
    this.touch();
  }

  pagesOf(userId: string): Page[] {
    const out: Page[] = [];
    for (const p of this.pages.values()) if (p.roles.has(userId)) out.push(p);
    return out;
  }

  addContacts(page: Page, spec: ContactSpec): Contact[] {
    const { rng, count } = spec;
    const now = this.now();
    const added: Contact[] = [];
    for (let i = 0; i < count; i++) {
      const psid = this.newId(16);
      let lastInboundAt: number;
      if (spec.inboundAgoMs === null) lastInboundAt = 0;
      else if (spec.inboundAgoMs !== undefined) lastInboundAt = now - spec.inboundAgoMs;
      else if (rng.next() < spec.inWindowShare)
        lastInboundAt = now - rng.int(60_000, 23 * 3_600_000);
      else lastInboundAt = now - rng.int(25 * 3_600_000, 30 * 86_400_000);
      const m = spec.messagesPerContact;
      const baseCount = lastInboundAt === 0 ? 0 : Math.max(1, m <= 2 ? m : rng.int(m - 2, m + 2));
      let updatedAt = lastInboundAt;
      if (baseCount >= 2 && rng.next() < 0.5)
        updatedAt = Math.min(now, lastInboundAt + rng.int(60_000, 2 * 3_600_000));
      const contact: Contact = {
        psid,
        firstName: rng.pick(FIRST_NAMES),
        lastName: rng.pick(LAST_NAMES),
        lastInboundAt,
        updatedAt,
        baseCount,
        historySeed: rng.int(1, 2 ** 31 - 1),
        messages: null,
        unread: lastInboundAt !== 0 && updatedAt === lastInboundAt ? 1 : 0,
      };
      page.contacts.set(psid, contact);
      page.contactList.push(contact);
      this.psidIndex.set(psid, page);
      added.push(contact);
    }
    page.convOrder = null;
    this.touch();
    return added;
  }

  /**
   * A network user writes to the page from Messenger: the first time, the page gets a contact (a new PSID)
   * with the user's name; then as `contactWrites`.
   */
  userWrites(page: Page, user: User, text: string): Contact {
    let contact = page.contactList.find((c) => c.userId === user.id);
    if (!contact) {
      const [added] = this.addContacts(page, {
        count: 1,
        rng: new Rng(`user:${page.id}:${user.id}`),
        messagesPerContact: 0,
        inWindowShare: 1,
        inboundAgoMs: null,
      });
      if (!added) throw new Error('no contact added');
      contact = added;
      contact.firstName = user.firstName;
      contact.lastName = user.lastName;
      contact.userId = user.id;
    }
    this.contactWrites(page, contact, text);
    return contact;
  }

  /** Conversations (contacts with at least one message), newest first, ties by psid. */
  conversationOrder(page: Page): Contact[] {
    if (!page.convOrder) {
      page.convOrder = page.contactList
        .filter((c) => c.updatedAt > 0)
        .sort(
          (a, b) => b.updatedAt - a.updatedAt || (a.psid < b.psid ? -1 : a.psid > b.psid ? 1 : 0),
        );
    }
    return page.convOrder;
  }

  history(page: Page, contact: Contact): Message[] {
    return materialise(page.id, contact);
  }

  private append(
    page: Page,
    contact: Contact,
    fromContact: boolean,
    text: string,
    time: number,
    attachments?: Attachment[],
  ): Message {
    const messages = materialise(page.id, contact);
    const msg: Message = {
      mid: makeMid(page.id, contact.psid, messages.length),
      fromContact,
      text,
      time,
      ...(attachments?.length ? { attachments } : {}),
    };
    messages.push(msg);
    contact.updatedAt = time;
    page.convOrder = null;
    return msg;
  }

  /**
   * The contact writes to the page (text, files, or a sticker): opens the 24-hour window and fires
   * `messages` with Meta's attachment shape (`{type, payload: {url, sticker_id}}`; a sticker is an image
   * with a `sticker_id`, also on the message).
   */
  contactWrites(
    page: Page,
    contact: Contact,
    text: string,
    attachments: Attachment[] = [],
  ): Message {
    const now = this.now();
    const msg = this.append(page, contact, true, text, now, attachments);
    contact.lastInboundAt = now;
    contact.unread++;
    const sticker = attachments.find((a) => a.type === 'sticker');
    this.emitMessaging(page, contact, 'contact', 'messages', now, {
      message: {
        mid: msg.mid,
        ...(text ? { text } : {}),
        ...(sticker?.stickerId ? { sticker_id: sticker.stickerId } : {}),
        ...(attachments.length
          ? {
              attachments: attachments.map((a) => ({
                type: a.type === 'sticker' ? 'image' : a.type,
                payload: { url: a.url, ...(a.stickerId ? { sticker_id: a.stickerId } : {}) },
                ...(a.name ? { title: a.name } : {}),
              })),
            }
          : {}),
      },
    });
    this.touch();
    return msg;
  }

  /**
   * The contact opens the thread: Meta's read watermark is the time of the newest page message they
   * have now seen (everything sent at or before it is read), not the time they read it.
   */
  contactReads(page: Page, contact: Contact): number {
    const now = this.now();
    const lastFromPage = [...materialise(page.id, contact)].reverse().find((m) => !m.fromContact);
    const watermark = lastFromPage?.time ?? now;
    this.emitMessaging(page, contact, 'contact', 'message_reads', now, {
      read: { watermark },
    });
    return watermark;
  }

  /**
   * The contact reacts to a message (or takes the reaction back, `emoji` null): `message_reactions`.
   * A reaction opens the 24-hour window, as a message does.
   */
  contactReacts(page: Page, contact: Contact, mid: string, emoji: string | null): boolean {
    const msg = materialise(page.id, contact).find((m) => m.mid === mid);
    if (!msg) return false;
    const now = this.now();
    const previous = msg.reaction;
    if (emoji) msg.reaction = emoji;
    else delete msg.reaction;
    if (emoji) contact.lastInboundAt = now;
    this.emitMessaging(page, contact, 'contact', 'message_reactions', now, {
      reaction: {
        mid,
        action: emoji ? 'react' : 'unreact',
        emoji: emoji ?? previous ?? '',
        reaction: emoji?.startsWith('\u2764') ? 'love' : 'other',
      },
    });
    this.touch();
    return true;
  }

  /**
   * A person answers from Meta's Page Inbox (Business Suite), not through this app: the message is in the
   * thread, and the app sees it only as an echo carrying the Page Inbox's app id.
   */
  pageInboxReplies(page: Page, contact: Contact, text: string): Message {
    const now = this.now();
    const msg = this.append(page, contact, false, text, now);
    contact.unread = 0;
    this.emitMessaging(page, contact, 'page', 'message_echoes', now, {
      message: { mid: msg.mid, is_echo: true, app_id: Number(PAGE_INBOX_APP_ID), text },
    });
    this.touch();
    return msg;
  }

  contactPostback(page: Page, contact: Contact, title: string, payload: string): string {
    const now = this.now();
    contact.lastInboundAt = now;
    const mid = makeMid(page.id, contact.psid, 1_000_000 + Math.floor(Math.random() * 1_000_000));
    this.emitMessaging(page, contact, 'contact', 'messaging_postbacks', now, {
      postback: { mid, title, payload },
    });
    this.touch();
    return mid;
  }

  /**
   * The contact opens the page's existing thread through an m.me link with a `ref`: `messaging_referrals`
   * (MP/webhooks/webhook-events/messaging_referrals, source SHORTLINK, type OPEN_THREAD). It opens the
   * 24-hour window (MP/send-messages, "User Actions that Open the Standard Messaging Window").
   */
  contactFollowsLink(page: Page, contact: Contact, ref: string): void {
    const now = this.now();
    contact.lastInboundAt = now;
    this.emitMessaging(page, contact, 'contact', 'messaging_referrals', now, {
      referral: { ref, source: 'SHORTLINK', type: 'OPEN_THREAD' },
    });
    this.touch();
  }

  /**
   * The contact edits one of their messages: `message_edits` with `message_edit {mid, text, num_edit}`
   * (MP/webhooks/webhook-events/message-edits). Messenger allows five edits (a client limit there).
   */
  contactEdits(page: Page, contact: Contact, mid: string, text: string): number | null {
    const msg = materialise(page.id, contact).find((m) => m.mid === mid && m.fromContact);
    if (!msg) return null;
    msg.text = text;
    msg.edits = (msg.edits ?? 0) + 1;
    this.emitMessaging(page, contact, 'contact', 'message_edits', this.now(), {
      message_edit: { mid, text, num_edit: msg.edits },
    });
    this.touch();
    return msg.edits;
  }

  /** One messaging webhook event between the page and a contact, from `from`'s side, as Meta shapes it. */
  private emitMessaging(
    page: Page,
    contact: Contact,
    from: 'page' | 'contact',
    field: WebhookField,
    now: number,
    body: Record<string, unknown>,
  ): void {
    const [sender, recipient] = from === 'page' ? [page.id, contact.psid] : [contact.psid, page.id];
    this.onEvent({
      pageId: page.id,
      field,
      event: { sender: { id: sender }, recipient: { id: recipient }, timestamp: now, ...body },
      ...(page.threadOwner && page.threadOwner !== this.app.id ? { standby: true } : {}),
    });
  }

  /** A page message accepted by the Send API: outbox + conversation history + echo/delivery webhooks. */
  recordSend(
    page: Page,
    contact: Contact,
    text: string,
    messagingType: string,
    tag: string | null,
    now: number,
    template?: OutboxEntry['template'],
    /**
     * `silent`: no echo / delivery messaging webhooks (marketing messages have their own). `echo`: the echo's
     * message body instead of `{text}` (a template's echo carries it as a template attachment). `attachment`:
     * the media a send carried (audio and video are paced apart).
     */
    opts: {
      silent?: boolean;
      echo?: Record<string, unknown>;
      attachment?: OutboxEntry['attachment'];
      /** The sender's `message.metadata`: echoed back as Meta does. */
      metadata?: string;
      buttons?: OutboxEntry['buttons'];
    } = {},
  ): string {
    this.highVolume.note(page.id, now, this.behaviour);
    const msg = this.append(page, contact, false, text, now);
    contact.unread = 0;
    const entry: OutboxEntry = {
      mid: msg.mid,
      recipient: contact.psid,
      text,
      messaging_type: messagingType,
      tag,
      time: now,
      ...(template ? { template } : {}),
      ...(opts.attachment ? { attachment: opts.attachment } : {}),
      ...(opts.metadata !== undefined ? { metadata: opts.metadata } : {}),
      ...(opts.buttons ? { buttons: opts.buttons } : {}),
    };
    page.outbox.push(entry);
    if (!opts.silent && this.app.subscription && page.subscribedApps.has(this.app.id)) {
      this.emitMessaging(page, contact, 'page', 'message_echoes', now, {
        message: {
          mid: msg.mid,
          is_echo: true,
          app_id: Number(this.app.id),
          ...(opts.metadata !== undefined ? { metadata: opts.metadata } : {}),
          ...(opts.echo ?? { text }),
        },
      });
      // Meta's deliveries may omit `mids` (the watermark always covers the message): every other one
      // here does, so clients must handle both.
      const index = materialise(page.id, contact).length - 1;
      this.emitMessaging(page, contact, 'contact', 'message_deliveries', now, {
        delivery: { ...(index % 2 === 0 ? { mids: [msg.mid] } : {}), watermark: now },
      });
    }
    this.touch();
    return msg.mid;
  }
}
