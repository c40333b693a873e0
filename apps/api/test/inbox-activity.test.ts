// The contact row's copies of its conversation (unread count, last message time and preview, when the
// contact last wrote), which GET recipients lists without reading the messages: they must equal what the
// stored messages say, also when Meta delivers a burst of one person's messages concurrently, out of
// order and with a duplicate, beside the page's own echo.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf } from './support/client.js';
import type { EmulatorPage } from './support/emulator.js';
import { postWebhook, webhooksSettled } from './support/webhooks.js';
import {
  createWorld,
  newEmulatorAdmin,
  newEmulatorPage,
  type TestAdmin,
  type World,
} from './support/world.js';

let world: World;
let admin: TestAdmin;
let page: EmulatorPage & { uuid: string };

beforeAll(async () => {
  world = await createWorld();
  admin = await newEmulatorAdmin(world, 'Activity Owner');
  page = await newEmulatorPage(world, admin, { name: 'Activity Page', contacts: 2 });
});
afterAll(async () => {
  await world?.close();
});

const deliver = (messaging: unknown) =>
  postWebhook(
    world.app,
    world.config,
    JSON.stringify({
      object: 'page',
      entry: [{ id: page.id, time: Date.now(), messaging: [messaging] }],
    }),
  );
const inbound = (psid: string, mid: string, at: number) => ({
  sender: { id: psid },
  recipient: { id: page.id },
  timestamp: at,
  message: { mid, text: `text of ${mid}` },
});
const echo = (psid: string, mid: string, at: number) => ({
  sender: { id: page.id },
  recipient: { id: psid },
  timestamp: at,
  message: { mid, text: `text of ${mid}`, is_echo: true },
});

/** The contact's columns beside the same facts recounted from its stored messages. */
async function columnsAndRecount(psid: string) {
  const { rows } = await world.database.db.execute<Record<string, unknown>>(sql`
    select c.unread_count as "unread", c.last_message_at as "lastAt", c.last_message_preview as "preview",
           c.last_inbound_at as "inboundAt", c.last_contact_message_at as "contactAt",
           r.inbound as "recountInbound", r.last_at as "recountLastAt", r.last_text as "recountPreview",
           r.last_in as "recountInboundAt"
      from contacts c cross join lateral (
        select count(*) filter (where m.direction = 'in')::int as inbound, max(m.created_at) as last_at,
               max(m.created_at) filter (where m.direction = 'in') as last_in,
               (select m2.text from messages m2 where m2.contact_id = c.id
                 order by m2.created_at desc, m2.id desc limit 1) as last_text
          from messages m where m.contact_id = c.id) r
     where c.page_id = ${page.uuid} and c.psid = ${psid}`);
  return rows[0] as Record<string, unknown>;
}

/** Epoch ms of a timestamptz as the raw query answers it (text). */
const ms = (v: unknown) => new Date(v as string).getTime();

async function listed(psid: string) {
  const res = await admin.client.inbox.getRecipients({
    params: { pageId: page.id },
    query: { limit: 100 },
  });
  return bodyOf(res, 200).recipients.find((r) => r.id === psid);
}

describe("a contact row's copy of its conversation", () => {
  it('equals the stored messages after concurrent, out-of-order and repeated deliveries', async () => {
    const psid = page.contacts[0]?.psid as string;
    const t0 = Date.now() - 10 * 60_000;
    // Twelve messages of the contact, a second apart, delivered all at once in a shuffled order, the
    // fourth twice; the page's reply (its echo) is the newest message of the conversation.
    const order = [7, 2, 11, 0, 3, 9, 5, 1, 10, 3, 6, 8, 4];
    const replyAt = t0 + 20_000;
    const answers = await Promise.all([
      ...order.map((i) => deliver(inbound(psid, `m_burst_${i}`, t0 + i * 1000))),
      deliver(echo(psid, 'm_burst_reply', replyAt)),
    ]);
    for (const a of answers) expect(a.statusCode).toBe(200);
    await webhooksSettled(world);

    const row = await columnsAndRecount(psid);
    expect(row.recountInbound).toBe(12);
    expect(row.unread).toBe(12);
    expect(row.lastAt).toEqual(row.recountLastAt);
    expect(ms(row.lastAt)).toBe(replyAt);
    expect(row.preview).toBe('text of m_burst_reply');
    expect(row.preview).toBe(row.recountPreview);
    expect(row.inboundAt).toEqual(row.recountInboundAt);
    expect(row.contactAt).toEqual(row.recountInboundAt);
    expect(ms(row.contactAt)).toBe(t0 + 11_000);

    // The list shows the same, and reading the conversation clears the count for good: a replay of an
    // old message counts nothing, a new one counts one.
    expect(await listed(psid)).toMatchObject({
      unreadCount: 12,
      lastMessageAt: new Date(replyAt).toISOString(),
      lastMessagePreview: 'text of m_burst_reply',
    });
    const read = await admin.client.inbox.markRead({ params: { pageId: page.id, userId: psid } });
    expect(bodyOf(read, 200)).toEqual({ unreadCount: 0 });
    await Promise.all([
      deliver(inbound(psid, 'm_burst_5', t0 + 5000)),
      deliver(inbound(psid, 'm_burst_new', replyAt + 1000)),
    ]);
    await webhooksSettled(world);
    const after = await columnsAndRecount(psid);
    expect(after.unread).toBe(1);
    expect(after.recountInbound).toBe(13);
    expect(after.preview).toBe('text of m_burst_new');
    expect(after.lastAt).toEqual(after.recountLastAt);
    expect(await listed(psid)).toMatchObject({
      unreadCount: 1,
      lastMessagePreview: 'text of m_burst_new',
      needsReply: true,
    });
  });
});
