// The Graph client against the emulator over real HTTP (and a raw server for the transport's edge cases):
// one short case per endpoint and per kind of Meta answer; long because those are many.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type Emulator } from '@pagecast/graph-emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGraphClient, redactUrl, templatePayload, type GraphClient } from './client.js';
import { caught } from '../../test/helpers/graph-error.js';
import { graphRequestLog } from '../../test/helpers/graph-requests.js';
import { emu as control } from '../../test/support/emulator.js';

const APP_ID = '1000000000000001';
const SECRET = 'pagecast-emulator-app-secret';

/** A send whose ids do not matter: for a client whose server never answers properly. */
const sendAny = (g: GraphClient) =>
  g.sendMessage({ pageId: '1', pageToken: 'EAA', psid: '2', text: 'x', messagingType: 'RESPONSE' });

describe('Graph client against the emulator', () => {
  let emu: Emulator;
  let graph: GraphClient;
  let user: { id: string; access_token: string };
  let page: { id: string; access_token: string; contacts: Array<{ psid: string }> };
  /** A RESPONSE send of `text` to the page's contact number `contact`. */
  const respond = (contact: number, text: string) =>
    graph.sendMessage({
      pageId: page.id,
      pageToken: page.access_token,
      psid: page.contacts[contact]?.psid ?? '',
      text,
      messagingType: 'RESPONSE',
    });
  const logs: string[] = [];

  beforeAll(async () => {
    emu = await startEmulator({
      ...graphRequestLog(),
      port: 0,
      seed: 'empty',
      behaviour: { sendPerSecond: 0, conversationsPerSecond: 0 },
    });
    graph = createGraphClient({
      baseUrl: emu.url,
      version: 'v16.0',
      appId: APP_ID,
      appSecret: SECRET,
      timeoutMs: 5_000,
      backoffBaseMs: 10,
      rateLimitBackoffMs: 100,
      maxRateLimitRetries: 200,
      logger: {
        debug: (o) => logs.push(JSON.stringify(o)),
        warn: (o) => logs.push(JSON.stringify(o)),
      },
    });
    user = await control(emu, `/_emulator/users`, { name: 'Grace Hopper', longLived: false });
    page = await control(emu, `/_emulator/pages`, {
      ownerId: user.id,
      name: 'Client Page',
      contacts: 60,
      messagesPerContact: 3,
    });
    for (let i = 0; i < 4; i++)
      await control(emu, `/_emulator/pages`, { ownerId: user.id, name: `Page ${i}` });
  });
  afterAll(async () => {
    await graph.close();
    await emu.close();
  });
  beforeEach(async () => {
    await control(
      emu,
      `/_emulator/behaviour`,
      {
        sendPerSecond: 0,
        conversationsPerSecond: 0,
        failNext: 0,
        failCodes: [1200],
        unavailablePsids: [],
      },
      'PUT',
    );
  });

  it('debugToken, exchangeToken, getMe, getPermissions', async () => {
    const dbg = await graph.debugToken(user.access_token);
    expect(dbg).toMatchObject({ app_id: APP_ID, type: 'USER', is_valid: true, user_id: user.id });
    const long = await graph.exchangeToken(user.access_token);
    expect(long.tokenType).toBe('bearer');
    expect(long.expiresIn).toBeGreaterThan(5_000_000);
    const me = await graph.getMe(long.accessToken);
    expect(me).toMatchObject({
      id: user.id,
      name: 'Grace Hopper',
      picture: { data: { url: expect.any(String) } },
    });
    const perms = await graph.getPermissions(long.accessToken);
    expect(perms).toContainEqual({ permission: 'pages_messaging', status: 'granted' });
    expect((await graph.debugToken('garbage')).is_valid).toBe(false);
  });

  it('listAccounts follows cursors to the end; iterateAccounts streams', async () => {
    const all = await graph.listAccounts(user.access_token, { limit: 2 });
    expect(all).toHaveLength(5);
    expect(new Set(all.map((a) => a.id)).size).toBe(5);
    expect(all[0]).toMatchObject({
      id: page.id,
      access_token: expect.stringMatching(/^EAA/),
      tasks: expect.arrayContaining(['MESSAGING']),
    });
    let n = 0;
    for await (const a of graph.iterateAccounts(user.access_token, { limit: 3 })) n += a.id ? 1 : 0;
    expect(n).toBe(5);
    const p = await graph.getPage(page.id, user.access_token);
    expect(p).toMatchObject({ id: page.id, name: 'Client Page', access_token: expect.any(String) });
  });

  it('paginate stops where Meta gives no next page, or at maxPages', async () => {
    const token = user.access_token;
    const pages = (n: number | undefined, limit: number) =>
      graph.listAll<{ id: string }>('me/accounts', {
        token,
        query: { fields: 'id', limit },
        ...(n === undefined ? {} : { maxPages: n }),
      });
    expect(await pages(undefined, 2)).toHaveLength(5); // 2 + 2 + 1, the last page without next
    expect(await pages(2, 2)).toHaveLength(4);
    expect(await pages(1, 5)).toHaveLength(5);
    expect(await pages(1, 2)).toHaveLength(2);
  });

  it('subscribeApp / getSubscribedApps / unsubscribeApp and app-level subscribeAppWebhooks', async () => {
    expect(
      await graph.subscribeApp(page.id, page.access_token, ['messages', 'message_deliveries']),
    ).toBe(true);
    expect(await graph.getSubscribedApps(page.id, page.access_token)).toEqual([
      expect.objectContaining({
        id: APP_ID,
        subscribed_fields: ['messages', 'message_deliveries'],
      }),
    ]);
    expect(await graph.unsubscribeApp(page.id, page.access_token)).toBe(true);
    expect(await graph.getSubscribedApps(page.id, page.access_token)).toEqual([]);
    const server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      res.end(
        u.searchParams.get('hub.verify_token') === 'vt'
          ? (u.searchParams.get('hub.challenge') ?? '')
          : 'no',
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      expect(
        await graph.subscribeAppWebhooks({
          callbackUrl: url,
          verifyToken: 'vt',
          fields: ['messages'],
        }),
      ).toBe(true);
      const err = await caught(
        graph.subscribeAppWebhooks({
          callbackUrl: url,
          verifyToken: 'wrong',
          fields: ['messages'],
        }),
      );
      expect(err.kind).toBe('invalid');
    } finally {
      server.close();
    }
  });

  it('listConversations pages through everything, exposing resumable cursors', async () => {
    const ids: string[] = [];
    const cursors: Array<string | null> = [];
    for await (const p of graph.listConversations(page.id, page.access_token, {
      limit: 25,
      messagesLimit: 2,
    })) {
      ids.push(...p.conversations.map((c) => c.id));
      cursors.push(p.nextCursor);
      expect(p.conversations[0]?.messages?.data.length).toBeLessThanOrEqual(2);
    }
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    expect(cursors.at(-1)).toBeNull();
    // resume from the first page's cursor
    const resumed: string[] = [];
    for await (const p of graph.listConversations(page.id, page.access_token, {
      limit: 25,
      after: cursors[0],
    }))
      resumed.push(...p.conversations.map((c) => c.id));
    expect(resumed).toEqual(ids.slice(25));
    const conv = ids[0] as string;
    const { messages } = await graph.getConversationMessages(conv, page.access_token, {
      limit: 10,
    });
    expect(messages[0]).toMatchObject({
      id: expect.stringMatching(/^m_/),
      created_time: expect.any(String),
    });
    const msg = await graph.getMessage(messages[0]?.id ?? '', page.access_token);
    expect(msg.id).toBe(messages[0]?.id);
    const psid = page.contacts[0]?.psid ?? '';
    expect(await graph.getProfile(psid, page.access_token)).toMatchObject({
      id: psid,
      first_name: expect.any(String),
      profile_pic: expect.any(String),
    });
  });

  it('sendMessage returns ids and the message is in the outbox once', async () => {
    const psid = page.contacts[1]?.psid ?? '';
    const r = await graph.sendMessage({
      pageId: page.id,
      pageToken: page.access_token,
      psid,
      text: 'hi there',
      messagingType: 'RESPONSE',
    });
    expect(r).toEqual({ recipientId: psid, messageId: expect.stringMatching(/^m_/) });
    const outbox = emu.world.pages.get(page.id)?.outbox.filter((e) => e.mid === r.messageId);
    expect(outbox).toHaveLength(1);
  });

  it('rate-limit storm: low sendPerSecond + many concurrent sends -> all succeed, none duplicated', async () => {
    await control(emu, `/_emulator/behaviour`, { sendPerSecond: 10 }, 'PUT');
    const before = emu.world.pages.get(page.id)?.outbox.length ?? 0;
    const psids = page.contacts.slice(0, 30).map((c) => c.psid);
    const results = await Promise.all(
      psids.map((psid, i) =>
        graph.sendMessage({
          pageId: page.id,
          pageToken: page.access_token,
          psid,
          text: `storm ${i}`,
          messagingType: 'UPDATE',
        }),
      ),
    );
    expect(results).toHaveLength(30);
    const outbox = emu.world.pages.get(page.id)?.outbox.slice(before) ?? [];
    expect(outbox).toHaveLength(30);
    expect(new Set(outbox.map((e) => e.text)).size).toBe(30);
    const times = outbox.map((e) => e.time);
    for (let i = 10; i < times.length; i++)
      expect((times[i] ?? 0) - (times[i - 10] ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it('an injected 1200 on a send is retried; raw 500 on reads is retried', async () => {
    await control(emu, `/_emulator/behaviour`, { failNext: 2, failCodes: [1200, 1200] }, 'PUT');
    const before = emu.world.pages.get(page.id)?.outbox.length ?? 0;
    const r = await respond(2, 'after faults');
    expect(r.messageId).toMatch(/^m_/);
    expect((emu.world.pages.get(page.id)?.outbox.length ?? 0) - before).toBe(1);
    expect(emu.world.behaviour.failNext).toBe(0);
    await control(emu, `/_emulator/behaviour`, { failNext: 2, failCodes: [500, 1200] }, 'PUT');
    const pages: number[] = [];
    for await (const p of graph.listConversations(page.id, page.access_token, { limit: 50 }))
      pages.push(p.conversations.length);
    expect(pages).toEqual([50, 10]);
  });

  it('codes 1 and 2 on a send are not retried (the message may have gone): unknown_outcome', async () => {
    for (const code of [1, 2]) {
      await control(emu, `/_emulator/behaviour`, { failNext: 1, failCodes: [code] }, 'PUT');
      const before = emu.world.pages.get(page.id)?.outbox.length ?? 0;
      const err = await caught(respond(2, `maybe sent ${code}`));
      expect(err).toMatchObject({ kind: 'unknown_outcome', code });
      // Sent once (the emulator carried it out), never a second time.
      expect((emu.world.pages.get(page.id)?.outbox.length ?? 0) - before).toBe(1);
    }
  });

  it('a raw 500 on a send is not retried: unknown_outcome', async () => {
    await control(emu, `/_emulator/behaviour`, { failNext: 1, failCodes: [500] }, 'PUT');
    const err = await caught(respond(3, 'x'));
    expect(err.kind).toBe('unknown_outcome');
    expect(emu.world.behaviour.failNext).toBe(0);
  });

  it('transient errors give up after maxRetries', async () => {
    await control(emu, `/_emulator/behaviour`, { failNext: 50, failCodes: [1200] }, 'PUT');
    const err = await caught(respond(3, 'x'));
    expect(err).toMatchObject({ kind: 'transient', code: 1200 });
    expect(emu.world.behaviour.failNext).toBe(45); // 1 try + 4 retries
  });

  it('per-recipient errors are classified and never retried', async () => {
    const outsider = await control(emu, `/_emulator/pages/${page.id}/contacts`, {
      count: 1,
      inboundAgoMs: 3 * 86_400_000,
    });
    const psid = outsider.contacts[0].psid as string;
    const base = { pageId: page.id, pageToken: page.access_token, text: 'x' } as const;
    const unknown = await caught(
      graph.sendMessage({ ...base, psid: '1111111111111111', messagingType: 'RESPONSE' }),
    );
    expect(unknown).toMatchObject({ kind: 'recipient', code: 100, subcode: 2018001 });
    const window = await caught(graph.sendMessage({ ...base, psid, messagingType: 'RESPONSE' }));
    expect(window).toMatchObject({ kind: 'window', code: 10, subcode: 2018278 });
    const retired = await caught(
      graph.sendMessage({
        ...base,
        psid,
        messagingType: 'MESSAGE_TAG',
        tag: 'POST_PURCHASE_UPDATE',
      }),
    );
    if (emu.world.now() >= Date.UTC(2026, 3, 27))
      expect(retired).toMatchObject({ kind: 'recipient', code: 100 });
    await control(emu, `/_emulator/behaviour`, { unavailablePsids: [psid] }, 'PUT');
    // HUMAN_AGENT needs the app's Human Agent feature (App Review): this app has it.
    await control(emu, `/_emulator/app/features`, { humanAgent: true }, 'PUT');
    const gone = await caught(
      graph.sendMessage({ ...base, psid, messagingType: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }),
    );
    expect(gone).toMatchObject({
      kind: 'recipient',
      code: 551,
      subcode: 1545041,
      fbtraceId: expect.any(String),
    });
    const tooLong = await caught(
      graph.sendMessage({ ...base, psid, text: 'a'.repeat(2001), messagingType: 'RESPONSE' }),
    );
    expect(tooLong.kind).toBe('invalid');
  });

  it('token errors are classified as token (expired 463, revoked 458 after app removal)', async () => {
    const u = await control(emu, `/_emulator/users`, { name: 'Temp' });
    await fetch(`${emu.url}/_emulator/tokens/${u.access_token}/expire`, { method: 'POST' });
    expect(await caught(graph.getMe(u.access_token))).toMatchObject({
      kind: 'token',
      code: 190,
      subcode: 463,
    });
    const v = await control(emu, `/_emulator/users`, { name: 'Leaver' });
    await fetch(`${emu.url}/_emulator/users/${v.id}/remove-app`, { method: 'POST' });
    expect(await caught(graph.getMe(v.access_token))).toMatchObject({
      kind: 'token',
      code: 190,
      subcode: 458,
    });
    expect(await caught(graph.getMe('not-a-token'))).toMatchObject({ kind: 'token', code: 190 });
    const limited = await control(emu, `/_emulator/users/${user.id}/tokens`, {
      scopes: ['email'],
    });
    expect(await caught(graph.listAccounts(limited.access_token))).toMatchObject({
      kind: 'permission',
      code: 200,
    });
  });

  it('conversations rate limit (80001) is waited out', async () => {
    await control(emu, `/_emulator/behaviour`, { conversationsPerSecond: 2 }, 'PUT');
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        graph.getConversationMessages(`t_${page.contacts[0]?.psid}`, page.access_token, {
          limit: 1,
        }),
      ),
    );
    expect(results.every((r) => r.messages.length === 1)).toBe(true);
  });

  it('batch: items answer independently', async () => {
    const r = await graph.batch(user.access_token, [
      { method: 'GET', relativeUrl: 'me?fields=id' },
      { method: 'GET', relativeUrl: `${page.id}/conversations?access_token=bogus` },
      {
        method: 'POST',
        relativeUrl: `${page.id}/messages`,
        body: {
          access_token: page.access_token,
          messaging_type: 'RESPONSE',
          recipient: JSON.stringify({ id: page.contacts[4]?.psid }),
          message: JSON.stringify({ text: 'batched' }),
        },
      },
    ]);
    expect(r.map((x) => x.code)).toEqual([200, 400, 200]);
    expect(r[0]?.body).toEqual({ id: user.id });
    expect(r[1]?.body).toMatchObject({ error: { code: 190 } });
    expect(r[2]?.body).toMatchObject({ message_id: expect.stringMatching(/^m_/) });
  });

  it('never logs tokens', () => {
    expect(logs.length).toBeGreaterThan(0);
    const all = logs.join('\n');
    expect(all).not.toContain(user.access_token);
    expect(all).not.toContain(page.access_token);
    expect(all).not.toContain(SECRET);
    expect(redactUrl('/v16.0/me?access_token=EAAx&fields=id&client_secret=s')).toBe(
      '/v16.0/me?access_token=[redacted]&fields=id&client_secret=[redacted]',
    );
  });
});

describe('network failures', () => {
  it('connection refused on a send is provably not sent -> retried, then transient', async () => {
    const g = createGraphClient({
      baseUrl: 'http://127.0.0.1:9',
      version: 'v16.0',
      appId: APP_ID,
      appSecret: SECRET,
      maxRetries: 1,
      backoffBaseMs: 1,
    });
    const err = await caught(sendAny(g));
    expect(err.kind).toBe('transient');
    await g.close();
  });

  it('a timeout after the request was written -> unknown_outcome, not retried', async () => {
    let hits = 0;
    const server = createServer(() => {
      hits++; // never answers
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const g = createGraphClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      version: 'v16.0',
      appId: APP_ID,
      appSecret: SECRET,
      timeoutMs: 200,
    });
    const err = await caught(sendAny(g));
    expect(err.kind).toBe('unknown_outcome');
    expect(hits).toBe(1);
    await g.close().catch(() => {});
    server.closeAllConnections();
    server.close();
  });
});

describe('the Send API template payload', () => {
  it('names each NAMED parameter, in the order given', () => {
    expect(
      templatePayload({ name: 'n', language: 'en_US', params: { first_name: 'Ana', ref: 'A-1' } }),
    ).toEqual({
      name: 'n',
      language: { code: 'en_US' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'first_name', text: 'Ana' },
            { type: 'text', parameter_name: 'ref', text: 'A-1' },
          ],
        },
      ],
    });
  });

  it('sends POSITIONAL parameters without names, in number order (10 after 2)', () => {
    const p = templatePayload({
      name: 'n',
      language: 'en_US',
      params: { '10': 'ten', '2': 'two', '1': 'one' },
    });
    expect(p.components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
          { type: 'text', text: 'ten' },
        ],
      },
    ]);
  });

  it('has no components when the template has no parameters', () => {
    expect(templatePayload({ name: 'n', language: 'es_ES', params: {} })).toEqual({
      name: 'n',
      language: { code: 'es_ES' },
    });
  });
});
