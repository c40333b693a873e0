// The emulated Facebook's state: users, pages, roles, contacts and their message history, ids and clock,
// and the one way a messaging event leaves it. `World` (world.ts) adds the acts of the people in it; what
// only one part needs (marketing state, high-volume mode, tokens, history) lives in its own module.
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
  type Page,
  type PageTask,
  type User,
} from './types.js';
import { FIRST_NAMES, LAST_NAMES } from './names.js';

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
export class WorldState {
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

  protected append(
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

  /** One messaging webhook event between the page and a contact, from `from`'s side, as Meta shapes it. */
  protected emitMessaging(
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
}
