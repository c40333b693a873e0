import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HUMAN_AGENT_OFF_MESSAGE, HUMAN_AGENT_REFUSED_MESSAGE } from '@pagecast/contract';
import {
  contacts,
  contactTags,
  marketingSubscriptions,
  messages,
  tags,
} from '../src/db/schema/index.js';
import type { GraphClient } from '../src/graph/index.js';
import {
  HUMAN_AGENT_LIMIT_MESSAGE,
  REPLY_CLOSED_MESSAGE,
  SEARCH_LIMIT_MESSAGE,
  SEND_LIMIT_MESSAGE,
} from '../src/modules/inbox/service.js';
import { WINDOW_CLOSED_MESSAGE } from '../src/modules/shared/page-graph.js';
import { apiClient, bodyOf, type ApiClient } from './support/client.js';
import { HOUR, emu, outboxOf, type Emulator, type EmulatorPage } from './support/emulator.js';
import {
  createWorld,
  newAdmin,
  newApp,
  newContact,
  newEmulatorAdmin,
  newEmulatorPage,
  newPage,
  type TestAdmin,
  type World,
} from './support/world.js';
import type { TestDatabase } from './helpers/db.js';

const DAY = 24 * HOUR;

let world: World;
let database: TestDatabase;
let emulator: Emulator;
let graph: GraphClient;
let admin: TestAdmin;
let other: TestAdmin;
let page: EmulatorPage & { uuid: string };
let pageUuid: string;
let api: ApiClient;

const seedContact = (uuid: string, input: Parameters<typeof newContact>[2]) =>
  newContact(world, uuid, input);
const chat = (userId: string) => ({ params: { pageId: page.id, userId } });

beforeAll(async () => {
  world = await createWorld();
  ({ database, emulator, graph } = world);
  admin = await newEmulatorAdmin(world, 'Inbox Owner');
  other = await newAdmin(world, { fbUserId: '1999999999999999', name: 'Someone Else' });
  page = await newEmulatorPage(
    world,
    admin,
    { name: 'Inbox Page', contacts: 3, messagesPerContact: 12, inboundAgoMs: HOUR },
    { syncScope: 'full' },
  );
  pageUuid = page.uuid;
  api = admin.client;
});

afterAll(async () => {
  await world?.close();
});

describe('GET /recipients', () => {
  let listPageUuid: string;
  const listPageId = '7770000000000001';
  const t0 = Date.UTC(2025, 0, 1);

  beforeAll(async () => {
    listPageUuid = await newPage(world, {
      fbPageId: listPageId,
      name: 'List Page',
      adminId: admin.adminId,
      syncScope: 'full',
    });
    // 30 dated contacts (pairs share a timestamp, so the id tie-break matters) and 5 that never wrote.
    for (let i = 0; i < 30; i++) {
      await seedContact(listPageUuid, {
        psid: String(8000 + i),
        lastMessageAt: new Date(t0 + Math.floor(i / 2) * 60_000),
        preview: `hello ${i}`,
      });
    }
    for (let i = 0; i < 5; i++) await seedContact(listPageUuid, { psid: String(9000 + i) });
  });

  async function fetchPage(after: string | null, limit: number) {
    const res = await api.inbox.getRecipients({
      params: { pageId: listPageId },
      query: { limit, ...(after ? { after } : {}) },
    });
    return bodyOf(res, 200);
  }

  it('pages through every contact once, most recent first, never-wrote contacts last', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pagesFetched = 0;
    do {
      const body = await fetchPage(cursor, 4);
      seen.push(...body.recipients.map((r) => r.id));
      cursor = body.paging.nextCursor;
      pagesFetched++;
    } while (cursor && pagesFetched < 50);
    expect(seen).toHaveLength(35);
    expect(new Set(seen).size).toBe(35);
    // The newest pair first, the five without messages at the end.
    expect(new Set(seen.slice(0, 2))).toEqual(new Set(['8029', '8028']));
    expect(new Set(seen.slice(30))).toEqual(new Set(['9000', '9001', '9002', '9003', '9004']));
  });

  it('stays complete and duplicate-free while new messages arrive between pages', async () => {
    const first = await fetchPage(null, 6);
    const seen = first.recipients.map((r) => r.id);
    let cursor = first.paging.nextCursor;
    // Activity between page loads: an already listed contact, a not-yet-listed contact and a brand new one.
    const bump = async (psid: string, at: Date) =>
      database.db
        .update(contacts)
        .set({ lastMessageAt: at, lastInboundAt: at })
        .where(sql`${contacts.pageId} = ${listPageUuid} and ${contacts.psid} = ${psid}`);
    await bump(seen[3] as string, new Date());
    await bump('8010', new Date());
    await seedContact(listPageUuid, { psid: '9100', lastMessageAt: new Date() });
    while (cursor) {
      const body = await fetchPage(cursor, 6);
      seen.push(...body.recipients.map((r) => r.id));
      cursor = body.paging.nextCursor;
      // More writes in the middle of the walk, including one of the contacts that never wrote before.
      if (seen.length === 18) await bump('9003', new Date());
    }
    expect(new Set(seen).size).toBe(seen.length);
    // Everyone who did not move is listed exactly once; the movers went to the top (a fresh first page).
    const movedUnseen = ['8010', '9003', '9100'];
    const expected = [
      ...Array.from({ length: 30 }, (_, i) => String(8000 + i)),
      '9000',
      '9001',
      '9002',
      '9004',
    ];
    for (const id of expected.filter((x) => !movedUnseen.includes(x))) expect(seen).toContain(id);
    const top = await fetchPage(null, 5);
    expect(new Set(top.recipients.slice(0, 4).map((r) => r.id))).toEqual(
      new Set(['8010', '9003', '9100', seen[3]]),
    );
  });

  it('reports window and online state from the last inbound message', async () => {
    const top = await fetchPage(null, 1);
    expect(top.recipients[0]).toMatchObject({ windowOpen: true, online: true });
    const res = await api.inbox.getRecipients({
      params: { pageId: listPageId },
      query: { limit: 100 },
    });
    const old = bodyOf(res, 200).recipients.find((r) => r.id === '8000');
    expect(old).toMatchObject({ windowOpen: false, online: false });
  });

  it('tells which listed contacts are subscribed to marketing messages (a stopped one is not)', async () => {
    const ids = await database.db
      .select({ id: contacts.id, psid: contacts.psid })
      .from(contacts)
      .where(sql`${contacts.pageId} = ${listPageUuid} and ${contacts.psid} in ('8001', '8002')`);
    const idOf = (psid: string) => ids.find((c) => c.psid === psid)?.id as string;
    await database.db.insert(marketingSubscriptions).values([
      { pageId: listPageUuid, contactId: idOf('8001'), token: 'tok-list-1' },
      { pageId: listPageUuid, contactId: idOf('8002'), token: 'tok-list-2', status: 'stopped' },
    ]);
    // Every page of the list reads it per row, whichever page a contact falls on.
    const seen = new Map<string, boolean>();
    let cursor: string | null = null;
    do {
      const body = await fetchPage(cursor, 7);
      for (const r of body.recipients) seen.set(r.id, r.marketingSubscriber);
      cursor = body.paging.nextCursor;
    } while (cursor);
    expect(seen.get('8001')).toBe(true);
    expect(seen.get('8002')).toBe(false);
    expect([...seen].filter(([, subscribed]) => subscribed).map(([id]) => id)).toEqual(['8001']);
  });

  it('rejects a forged cursor with 400 and a bad limit with 400', async () => {
    for (const after of ['nope', Buffer.from('{"t":"x","i":"y"}').toString('base64url')]) {
      const res = await api.inbox.getRecipients({
        params: { pageId: listPageId },
        query: { after },
      });
      expect(bodyOf(res, 400)).toMatchObject({ message: 'Invalid cursor' });
    }
    const res = await api.inbox.getRecipients({
      params: { pageId: listPageId },
      query: { limit: 0 },
    });
    expect(res.status).toBe(400);
  });
});

describe('GET /user/:userId', () => {
  it('fetches the history from the Graph API once, stores it de-duplicated, and pages it newest first', async () => {
    const psid = page.contacts[0]?.psid as string;
    const contactUuid = await seedContact(pageUuid, {
      psid,
      name: page.contacts[0]?.name,
      lastMessageAt: new Date(Date.now() - HOUR),
      lastInboundAt: new Date(Date.now() - HOUR),
    });
    // A webhook already stored the newest message: the history fetch must not store it again.
    const { messages: history } = await graph.getConversationMessages(
      `t_${psid}`,
      page.access_token,
      { limit: 1 },
    );
    const newest = history[0];
    await database.db.insert(messages).values({
      pageId: pageUuid,
      contactId: contactUuid,
      mid: newest?.id as string,
      direction: newest?.from?.id === psid ? 'in' : 'out',
      text: newest?.message ?? '',
      sentBy: newest?.from?.id as string,
      createdAt: new Date(newest?.created_time.replace('+0000', 'Z') as string),
    });
    const spy = vi.spyOn(graph, 'getConversationMessages');

    const all: Array<{ id: string; createdAt: string; sentBy: string; status: string }> = [];
    let cursor: string | null = null;
    let tagsSeen: unknown;
    do {
      const res = await api.inbox.getConversation({
        ...chat(psid),
        query: { limit: 5, ...(cursor ? { after: cursor } : {}) },
      });
      const body = bodyOf(res, 200);
      all.push(...body.messages);
      tagsSeen = body.tags;
      cursor = body.paging.nextCursor;
    } while (cursor);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(tagsSeen).toEqual([]);
    expect(all).toHaveLength(12);
    expect(new Set(all.map((m) => m.id)).size).toBe(12);
    const times = all.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const m of all) {
      expect([psid, page.id]).toContain(m.sentBy);
      expect(m.status).toBe(m.sentBy === psid ? 'received' : 'sent');
    }
    const stored = await database.db
      .select()
      .from(messages)
      .where(eq(messages.contactId, contactUuid));
    expect(stored).toHaveLength(12);
    const [contact] = await database.db.select().from(contacts).where(eq(contacts.id, contactUuid));
    expect(contact?.historySyncedAt).toBeInstanceOf(Date);
  });

  it("returns the contact's tags", async () => {
    const psid = page.contacts[0]?.psid as string;
    const [contact] = await database.db
      .select()
      .from(contacts)
      .where(sql`${contacts.pageId} = ${pageUuid} and ${contacts.psid} = ${psid}`);
    const [tag] = await database.db
      .insert(tags)
      .values({ pageId: pageUuid, name: 'VIP', description: 'Big spenders' })
      .returning();
    await database.db
      .insert(contactTags)
      .values({ contactId: contact?.id as string, tagId: tag?.id as string, pageId: pageUuid });
    const res = await api.inbox.getConversation({ ...chat(psid), query: { limit: 1 } });
    expect(bodyOf(res, 200).tags).toEqual([
      { id: tag?.id, name: 'VIP', description: 'Big spenders', pageId: page.id },
    ]);
  });

  it('is 404 for a contact the page does not have', async () => {
    const res = await api.inbox.getConversation({ ...chat('123456789') });
    expect(res.status).toBe(404);
  });
});

describe('POST /user/:userId/send', () => {
  const outbox = () => outboxOf(emulator, page.id);

  it('inside the window: sends a RESPONSE once, stores it and answers 201', async () => {
    const psid = page.contacts[1]?.psid as string;
    await seedContact(pageUuid, { psid, lastMessageAt: new Date(Date.now() - HOUR) });
    const res = await api.inbox.sendMessage({
      ...chat(psid),
      body: { message: '  Thanks for writing!  ' },
    });
    const { message } = bodyOf(res, 201);
    expect(message).toMatchObject({
      message: 'Thanks for writing!',
      sentBy: page.id,
      status: 'sent',
    });
    const sent = (await outbox()).filter((e) => e.mid === message.id);
    expect(sent).toEqual([
      expect.objectContaining({
        recipient: psid,
        text: 'Thanks for writing!',
        messaging_type: 'RESPONSE',
      }),
    ]);
    const conv = await api.inbox.getConversation({ ...chat(psid), query: { limit: 1 } });
    expect(bodyOf(conv, 200).messages[0]).toMatchObject({
      id: message.id,
      message: 'Thanks for writing!',
    });
    const list = await api.inbox.getRecipients({ params: { pageId: page.id } });
    expect(bodyOf(list, 200).recipients[0]).toMatchObject({
      id: psid,
      lastMessagePreview: 'Thanks for writing!',
    });
  });

  describe('24 hours to 7 days after their last message', () => {
    const lateContact = async () => {
      const late = await emu<{ contacts: Array<{ psid: string }> }>(
        emulator,
        `/_emulator/pages/${page.id}/contacts`,
        { count: 1, inboundAgoMs: 3 * DAY },
      );
      const psid = late.contacts[0]?.psid as string;
      await seedContact(pageUuid, {
        psid,
        lastMessageAt: new Date(Date.now() - 3 * DAY),
      });
      return psid;
    };
    const reply = (on: ApiClient, psid: string) =>
      on.inbox.sendMessage({ ...chat(psid), body: { message: 'Sorry for the wait!' } });
    /** The same database and emulator, served by an app with `env` on top of the test config. */
    const appWith = async (env: Record<string, string>) => {
      const on = await newApp(world, env);
      return { app: on.app, client: apiClient(on.app, admin.headers) };
    };
    const features = (humanAgent: boolean) =>
      emu(emulator, '/_emulator/app/features', { humanAgent }, 'PUT');

    it('Human Agent off (the default): 422 saying why and what would allow it, no Graph call', async () => {
      const psid = await lateContact();
      const before = (await outbox()).length;
      const res = await reply(api, psid);
      expect(bodyOf(res, 422)).toEqual({ message: HUMAN_AGENT_OFF_MESSAGE });
      expect(await outbox()).toHaveLength(before);
    });

    it('Human Agent on, and Meta approved the app: a human-agent reply (HUMAN_AGENT tag)', async () => {
      const psid = await lateContact();
      const on = await appWith({ HUMAN_AGENT_ENABLED: 'true' });
      await features(true);
      try {
        const res = await reply(on.client, psid);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect((await outbox()).at(-1)).toMatchObject({
          recipient: psid,
          text: 'Sorry for the wait!',
          messaging_type: 'MESSAGE_TAG',
          tag: 'HUMAN_AGENT',
        });
      } finally {
        await features(false);
        await on.app.close();
      }
    });

    it('HUMAN_AGENT replies have their own, lower ceiling per page', async () => {
      await database.pool.query(`delete from rate_limits where key like 'chat-send:%'`);
      const psid = await lateContact();
      const on = await appWith({
        HUMAN_AGENT_ENABLED: 'true',
        HUMAN_AGENT_SENDS_PER_PAGE_MINUTE: '2',
      });
      await features(true);
      try {
        const codes = [];
        for (let i = 0; i < 3; i++) codes.push((await reply(on.client, psid)).status);
        expect(codes).toEqual([201, 201, 429]);
        const refused = await reply(on.client, psid);
        expect(refused.body).toEqual({ message: HUMAN_AGENT_LIMIT_MESSAGE(2) });
      } finally {
        await features(false);
        await on.app.close();
        await database.pool.query(`delete from rate_limits where key like 'chat-send:%'`);
      }
    });

    it('Human Agent on, but Meta did not approve the app: its (#10) says so', async () => {
      const psid = await lateContact();
      const on = await appWith({ HUMAN_AGENT_ENABLED: 'true' });
      try {
        const res = await reply(on.client, psid);
        expect(bodyOf(res, 422)).toEqual({ message: HUMAN_AGENT_REFUSED_MESSAGE });
      } finally {
        await on.app.close();
      }
    });
  });

  it('replies over the per-minute ceilings get 429 with Retry-After, and nothing is sent', async () => {
    // Windows already counted by this file's other replies are cleared: this test sets its own ceilings.
    await database.pool.query(`delete from rate_limits where key like 'chat-send:%'`);
    const fresh = await emu<{ contacts: Array<{ psid: string }> }>(
      emulator,
      `/_emulator/pages/${page.id}/contacts`,
      { count: 1, inboundAgoMs: HOUR },
    );
    const psid = fresh.contacts[0]?.psid as string;
    await seedContact(pageUuid, { psid, lastMessageAt: new Date(Date.now() - HOUR) });
    const limited = await newApp(world, {
      CHAT_SENDS_PER_ADMIN_MINUTE: '3',
      CHAT_SENDS_PER_PAGE_MINUTE: '5',
    });
    try {
      const client = apiClient(limited.app, admin.headers);
      const send = (n: number) =>
        client.inbox.sendMessage({ ...chat(psid), body: { message: `burst ${n}` } });
      const before = (await outbox()).length;
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await send(i));
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 429, 429]);
      expect(answers[3]?.body).toEqual({ message: SEND_LIMIT_MESSAGE });
      expect(Number(answers[3]?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(answers[3]?.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(await outbox()).toHaveLength(before + 3);
    } finally {
      await limited.app.close();
      await database.pool.query(`delete from rate_limits where key like 'chat-send:%'`);
    }
  });

  it("searches and counts past an admin's ceiling answer 429 with the wait; the plain list is not counted", async () => {
    const limited = await newApp(world, { SEARCHES_PER_ADMIN_MINUTE: '3' });
    try {
      const client = apiClient(limited.app, admin.headers);
      const params = { pageId: page.id };
      const search = () => client.inbox.getRecipients({ params, query: { q: 'Person' } });
      const count = () => client.inbox.countRecipients({ params, query: { q: 'Person' } });
      const plain = () => client.inbox.getRecipients({ params, query: {} });
      const answers = [
        await search(),
        await count(),
        await search(),
        await count(),
        await search(),
      ];
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
      expect(answers[3]?.body).toEqual({ message: SEARCH_LIMIT_MESSAGE });
      expect(Number(answers[3]?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(answers[3]?.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      // The list itself (opening the inbox, live updates refetching it) stays open.
      expect((await plain()).status).toBe(200);
      // Another admin has a ceiling of their own.
      const others = apiClient(limited.app, other.headers);
      const mine = await others.inbox.getRecipients({ params, query: { q: 'Person' } });
      expect(mine.status).not.toBe(429);
    } finally {
      await limited.app.close();
      await database.pool.query(`delete from rate_limits where key like 'inbox-search:%'`);
    }
  });

  it('more than 7 days after their last message: 422 with what to do, no Graph call', async () => {
    const gone = await emu<{ contacts: Array<{ psid: string }> }>(
      emulator,
      `/_emulator/pages/${page.id}/contacts`,
      { count: 1, inboundAgoMs: 8 * DAY },
    );
    const psid = gone.contacts[0]?.psid as string;
    await seedContact(pageUuid, {
      psid,
      lastMessageAt: new Date(Date.now() - 8 * DAY),
    });
    const before = (await outbox()).length;
    const res = await api.inbox.sendMessage({ ...chat(psid), body: { message: 'hi' } });
    expect(res.status).toBe(422);
    // Our own message: had it been sent, Facebook's refusal would read as WINDOW_CLOSED_MESSAGE.
    expect(res.body).toEqual({ message: REPLY_CLOSED_MESSAGE });
    expect(await outbox()).toHaveLength(before);
  });

  it("maps the platform's 10/2018278 (our data was stale) to the same 422", async () => {
    const outsider = await emu<{ contacts: Array<{ psid: string }> }>(
      emulator,
      `/_emulator/pages/${page.id}/contacts`,
      { count: 1, inboundAgoMs: 30 * HOUR },
    );
    const psid = outsider.contacts[0]?.psid as string;
    await seedContact(pageUuid, { psid, lastMessageAt: new Date(Date.now() - HOUR) });
    const before = (await outbox()).length;
    const res = await api.inbox.sendMessage({ ...chat(psid), body: { message: 'hi' } });
    expect(bodyOf(res, 422)).toEqual({ message: WINDOW_CLOSED_MESSAGE });
    expect(await outbox()).toHaveLength(before);
  });

  it('validates the text: blank and over 2000 characters are 400, nothing sent', async () => {
    const psid = page.contacts[1]?.psid as string;
    const before = (await outbox()).length;
    for (const message of ['   ', 'x'.repeat(2001)]) {
      const res = await api.inbox.sendMessage({ ...chat(psid), body: { message } });
      expect(bodyOf(res, 400).fieldErrors?.message).toBeDefined();
    }
    const ok = await api.inbox.sendMessage({ ...chat(psid), body: { message: 'y'.repeat(2000) } });
    expect(ok.status).toBe(201);
    expect(await outbox()).toHaveLength(before + 1);
  });

  it('an unconfirmed send is a clear 502, a revoked page token a 409 asking to reconnect', async () => {
    const psid = page.contacts[2]?.psid as string;
    await seedContact(pageUuid, { psid, lastMessageAt: new Date(Date.now() - HOUR) });
    await emu(emulator, '/_emulator/behaviour', { failNext: 1, failCodes: [500] }, 'PUT');
    const unknown = await api.inbox.sendMessage({ ...chat(psid), body: { message: 'a' } });
    expect(bodyOf(unknown, 502).message).toMatch(/did not confirm/);
    await emu(emulator, `/_emulator/tokens/${page.access_token}/revoke`, { subcode: 467 });
    const revoked = await api.inbox.sendMessage({ ...chat(psid), body: { message: 'b' } });
    expect(bodyOf(revoked, 409).message).toMatch(/Reconnect the page/);
  });
});

describe("another admin's page", () => {
  it('is 404 on every chats route', async () => {
    const psid = page.contacts[0]?.psid as string;
    const calls = {
      recipients: () => other.client.inbox.getRecipients({ params: { pageId: page.id } }),
      conversation: () => other.client.inbox.getConversation(chat(psid)),
      send: () => other.client.inbox.sendMessage({ ...chat(psid), body: { message: 'hi' } }),
      events: () => other.client.inbox.events({ params: { pageId: page.id } }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect(res.status, name).toBe(404);
    }
    const anonymous = await apiClient(world.app).inbox.getRecipients({
      params: { pageId: page.id },
    });
    expect(anonymous.status).toBe(401);
  });
});
