import type { LightMyRequestResponse } from 'fastify';
import type { Emulator } from '@pagecast/graph-emulator';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HUMAN_AGENT_OFF_MESSAGE, HUMAN_AGENT_REFUSED_MESSAGE } from '@pagecast/contract';
import { contacts, contactTags, messages, tags } from '../src/db/schema/index.js';
import type { GraphClient } from '../src/graph/index.js';
import {
  HUMAN_AGENT_LIMIT_MESSAGE,
  REPLY_CLOSED_MESSAGE,
  SEND_LIMIT_MESSAGE,
} from '../src/modules/inbox/service.js';
import { WINDOW_CLOSED_MESSAGE } from '../src/modules/page-graph.js';
import {
  HOUR,
  buildChatApp,
  emu,
  seedAdmin,
  seedContact,
  seedPage,
  startTestEmulator,
  testGraph,
  type SeededAdmin,
} from './helpers/inbox.js';

const DAY = 24 * HOUR;
import { createTestDatabase, type TestDatabase } from './helpers/db.js';

interface EmuPage {
  id: string;
  access_token: string;
  contacts: Array<{ psid: string; name: string }>;
}

let database: TestDatabase;
let emulator: Emulator;
let graph: GraphClient;
let app: FastifyInstance;
let admin: SeededAdmin;
let other: SeededAdmin;
let page: EmuPage;
let pageUuid: string;
let headers: { authorization: string };

const base = () => `/api/v1/chats/${page.id}`;

beforeAll(async () => {
  database = await createTestDatabase();
  emulator = await startTestEmulator();
  graph = testGraph(emulator.url);
  const built = await buildChatApp(database, graph, emulator.url);
  app = built.app;
  const user = await emu<{ id: string }>(emulator.url, '/_emulator/users', { name: 'Inbox Owner' });
  page = await emu<EmuPage>(emulator.url, '/_emulator/pages', {
    ownerId: user.id,
    name: 'Inbox Page',
    contacts: 3,
    messagesPerContact: 12,
    inboundAgoMs: HOUR,
  });
  admin = await seedAdmin(database.pool, user.id, 'Inbox Owner');
  other = await seedAdmin(database.pool, '1999999999999999', 'Someone Else');
  pageUuid = await seedPage(database.db, {
    fbPageId: page.id,
    name: 'Inbox Page',
    adminId: admin.adminId,
    pageTokenEnc: built.tokens.encrypt(page.access_token),
  });
  headers = await admin.auth(app);
});

afterAll(async () => {
  await app?.close();
  await graph?.close();
  await emulator?.close();
  await database?.drop();
});

describe('GET /recipients', () => {
  let listPageUuid: string;
  const listPageId = '7770000000000001';
  const t0 = Date.UTC(2025, 0, 1);

  beforeAll(async () => {
    listPageUuid = await seedPage(database.db, {
      fbPageId: listPageId,
      name: 'List Page',
      adminId: admin.adminId,
    });
    // 30 dated contacts (pairs share a timestamp, so the id tie-break matters) and 5 that never wrote.
    for (let i = 0; i < 30; i++) {
      await seedContact(database.db, listPageUuid, {
        psid: String(8000 + i),
        lastMessageAt: new Date(t0 + Math.floor(i / 2) * 60_000),
        preview: `hello ${i}`,
      });
    }
    for (let i = 0; i < 5; i++)
      await seedContact(database.db, listPageUuid, { psid: String(9000 + i) });
  });

  async function fetchPage(after: string | null, limit: number) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/chats/${listPageId}/recipients?limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{
      recipients: Array<{
        id: string;
        lastMessageAt: string | null;
        windowOpen: boolean;
        online: boolean;
      }>;
      paging: { nextCursor: string | null };
    }>();
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
    await seedContact(database.db, listPageUuid, { psid: '9100', lastMessageAt: new Date() });
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
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/chats/${listPageId}/recipients?limit=100`,
      headers,
    });
    const old = res
      .json<{ recipients: Array<{ id: string; windowOpen: boolean; online: boolean }> }>()
      .recipients.find((r) => r.id === '8000');
    expect(old).toMatchObject({ windowOpen: false, online: false });
  });

  it('rejects a forged cursor with 400 and a bad limit with 400', async () => {
    for (const after of ['nope', Buffer.from('{"t":"x","i":"y"}').toString('base64url')]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/chats/${listPageId}/recipients?after=${after}`,
        headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Invalid cursor' });
    }
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/chats/${listPageId}/recipients?limit=0`,
      headers,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /user/:userId', () => {
  it('fetches the history from the Graph API once, stores it de-duplicated, and pages it newest first', async () => {
    const psid = page.contacts[0]?.psid as string;
    const contactUuid = await seedContact(database.db, pageUuid, {
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
      const res: LightMyRequestResponse = await app.inject({
        method: 'GET',
        url: `${base()}/user/${psid}?limit=5${cursor ? `&after=${cursor}` : ''}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{
        messages: typeof all;
        tags: unknown;
        paging: { nextCursor: string | null };
      }>();
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
    const res = await app.inject({ method: 'GET', url: `${base()}/user/${psid}?limit=1`, headers });
    expect(res.json().tags).toEqual([
      { id: tag?.id, name: 'VIP', description: 'Big spenders', pageId: page.id },
    ]);
  });

  it('is 404 for a contact the page does not have', async () => {
    const res = await app.inject({ method: 'GET', url: `${base()}/user/123456789`, headers });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /user/:userId/send', () => {
  const outbox = async () =>
    (
      await emu<{
        data: Array<{
          mid: string;
          recipient: string;
          text: string;
          messaging_type: string;
          tag: string | null;
        }>;
      }>(emulator.url, `/_emulator/pages/${page.id}/outbox`)
    ).data;

  it('inside the window: sends a RESPONSE once, stores it and answers 201', async () => {
    const psid = page.contacts[1]?.psid as string;
    await seedContact(database.db, pageUuid, { psid, lastMessageAt: new Date(Date.now() - HOUR) });
    const res = await app.inject({
      method: 'POST',
      url: `${base()}/user/${psid}/send`,
      headers,
      payload: { message: '  Thanks for writing!  ' },
    });
    expect(res.statusCode).toBe(201);
    const { message } = res.json<{
      message: { id: string; message: string; sentBy: string; status: string };
    }>();
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
    const conv = await app.inject({
      method: 'GET',
      url: `${base()}/user/${psid}?limit=1`,
      headers,
    });
    expect(conv.json().messages[0]).toMatchObject({
      id: message.id,
      message: 'Thanks for writing!',
    });
    const list = await app.inject({ method: 'GET', url: `${base()}/recipients`, headers });
    expect(list.json().recipients[0]).toMatchObject({
      id: psid,
      lastMessagePreview: 'Thanks for writing!',
    });
  });

  describe('24 hours to 7 days after their last message', () => {
    const lateContact = async () => {
      const late = await emu<{ contacts: Array<{ psid: string }> }>(
        emulator.url,
        `/_emulator/pages/${page.id}/contacts`,
        { count: 1, inboundAgoMs: 3 * DAY },
      );
      const psid = late.contacts[0]?.psid as string;
      await seedContact(database.db, pageUuid, {
        psid,
        lastMessageAt: new Date(Date.now() - 3 * DAY),
      });
      return psid;
    };
    const reply = (on: FastifyInstance, psid: string) =>
      on.inject({
        method: 'POST',
        url: `${base()}/user/${psid}/send`,
        headers,
        payload: { message: 'Sorry for the wait!' },
      });
    const features = (humanAgent: boolean) =>
      emu(emulator.url, '/_emulator/app/features', { humanAgent }, 'PUT');

    it('Human Agent off (the default): 422 saying why and what would allow it, no Graph call', async () => {
      const psid = await lateContact();
      const before = (await outbox()).length;
      const res = await reply(app, psid);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: HUMAN_AGENT_OFF_MESSAGE });
      expect(await outbox()).toHaveLength(before);
    });

    it('Human Agent on, and Meta approved the app: a human-agent reply (HUMAN_AGENT tag)', async () => {
      const psid = await lateContact();
      const on = await buildChatApp(database, graph, emulator.url, { HUMAN_AGENT_ENABLED: 'true' });
      await features(true);
      try {
        const res = await reply(on.app, psid);
        expect(res.statusCode, res.body).toBe(201);
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
      const on = await buildChatApp(database, graph, emulator.url, {
        HUMAN_AGENT_ENABLED: 'true',
        HUMAN_AGENT_SENDS_PER_PAGE_MINUTE: '2',
      });
      await features(true);
      try {
        const codes = [];
        for (let i = 0; i < 3; i++) codes.push((await reply(on.app, psid)).statusCode);
        expect(codes).toEqual([201, 201, 429]);
        const refused = await reply(on.app, psid);
        expect(refused.json()).toEqual({ message: HUMAN_AGENT_LIMIT_MESSAGE(2) });
      } finally {
        await features(false);
        await on.app.close();
        await database.pool.query(`delete from rate_limits where key like 'chat-send:%'`);
      }
    });

    it('Human Agent on, but Meta did not approve the app: its (#10) says so', async () => {
      const psid = await lateContact();
      const on = await buildChatApp(database, graph, emulator.url, { HUMAN_AGENT_ENABLED: 'true' });
      try {
        const res = await reply(on.app, psid);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ message: HUMAN_AGENT_REFUSED_MESSAGE });
      } finally {
        await on.app.close();
      }
    });
  });

  it('replies over the per-minute ceilings get 429 with Retry-After, and nothing is sent', async () => {
    // Windows already counted by this file's other replies are cleared: this test sets its own ceilings.
    await database.pool.query(`delete from rate_limits where key like 'chat-send:%'`);
    const fresh = await emu<{ contacts: Array<{ psid: string }> }>(
      emulator.url,
      `/_emulator/pages/${page.id}/contacts`,
      { count: 1, inboundAgoMs: HOUR },
    );
    const psid = fresh.contacts[0]?.psid as string;
    await seedContact(database.db, pageUuid, { psid, lastMessageAt: new Date(Date.now() - HOUR) });
    const limited = await buildChatApp(database, graph, emulator.url, {
      CHAT_SENDS_PER_ADMIN_MINUTE: '3',
      CHAT_SENDS_PER_PAGE_MINUTE: '5',
    });
    try {
      const send = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: `${base()}/user/${psid}/send`,
          headers,
          payload: { message: `burst ${n}` },
        });
      const before = (await outbox()).length;
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await send(i));
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 429, 429]);
      expect(answers[3]?.json()).toEqual({ message: SEND_LIMIT_MESSAGE });
      expect(Number(answers[3]?.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(answers[3]?.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(await outbox()).toHaveLength(before + 3);
    } finally {
      await limited.app.close();
      await database.pool.query(`delete from rate_limits where key like 'chat-send:%'`);
    }
  });

  it('more than 7 days after their last message: 422 with what to do, no Graph call', async () => {
    const gone = await emu<{ contacts: Array<{ psid: string }> }>(
      emulator.url,
      `/_emulator/pages/${page.id}/contacts`,
      { count: 1, inboundAgoMs: 8 * DAY },
    );
    const psid = gone.contacts[0]?.psid as string;
    await seedContact(database.db, pageUuid, {
      psid,
      lastMessageAt: new Date(Date.now() - 8 * DAY),
    });
    const before = (await outbox()).length;
    const res = await app.inject({
      method: 'POST',
      url: `${base()}/user/${psid}/send`,
      headers,
      payload: { message: 'hi' },
    });
    expect(res.statusCode).toBe(422);
    // Our own message: had it been sent, Facebook's refusal would read as WINDOW_CLOSED_MESSAGE.
    expect(res.json()).toEqual({ message: REPLY_CLOSED_MESSAGE });
    expect(await outbox()).toHaveLength(before);
  });

  it("maps the platform's 10/2018278 (our data was stale) to the same 422", async () => {
    const outsider = await emu<{ contacts: Array<{ psid: string }> }>(
      emulator.url,
      `/_emulator/pages/${page.id}/contacts`,
      { count: 1, inboundAgoMs: 30 * HOUR },
    );
    const psid = outsider.contacts[0]?.psid as string;
    await seedContact(database.db, pageUuid, { psid, lastMessageAt: new Date(Date.now() - HOUR) });
    const before = (await outbox()).length;
    const res = await app.inject({
      method: 'POST',
      url: `${base()}/user/${psid}/send`,
      headers,
      payload: { message: 'hi' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: WINDOW_CLOSED_MESSAGE });
    expect(await outbox()).toHaveLength(before);
  });

  it('validates the text: blank and over 2000 characters are 400, nothing sent', async () => {
    const psid = page.contacts[1]?.psid as string;
    const before = (await outbox()).length;
    for (const message of ['   ', 'x'.repeat(2001)]) {
      const res = await app.inject({
        method: 'POST',
        url: `${base()}/user/${psid}/send`,
        headers,
        payload: { message },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.message).toBeDefined();
    }
    const ok = await app.inject({
      method: 'POST',
      url: `${base()}/user/${psid}/send`,
      headers,
      payload: { message: 'y'.repeat(2000) },
    });
    expect(ok.statusCode).toBe(201);
    expect(await outbox()).toHaveLength(before + 1);
  });

  it('an unconfirmed send is a clear 502, a revoked page token a 409 asking to reconnect', async () => {
    const psid = page.contacts[2]?.psid as string;
    await seedContact(database.db, pageUuid, { psid, lastMessageAt: new Date(Date.now() - HOUR) });
    await emu(emulator.url, '/_emulator/behaviour', { failNext: 1, failCodes: [500] }, 'PUT');
    const unknown = await app.inject({
      method: 'POST',
      url: `${base()}/user/${psid}/send`,
      headers,
      payload: { message: 'a' },
    });
    expect(unknown.statusCode).toBe(502);
    expect(unknown.json().message).toMatch(/did not confirm/);
    await emu(emulator.url, `/_emulator/tokens/${page.access_token}/revoke`, { subcode: 467 });
    const revoked = await app.inject({
      method: 'POST',
      url: `${base()}/user/${psid}/send`,
      headers,
      payload: { message: 'b' },
    });
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().message).toMatch(/Reconnect the page/);
  });
});

describe("another admin's page", () => {
  it('is 404 on every chats route', async () => {
    const h = await other.auth(app);
    const psid = page.contacts[0]?.psid as string;
    const calls = [
      { method: 'GET' as const, url: `${base()}/recipients` },
      { method: 'GET' as const, url: `${base()}/user/${psid}` },
      { method: 'POST' as const, url: `${base()}/user/${psid}/send`, payload: { message: 'hi' } },
      { method: 'GET' as const, url: `${base()}/events` },
    ];
    for (const call of calls) {
      const res = await app.inject({ ...call, headers: h });
      expect(res.statusCode, call.url).toBe(404);
    }
    const anonymous = await app.inject({ method: 'GET', url: `${base()}/recipients` });
    expect(anonymous.statusCode).toBe(401);
  });
});
