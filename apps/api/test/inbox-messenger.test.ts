// The inbox as Messenger really is: files and stickers, reactions, standby events, echoes from Meta's
// Page Inbox, receipts by Meta's time, unread counts, and search over all of a page's contacts. Webhooks
// are posted signed in Meta's shapes, and the emulator (over real HTTP) produces the same events itself.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@pagecast/contract';
import {
  liveMessageLoader,
  settleHeldReactions,
  storeMessages,
} from '../src/modules/inbox/index.js';
import { createRealtimeHub } from '../src/realtime/index.js';
import { subscribeMessengerWebhooks } from '../src/runtime.js';
import { startSyncEnv, type SyncEnv } from './helpers/sync.js';
import { bodyOf, invalid, type ApiClient } from './support/client.js';
import { emu, type EmulatorPage } from './support/emulator.js';
import { waitFor } from './support/wait.js';
import { postSignedWebhook } from './support/webhooks.js';
import { newEmulatorAdmin, newEmulatorPage, type TestAdmin } from './support/world.js';

const FIELDS = [
  'messages',
  'message_deliveries',
  'message_reads',
  'message_echoes',
  'message_reactions',
  'standby',
];
const PAGE_INBOX_APP_ID = 263902037430900;
let env: SyncEnv;
let account: TestAdmin;
let page: EmulatorPage & { uuid: string };

beforeAll(async () => {
  env = await startSyncEnv();
  await env.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = env.app.server.address() as AddressInfo;
  account = await newEmulatorAdmin(env, 'Sync Admin');
  page = await newEmulatorPage(env, account, { name: 'Inbox Page', contacts: 6 });
  const config = { ...env.config, publicUrl: `http://127.0.0.1:${port}` };
  await subscribeMessengerWebhooks({ config, graph: env.graph, logger: env.app.log as never });
  await env.graph.subscribeApp(page.id, page.access_token, FIELDS);
});
afterAll(async () => {
  await env?.close();
});

const psidAt = (i: number) => page.contacts[i]?.psid as string;

const postWebhook = (entry: unknown[]) => postSignedWebhook(env, entry);
const messaging = (items: unknown[]) => [{ id: page.id, time: Date.now(), messaging: items }];

type RecipientsQuery = NonNullable<Parameters<ApiClient['inbox']['getRecipients']>[0]['query']>;
type BulkBody = Parameters<ApiClient['userTags']['bulkUserTags']>[0]['body'];
/** The thread as the inbox reads it ([] while the contact is not known yet). */
const conversation = async (psid: string, pageId = page.id) => {
  const res = await account.client.inbox.getConversation({ params: { pageId, userId: psid } });
  return res.status === 200 ? res.body.messages : [];
};
/** The contact writes through the emulator; resolves once Pagecast has stored the message. */
async function contactWrites(psid: string, text: string): Promise<string> {
  const { mid } = await emu<{ mid: string }>(
    env.emulator,
    `/_emulator/pages/${page.id}/contacts/${psid}/messages`,
    { text },
  );
  await waitFor(async () => (await conversation(psid)).some((m) => m.id === mid), { everyMs: 20 });
  return mid;
}
const recipients = async (query: RecipientsQuery = {}) =>
  bodyOf(await account.client.inbox.getRecipients({ params: { pageId: page.id }, query }), 200);
const recipient = async (psid: string) =>
  (await recipients({ limit: 100 })).recipients.find((r) => r.id === psid);

describe('files and stickers', () => {
  it('a webhook with files and a sticker keeps them, shows them in the thread, and previews them', async () => {
    const psid = psidAt(0);
    const t = Date.now();
    const url = (n: string) => `https://scontent.xx.fbcdn.net/v/t1/${n}?oe=6A000000`;
    await postWebhook(
      messaging([
        {
          sender: { id: psid },
          recipient: { id: page.id },
          timestamp: t,
          message: {
            mid: 'm_files',
            attachments: [
              { type: 'image', payload: { url: url('photo.jpg') } },
              { type: 'file', payload: { url: url('invoice.pdf') }, title: 'invoice.pdf' },
            ],
          },
        },
        {
          // Meta's transition: one sticker sent both as an 'image' with a sticker_id and as a 'sticker'.
          sender: { id: psid },
          recipient: { id: page.id },
          timestamp: t + 1,
          message: {
            mid: 'm_sticker',
            sticker_id: 369239263222822,
            attachments: [
              { type: 'image', payload: { url: url('like.png'), sticker_id: 369239263222822 } },
              { type: 'sticker', payload: { url: url('like.png'), sticker_id: 369239263222822 } },
            ],
          },
        },
      ]),
    );
    const thread = await conversation(psid);
    expect(thread.find((m) => m.id === 'm_files')).toMatchObject({
      message: '',
      attachments: [
        { type: 'image', url: url('photo.jpg'), name: null },
        { type: 'file', url: url('invoice.pdf'), name: 'invoice.pdf' },
      ],
    });
    expect(thread.find((m) => m.id === 'm_sticker')?.attachments).toEqual([
      { type: 'sticker', url: url('like.png'), name: null },
    ]);
    expect((await recipient(psid))?.lastMessagePreview).toBe('Sticker');
  });

  it('the emulator sends a photo through its own webhook, and history read from the Graph API keeps files', async () => {
    const psid = psidAt(1);
    const sent = await emu<{ mid: string }>(
      env.emulator,
      `/_emulator/pages/${page.id}/contacts/${psid}/messages`,
      { text: 'Here is the receipt', attachments: [{ type: 'image' }] },
    );
    const stored = await waitFor(async () =>
      (await conversation(psid)).find((m) => m.id === sent.mid),
    );
    expect(stored.message).toBe('Here is the receipt');
    expect(stored.attachments).toEqual([
      { type: 'image', url: expect.stringContaining('/_emulator/cdn/image/'), name: null },
    ]);

    // A page whose webhooks are not subscribed: the thread comes from the Graph API's history.
    const quiet = await newEmulatorPage(env, account, { name: 'Quiet Page', contacts: 1 });
    const who = quiet.contacts[0]?.psid as string;
    const voice = await emu<{ mid: string }>(
      env.emulator,
      `/_emulator/pages/${quiet.id}/contacts/${who}/messages`,
      { attachments: [{ type: 'audio' }] },
    );
    const sticker = await emu<{ mid: string }>(
      env.emulator,
      `/_emulator/pages/${quiet.id}/contacts/${who}/messages`,
      { attachments: [{ type: 'sticker' }] },
    );
    await env.database.db.execute(
      sql`insert into contacts (page_id, psid, name) values (${quiet.uuid}, ${who}, 'Quiet Contact')`,
    );
    const history = await conversation(who, quiet.id);
    expect(history.find((m) => m.id === voice.mid)?.attachments).toEqual([
      { type: 'audio', url: expect.stringContaining('/_emulator/cdn/audio/'), name: null },
    ]);
    expect(history.find((m) => m.id === sticker.mid)?.attachments).toEqual([
      { type: 'sticker', url: expect.stringContaining('/_emulator/cdn/sticker/'), name: null },
    ]);
  });
});

describe('reactions', () => {
  it('a reaction shows on its message, reopens the window, and taking it back removes it', async () => {
    const psid = psidAt(2);
    const t = Date.now() - 3 * 86_400_000;
    await postWebhook(
      messaging([
        {
          sender: { id: page.id },
          recipient: { id: psid },
          timestamp: t,
          message: { mid: 'm_offer', text: 'Our spring offer', is_echo: true },
        },
      ]),
    );
    const react = (action: 'react' | 'unreact') => ({
      sender: { id: psid },
      recipient: { id: page.id },
      timestamp: Date.now(),
      reaction: { mid: 'm_offer', action, emoji: '\u2764\ufe0f', reaction: 'love' },
    });
    await postWebhook(messaging([react('react')]));
    expect((await conversation(psid)).find((m) => m.id === 'm_offer')?.reaction).toBe(
      '\u2764\ufe0f',
    );
    expect((await recipient(psid))?.windowOpen).toBe(true);
    // Replayed: the same state.
    await postWebhook(messaging([react('react')]));
    await postWebhook(messaging([react('unreact')]));
    expect((await conversation(psid)).find((m) => m.id === 'm_offer')?.reaction).toBeNull();
  });

  it("the emulator's reaction to a page message arrives the same way", async () => {
    const psid = psidAt(3);
    await contactWrites(psid, 'hi');
    const sent = await account.client.inbox.sendMessage({
      params: { pageId: page.id, userId: psid },
      body: { message: 'Thanks for writing' },
    });
    const mid = bodyOf(sent, 201).message.id;
    await emu(env.emulator, `/_emulator/pages/${page.id}/contacts/${psid}/reactions`, {
      mid,
      emoji: '\u{1F44D}',
    });
    const reacted = await waitFor(async () =>
      (await conversation(psid)).find((m) => m.id === mid && m.reaction),
    );
    expect(reacted.reaction).toBe('\u{1F44D}');
    // A reaction reopens the window but is no message to answer: the page's reply is still the last word.
    expect(await recipient(psid)).toMatchObject({ windowOpen: true, needsReply: false });
  });
});

describe('a reaction or receipt that comes before its message', () => {
  // Meta's webhooks are not ordered: a quick contact's reaction or read can beat the page message's echo,
  // or the Send API's answer, to Pagecast. It is kept and goes on the message when that is stored.
  const psid = () => psidAt(2);
  const echo = (mid: string, text: string, at = Date.now()) =>
    postWebhook(
      messaging([
        {
          sender: { id: page.id },
          recipient: { id: psid() },
          timestamp: at,
          message: { mid, text, is_echo: true },
        },
      ]),
    );
  const reaction = (
    mid: string,
    action: 'react' | 'unreact',
    at: number,
    from = psid(),
    emoji = '\u2764\ufe0f',
  ) =>
    postWebhook(
      messaging([
        {
          sender: { id: from },
          recipient: { id: page.id },
          timestamp: at,
          reaction: { mid, action, emoji, reaction: 'love' },
        },
      ]),
    );
  const held = async (mid: string) =>
    (
      await env.database.db.execute<{ reaction: string | null }>(
        sql`select reaction from pending_reactions where page_id = ${page.uuid} and mid = ${mid}`,
      )
    ).rows;

  /** The page's message stored as the Send API's answer stores it (storeMessages), as stored. */
  const storeAnswer = async (mid: string, text: string, createdAt = new Date()) => {
    const [contact] = (
      await env.database.db.execute<{ id: string }>(
        sql`select id from contacts where page_id = ${page.uuid} and psid = ${psid()}`,
      )
    ).rows;
    const [row] = await storeMessages(env.database.pool, page.uuid, contact?.id as string, [
      { mid, direction: 'out', text, sentBy: page.id, createdAt, byPerson: true },
    ]);
    return row;
  };

  it('shows on the message once its echo stores it, live in the same event', async () => {
    const hub = createRealtimeHub(env.database.pool, {
      loadMessage: liveMessageLoader(env.database.pool),
    });
    const events: LiveEvent[] = [];
    const off = hub.subscribe(page.id, (e) => void events.push(e));
    await hub.ready();
    try {
      await reaction('m_early', 'react', Date.now());
      expect(await held('m_early')).toEqual([{ reaction: '\u2764\ufe0f' }]);
      await echo('m_early', 'Your table is booked');
      expect((await conversation(psid())).find((m) => m.id === 'm_early')?.reaction).toBe(
        '\u2764\ufe0f',
      );
      expect(await held('m_early')).toEqual([]);
      const live = await waitFor(async () =>
        events.find((e) => e.type === 'message' && e.message.id === 'm_early'),
      );
      expect(live.type === 'message' && live.message.reaction).toBe('\u2764\ufe0f');
    } finally {
      off();
      await hub.close();
    }
  });

  it('of two held for one message the later wins, whatever order they came in', async () => {
    const t = Date.now();
    await reaction('m_twice', 'unreact', t + 1_000);
    await reaction('m_twice', 'react', t);
    expect(await held('m_twice')).toEqual([{ reaction: null }]);
    await echo('m_twice', 'See you Friday');
    expect((await conversation(psid())).find((m) => m.id === 'm_twice')?.reaction).toBeNull();
  });

  it("another contact's reaction to the mid is never put on this conversation", async () => {
    await reaction('m_not_theirs', 'react', Date.now(), psidAt(1));
    await echo('m_not_theirs', 'For contact two only');
    expect((await conversation(psid())).find((m) => m.id === 'm_not_theirs')?.reaction).toBeNull();
    // Left for the sweeper, which lets it go without putting it on anything.
    expect(await held('m_not_theirs')).toHaveLength(1);
    expect(await settleHeldReactions(env.database.pool)).toBe(0);
    expect(await held('m_not_theirs')).toEqual([]);
    expect((await conversation(psid())).find((m) => m.id === 'm_not_theirs')?.reaction).toBeNull();
  });

  it('the Send API answer path takes it too (messages stored by storeMessages)', async () => {
    await reaction('m_send_answer', 'react', Date.now(), psid(), '\u{1F44D}');
    const row = await storeAnswer('m_send_answer', 'Thanks!');
    expect(row?.reaction).toBe('\u{1F44D}');
  });

  it('the sweeper settles one held beside its message, and lets old ones go', async () => {
    // A held reaction its message's insert did not see (the two transactions ran side by side).
    await echo('m_side_by_side', 'Booked for two');
    await env.database.db.execute(sql`
      insert into pending_reactions (page_id, mid, psid, reaction, at)
      values (${page.uuid}, 'm_side_by_side', ${psid()}, '\u{1F62E}', now()),
             (${page.uuid}, 'm_from_before_pagecast', ${psid()}, '\u{1F62E}', now() - interval '2 days')`);
    await env.database.db.execute(sql`
      update pending_reactions set created_at = now() - interval '2 days'
       where page_id = ${page.uuid} and mid = 'm_from_before_pagecast'`);
    await reaction('m_still_on_its_way', 'react', Date.now());
    expect(await settleHeldReactions(env.database.pool)).toBe(1);
    expect((await conversation(psid())).find((m) => m.id === 'm_side_by_side')?.reaction).toBe(
      '\u{1F62E}',
    );
    expect(await held('m_side_by_side')).toEqual([]);
    expect(await held('m_from_before_pagecast')).toEqual([]);
    // A fresh one whose message is not stored yet stays held.
    expect(await held('m_still_on_its_way')).toHaveLength(1);
  });

  it('receipts that come first: a page message stored after them is delivered or read by their times', async () => {
    // Hours ago: the contact stays where the search tests below expect it in the list.
    const t = Date.now() - 2 * 3_600_000;
    const receipt = (kind: 'read' | 'delivery', watermark: number) =>
      postWebhook(
        messaging([
          {
            sender: { id: psid() },
            recipient: { id: page.id },
            timestamp: watermark,
            [kind]: { watermark },
          },
        ]),
      );
    await receipt('read', t);
    await receipt('delivery', t + 30_000);
    // An older receipt after a newer one changes nothing.
    await receipt('read', t - 60_000);
    await echo('m_before_read', 'Seen already', t - 1_000);
    await echo('m_before_delivery', 'Delivered already', t + 10_000);
    await echo('m_after_receipts', 'Not yet', t + 60_000);
    const thread = await conversation(psid());
    expect(thread.find((m) => m.id === 'm_before_read')?.status).toBe('read');
    expect(thread.find((m) => m.id === 'm_before_delivery')?.status).toBe('delivered');
    expect(thread.find((m) => m.id === 'm_after_receipts')?.status).toBe('sent');
    // The Send API's answer path too: stamped before the read watermark, it is stored read.
    const row = await storeAnswer(
      'm_answer_before_read',
      'Sent just before they read',
      new Date(t - 500),
    );
    expect(row).toMatchObject({ deliveredAt: new Date(t + 30_000), readAt: new Date(t) });
  });
});

describe('handover: standby events and replies from Meta Business Suite', () => {
  it("stores standby messages as the page's conversation, and a Page Inbox echo as the page's message", async () => {
    const psid = psidAt(4);
    const t = Date.now();
    await postWebhook([
      {
        id: page.id,
        time: t,
        standby: [
          {
            sender: { id: psid },
            recipient: { id: page.id },
            timestamp: t,
            message: { mid: 'm_standby_in', text: 'Anyone there?' },
          },
          {
            sender: { id: page.id },
            recipient: { id: psid },
            timestamp: t + 1000,
            message: {
              mid: 'm_standby_echo',
              text: 'Yes, from Business Suite',
              is_echo: true,
              app_id: PAGE_INBOX_APP_ID,
            },
          },
        ],
      },
    ]);
    const thread = await conversation(psid);
    expect(thread.find((m) => m.id === 'm_standby_in')).toMatchObject({
      sentBy: psid,
      status: 'received',
    });
    expect(thread.find((m) => m.id === 'm_standby_echo')).toMatchObject({
      sentBy: page.id,
      message: 'Yes, from Business Suite',
    });
    const r = await recipient(psid);
    expect(r).toMatchObject({ windowOpen: true, needsReply: false });
  });

  it("with the threads in Meta's Page Inbox, the emulator delivers in standby and Pagecast keeps them", async () => {
    const psid = psidAt(5);
    await emu(env.emulator, `/_emulator/pages/${page.id}/thread-owner`, {
      owner: 'inbox',
    });
    try {
      const m = await emu<{ mid: string }>(
        env.emulator,
        `/_emulator/pages/${page.id}/contacts/${psid}/messages`,
        { text: 'Written while the Page Inbox has the thread' },
      );
      const answer = await emu<{ mid: string }>(
        env.emulator,
        `/_emulator/pages/${page.id}/contacts/${psid}/inbox-reply`,
        { text: 'Answered in Business Suite' },
      );
      const thread = await waitFor(async () => {
        const t = await conversation(psid);
        return t.some((x) => x.id === answer.mid) ? t : null;
      });
      expect(thread.find((x) => x.id === m.mid)?.sentBy).toBe(psid);
      expect(thread.find((x) => x.id === answer.mid)?.sentBy).toBe(page.id);
    } finally {
      await emu(env.emulator, `/_emulator/pages/${page.id}/thread-owner`, {
        owner: 'app',
      });
    }
  });
});

describe('receipts by Meta time', () => {
  it('the message the contact just read is read, and a delivery without mids still delivers', async () => {
    const psid = psidAt(0);
    const send = async (text: string) => {
      const res = await account.client.inbox.sendMessage({
        params: { pageId: page.id, userId: psid },
        body: { message: text },
      });
      return bodyOf(res, 201).message.id;
    };
    await contactWrites(psid, 'Do you deliver?');
    const first = await send('We do');
    const second = await send('Within two days');
    // Both delivered: one delivery lists its mid and the other does not (the emulator alternates).
    await waitFor(
      async () => {
        const t = await conversation(psid);
        return [first, second].every((id) => t.find((m) => m.id === id)?.status === 'delivered');
      },
      { everyMs: 50 },
    );
    // The read's watermark is Meta's time of the newest message seen: the one just sent is read.
    await emu(env.emulator, `/_emulator/pages/${page.id}/contacts/${psid}/read`, {});
    await waitFor(
      async () => {
        const t = await conversation(psid);
        return t.find((m) => m.id === second)?.status === 'read';
      },
      { everyMs: 50 },
    );
    expect((await conversation(psid)).find((m) => m.id === first)?.status).toBe('read');
  });
});

describe('unread counts and needs reply', () => {
  it("counts the contact's new messages until the conversation is opened or answered", async () => {
    const psid = psidAt(3);
    const markRead = (userId: string, client = account.client) =>
      client.inbox.markRead({ params: { pageId: page.id, userId } });
    await markRead(psid);
    for (const text of ['Are you open on Sunday?', 'And on Monday?'])
      await emu(env.emulator, `/_emulator/pages/${page.id}/contacts/${psid}/messages`, {
        text,
      });
    const r = await waitFor(
      async () => {
        const x = await recipient(psid);
        return x?.unreadCount === 2 ? x : null;
      },
      { everyMs: 50 },
    );
    expect(r).toMatchObject({ needsReply: true, lastMessagePreview: 'And on Monday?' });
    expect((await recipients({ filter: 'unread' })).recipients.map((x) => x.id)).toContain(psid);
    expect((await recipients({ filter: 'needs_reply' })).recipients.map((x) => x.id)).toContain(
      psid,
    );

    expect(bodyOf(await markRead(psid), 200)).toEqual({ unreadCount: 0 });
    expect((await recipient(psid))?.unreadCount).toBe(0);
    expect((await recipients({ filter: 'unread' })).recipients.map((x) => x.id)).not.toContain(
      psid,
    );

    // Unknown contact or another admin's page: 404, nothing changed.
    expect((await markRead('9999999999')).status).toBe(404);
    const other = await newEmulatorAdmin(env, 'Other Admin');
    expect((await markRead(psid, other.client)).status).toBe(404);
  });
});

describe('search over all contacts', () => {
  let tagId: string;
  beforeAll(async () => {
    // 60 more conversations, newer than the seeded ones: the seeded contacts fall off the first page.
    const now = Date.now() + 3_600_000;
    await env.database.db.execute(sql`
      insert into contacts (page_id, psid, name, last_message_at, last_message_preview, last_inbound_at)
      select ${page.uuid}::uuid, (9100000000000000 + g)::text, 'Crowd Person ' || g,
             ${new Date(now).toISOString()}::timestamptz - g * interval '1 minute', 'hello',
             ${new Date(now).toISOString()}::timestamptz - g * interval '1 minute'
        from generate_series(1, 60) g`);
    const { rows } = await env.database.db.execute<{ id: string }>(
      sql`insert into tags (page_id, name, description) values (${page.uuid}, 'Wholesale', 'Buys in bulk')
          returning id`,
    );
    tagId = rows[0]?.id as string;
    await env.database.db.execute(sql`
      insert into contact_tags (contact_id, tag_id, page_id)
      select id, ${tagId}::uuid, page_id from contacts where page_id = ${page.uuid} and psid like '91%'
         and name ~ ' [1-5]$'`);
  });

  it('finds a contact beyond the first page by name, and by a word of one of their messages', async () => {
    const first = await recipients({ limit: 30 });
    const target = page.contacts[2] as { psid: string; name: string };
    expect(first.recipients.some((r) => r.id === target.psid)).toBe(false);
    const byName = await recipients({ q: target.name.split(' ')[0] ?? '' });
    expect(byName.recipients.map((r) => r.id)).toContain(target.psid);
    // 'spring' appears only in the page's message 'Our spring offer' to contact 2.
    const byText = await recipients({ q: 'SPRING' });
    expect(byText.recipients.map((r) => r.id)).toEqual([target.psid]);
    // LIKE wildcards are literal.
    expect((await recipients({ q: '%' })).recipients).toEqual([]);
  });

  it('pages a search with the same stable cursor, every match once', async () => {
    const seen: string[] = [];
    let after = '';
    for (;;) {
      const page1 = await recipients({ q: 'crowd', limit: 7, ...(after ? { after } : {}) });
      seen.push(...page1.recipients.map((r) => r.id));
      if (!page1.paging.nextCursor) break;
      after = page1.paging.nextCursor;
    }
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
  });

  it('filters by tag and by open window, combined with the search', async () => {
    const tagged = await recipients({ tagId });
    expect(tagged.recipients.map((r) => r.name).sort()).toEqual(
      [
        'Crowd Person 1',
        'Crowd Person 2',
        'Crowd Person 3',
        'Crowd Person 4',
        'Crowd Person 5',
      ].sort(),
    );
    const open = await recipients({ filter: 'window_open', q: 'crowd', limit: 100 });
    expect(open.recipients).toHaveLength(60);
    expect(open.recipients.every((r) => r.windowOpen)).toBe(true);
  });

  it('answers bad search input with 400', async () => {
    const list = (query: RecipientsQuery) =>
      account.client.inbox.getRecipients({ params: { pageId: page.id }, query });
    expect((await list({ q: 'x'.repeat(101) })).status).toBe(400);
    expect((await list({ filter: invalid('everyone') })).status).toBe(400);
    expect((await list({ tagId: 'nope' })).status).toBe(400);
  });
});

describe('bulk tagging by search', () => {
  it('counts the matches, then tags every one of them in chunks, and untags by the same search', async () => {
    const { rows } = await env.database.db.execute<{ id: string }>(
      sql`insert into tags (page_id, name, description) values (${page.uuid}, 'Crowd', 'Everyone in the crowd')
          returning id`,
    );
    const crowd = rows[0]?.id as string;
    const count = await account.client.inbox.countRecipients({
      params: { pageId: page.id },
      query: { q: 'crowd' },
    });
    expect(bodyOf(count, 200)).toEqual({ count: 60 });

    const run = async (body: Pick<BulkBody, 'add' | 'remove' | 'match'>) => {
      let after: string | null = null;
      let processed = 0;
      let calls = 0;
      do {
        const res = await account.client.userTags.bulkUserTags({
          body: { pageId: page.id, limit: 25, ...body, ...(after ? { after } : {}) },
        });
        const out = bodyOf(res, 200);
        processed += out.processed;
        after = out.nextAfter;
        calls++;
      } while (after);
      return { processed, calls };
    };
    expect(await run({ add: [crowd], match: { q: 'crowd' } })).toEqual({ processed: 60, calls: 3 });
    const tagged = await recipients({ tagId: crowd, limit: 100 });
    expect(tagged.recipients).toHaveLength(60);
    // Again: nothing more (idempotent), and the tag's count is right.
    await run({ add: [crowd], match: { q: 'crowd' } });
    const { rows: t } = await env.database.db.execute<{ contact_count: number }>(
      sql`select contact_count from tags where id = ${crowd}`,
    );
    expect(t[0]?.contact_count).toBe(60);

    // Removing the very tag the search filters by.
    expect(await run({ remove: [crowd], match: { tagId: crowd } })).toEqual({
      processed: 60,
      calls: 3,
    });
    expect((await recipients({ tagId: crowd })).recipients).toHaveLength(0);
  });

  it('refuses bad input and tags of another page, changing nothing', async () => {
    const post = (body: BulkBody) => account.client.userTags.bulkUserTags({ body });
    const before = await env.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from contact_tags`,
    );
    expect((await post({ pageId: page.id, match: {} })).status).toBe(400);
    const someTag = '7a0f3b1e-5d3c-4c41-9a8e-1f2b3c4d5e6f';
    expect(
      (await post({ pageId: page.id, add: [someTag], remove: [someTag], match: {} })).status,
    ).toBe(400);
    const missing = await post({ pageId: page.id, add: [someTag], match: {} });
    expect(bodyOf(missing, 404)).toEqual({ message: 'Tag not found' });
    expect((await post({ pageId: page.id, add: ['nope'], match: {} })).status).toBe(400);
    const after = await env.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from contact_tags`,
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});
