import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type {
  Contact,
  Message,
  OutboxEntry,
  PageTask,
  TokenRecord,
  User,
  AppSubscription,
  AppFeatures,
  Behaviour,
  MessageTemplate,
} from './types.js';
import type { AdAccount, MessageCampaign, Subscription } from '../marketing/state.js';
import type { World } from './world.js';

type ContactRow = [
  string,
  string,
  string,
  number,
  number,
  number,
  number,
  number,
  Message[] | null,
  /** The network user behind the contact (absent in files written before it was kept). */
  string?,
];

interface Snapshot {
  version: 1;
  subscription: AppSubscription | null;
  users: User[];
  pages: Array<{
    id: string;
    name: string;
    category: string;
    roles: Array<[string, PageTask[]]>;
    subscribedApps: Array<[string, string[]]>;
    outbox: OutboxEntry[];
    /** Absent in files written before templates existed. */
    templates?: MessageTemplate[];
    /** Absent unless another app controls the page's threads. */
    threadOwner?: string;
    contacts: ContactRow[];
  }>;
  tokens: TokenRecord[];
  /** Absent in files written before app features existed. */
  appFeatures?: AppFeatures;
  behaviour: Behaviour;
  clockOffsetMs: number;
  /** Absent in files written before the marketing twin existed. */
  marketing?: {
    adAccounts: AdAccount[];
    campaigns: MessageCampaign[];
    subscriptions: Array<[string, Subscription[]]>;
    optinRequests: Array<[string, number]>;
  };
}

export function snapshot(world: World): Snapshot {
  return {
    version: 1,
    subscription: world.app.subscription,
    appFeatures: world.app.features,
    users: [...world.users.values()],
    pages: [...world.pages.values()].map((p) => ({
      id: p.id,
      name: p.name,
      category: p.category,
      roles: [...p.roles.entries()],
      subscribedApps: [...p.subscribedApps.entries()],
      outbox: p.outbox,
      templates: p.templates,
      ...(p.threadOwner ? { threadOwner: p.threadOwner } : {}),
      contacts: p.contactList.map((c): ContactRow => [
        c.psid,
        c.firstName,
        c.lastName,
        c.lastInboundAt,
        c.updatedAt,
        c.baseCount,
        c.historySeed,
        c.unread,
        c.messages,
        c.userId,
      ]),
    })),
    tokens: [...world.tokens.byToken.values()],
    behaviour: world.behaviour,
    clockOffsetMs: world.clockOffsetMs,
    marketing: {
      adAccounts: [...world.marketing.adAccounts.values()],
      campaigns: [...world.marketing.campaigns.values()],
      subscriptions: [...world.marketing.subscriptions.entries()].map(([pageId, subs]) => [
        pageId,
        [...subs.values()],
      ]),
      optinRequests: [...world.marketing.optinRequests.entries()],
    },
  };
}

/** Loads a saved world; returns false when the file does not exist. */
export function loadState(world: World, file: string): boolean {
  if (!existsSync(file)) return false;
  // A state file written before it was kept private (0644 then): close it now, not at the next save.
  chmodSync(file, 0o600);
  const s = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  if (s.version !== 1) throw new Error(`Unsupported emulator state version in ${file}`);
  world.reset();
  world.app.subscription = s.subscription;
  if (s.appFeatures) world.app.features = { ...world.app.features, ...s.appFeatures };
  for (const u of s.users) world.users.set(u.id, u);
  for (const p of s.pages) {
    const contacts = new Map<string, Contact>();
    const list: Contact[] = [];
    for (const [
      psid,
      firstName,
      lastName,
      lastInboundAt,
      updatedAt,
      baseCount,
      historySeed,
      unread,
      messages,
      userId,
    ] of p.contacts) {
      const c: Contact = {
        psid,
        firstName,
        lastName,
        lastInboundAt,
        updatedAt,
        baseCount,
        historySeed,
        unread,
        messages,
        ...(userId ? { userId } : {}),
      };
      contacts.set(psid, c);
      list.push(c);
    }
    const page = {
      id: p.id,
      name: p.name,
      category: p.category,
      roles: new Map(p.roles),
      subscribedApps: new Map(p.subscribedApps),
      outbox: p.outbox,
      templates: p.templates ?? [],
      ...(p.threadOwner ? { threadOwner: p.threadOwner } : {}),
      contacts,
      contactList: list,
      convOrder: null,
    };
    world.pages.set(p.id, page);
    for (const c of list) world.psidIndex.set(c.psid, page);
  }
  for (const t of s.tokens) world.tokens.byToken.set(t.token, t);
  world.behaviour = { ...world.behaviour, ...s.behaviour };
  world.clockOffsetMs = s.clockOffsetMs;
  for (const a of s.marketing?.adAccounts ?? []) world.marketing.adAccounts.set(a.id, a);
  for (const c of s.marketing?.campaigns ?? []) world.marketing.campaigns.set(c.id, c);
  for (const [pageId, subs] of s.marketing?.subscriptions ?? []) {
    const m = world.marketing.subscriptionsOf(pageId);
    for (const sub of subs) m.set(sub.psid, sub);
  }
  for (const [key, at] of s.marketing?.optinRequests ?? [])
    world.marketing.optinRequests.set(key, at);
  return true;
}

/** Debounced JSON writer (atomic rename). */
export class StateSaver {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly world: World,
    private readonly file: string,
    private readonly delayMs = 500,
  ) {}

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writing = this.writing
        .then(() => this.write())
        .catch((e: unknown) => console.error('[graph-emulator] state save failed', e));
    }, this.delayMs);
  }

  private async write(): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    // The state holds every user's and page's tokens: readable by this user only.
    await writeFile(tmp, JSON.stringify(snapshot(this.world)), { mode: 0o600 });
    await chmod(tmp, 0o600);
    await rename(tmp, this.file);
  }

  async close(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      await this.writing;
      await this.write();
    }
    await this.writing;
  }
}
