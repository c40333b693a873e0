// Messenger webhooks for a campaign's messages delivered duplicated, concurrently and in shuffled order
// (read before delivery, the same mid twice, receipts older than the send, echoes, replies before the send),
// signed like Meta signs them and POSTed to /api/webhooks/messenger: the delivered and interacted counters and
// each recipient's delivered_at / interacted_at equal what the events imply, a replay of every delivery changes
// nothing, and receipts that beat the worker's outcome write still count (campaign_contact_marks).
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCampaignWorld,
  type CampaignWorld,
  type WorldPage,
} from '../../test/fixtures/campaign-world.js';
import { must } from '../../test/support/assert.js';
import { faultSeed, reportFigures, seededRandom, until } from './support.js';

let w: CampaignWorld;
let emitted = 0;

beforeAll(async () => {
  // After-commit consumers run in order, this one after the campaign counters: once it has seen an event,
  // the counters have applied it.
  w = await createCampaignWorld({ SEND_RATE_PER_PAGE: '150', HIGH_VOLUME_SENDS: '1' }, () => {
    emitted++;
  });
  w.emulator.world.behaviour.sendPerSecond = 0;
  await w.startWorker({ batchSize: 100 });
});
afterAll(async () => {
  await w?.close();
});

type Item = Record<string, unknown>;

function sign(body: string): string {
  return `sha256=${createHmac('sha256', w.t.config.fbAppSecret).update(body).digest('hex')}`;
}

/** POSTs bodies of items (each item one messaging event of `pageId`), several at once, all signed. */
async function deliver(pageId: string, bodies: Item[][]): Promise<void> {
  for (let i = 0; i < bodies.length; i += 8) {
    await Promise.all(
      bodies.slice(i, i + 8).map(async (items) => {
        const body = JSON.stringify({
          object: 'page',
          entry: items.map((m) => ({ id: pageId, time: Date.now(), messaging: [m] })),
        });
        const res = await w.t.app.inject({
          method: 'POST',
          url: '/api/webhooks/messenger',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
          payload: body,
        });
        expect(res.statusCode, res.body).toBe(200);
      }),
    );
  }
}

const runCampaign = (page: WorldPage, text: string) =>
  w.createCampaignNow(page.fbPageId, text, 'Webhook order');

const completed = (id: string) =>
  until(`campaign ${id} completed`, async () => {
    const { rows } = await w.pool.query<{ status: string }>(
      'select status from campaigns where id = $1',
      [id],
    );
    return rows[0]?.status === 'completed';
  });

async function counters(id: string) {
  const { rows } = await w.pool.query<{ delivered_count: number; interacted_count: number }>(
    'select delivered_count, interacted_count from campaigns where id = $1',
    [id],
  );
  return must(rows[0]);
}
async function marks(id: string) {
  const { rows } = await w.pool.query<{
    psid: string;
    delivered_at: Date | null;
    interacted_at: Date | null;
  }>(
    'select psid, delivered_at, interacted_at from campaign_recipients where campaign_id = $1 order by psid',
    [id],
  );
  return rows;
}

/** Deliveries whose processing failed (left for the sweeper, which this world does not run). */
async function ingestErrors(): Promise<string[]> {
  const { rows } = await w.pool.query<{ error: string }>(
    'select error from webhook_events where error is not null and processed_at is null',
  );
  return rows.map((r) => r.error);
}

const DELIVERY = [
  'none',
  'mid only',
  'watermark',
  'read only',
  'read and delivery',
  'stale watermark',
] as const;
const INTERACTION = ['none', 'reply', 'postback', 'reply before the send', 'echo'] as const;

describe('webhook deliveries duplicated and reordered', () => {
  it('counters exact against the events, unchanged by a replay of everything', async () => {
    const random = seededRandom(faultSeed('webhook-order'));
    const pick = <T>(list: readonly T[]): T => must(list[Math.floor(random() * list.length)]);
    const page = await w.createPage({ inside: 60, outside: 0 });
    const id = await runCampaign(page, 'Webhook order: counters');
    await completed(id);
    const { rows: sent } = await w.pool.query<{
      psid: string;
      message_id: string;
      sent_ms: number;
    }>(
      `select psid, message_id, (extract(epoch from sent_at) * 1000)::float8 as sent_ms
       from campaign_recipients where campaign_id = $1 and state = 'sent'`,
      [id],
    );
    expect(sent).toHaveLength(60);

    const events: Array<{ psid: string; kind: string; item: Item }> = [];
    const expectDelivered = new Set<string>();
    const expectInteracted = new Set<string>();
    const plan: Record<string, number> = {};
    for (const r of sent) {
      const at = Math.ceil(Number(r.sent_ms));
      const from = { sender: { id: r.psid }, recipient: { id: page.fbPageId } };
      const delivery = pick(DELIVERY);
      const interaction = pick(INTERACTION);
      plan[delivery] = (plan[delivery] ?? 0) + 1;
      plan[interaction] = (plan[interaction] ?? 0) + 1;
      const add = (kind: string, item: Item) =>
        events.push({ psid: r.psid, kind, item: { ...from, ...item } });
      if (delivery === 'mid only')
        add('delivery', {
          timestamp: at + 900,
          delivery: { mids: [r.message_id], watermark: at - 60_000 },
        });
      if (delivery === 'watermark')
        add('delivery', { timestamp: at + 900, delivery: { watermark: at + 800 } });
      if (delivery === 'read only' || delivery === 'read and delivery')
        add('read', { timestamp: at + 1500, read: { watermark: at + 1200 } });
      if (delivery === 'read and delivery')
        add('delivery', {
          timestamp: at + 900,
          delivery: { mids: [r.message_id], watermark: at + 800 },
        });
      if (delivery === 'stale watermark')
        add('delivery', { timestamp: at - 30_000, delivery: { watermark: at - 60_000 } });
      if (!['none', 'stale watermark'].includes(delivery)) expectDelivered.add(r.psid);
      const mid = `m_${randomBytes(8).toString('hex')}`;
      if (interaction === 'reply')
        add('message', { timestamp: at + 5000, message: { mid, text: 'Thanks!' } });
      if (interaction === 'postback')
        add('postback', { timestamp: at + 5000, postback: { mid, title: 'Yes', payload: 'YES' } });
      if (interaction === 'reply before the send')
        add('message', { timestamp: at - 120_000, message: { mid, text: 'Earlier' } });
      if (interaction === 'echo') {
        events.push({
          psid: r.psid,
          kind: 'echo',
          item: {
            sender: { id: page.fbPageId },
            recipient: { id: r.psid },
            timestamp: at + 5000,
            message: { mid, text: 'echo', is_echo: true },
          },
        });
      }
      if (interaction === 'reply' || interaction === 'postback') expectInteracted.add(r.psid);
    }
    // Every event two or three times (the same mid twice or more), all shuffled; then a read is moved before
    // its delivery wherever the shuffle left it after.
    const copies = events.flatMap((e) =>
      Array.from({ length: 2 + Math.floor(random() * 2) }, () => e),
    );
    for (let i = copies.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copies[i], copies[j]] = [must(copies[j]), must(copies[i])];
    }
    let readFirst = 0;
    for (const psid of new Set(copies.filter((e) => e.kind === 'read').map((e) => e.psid))) {
      const firstRead = copies.findIndex((e) => e.psid === psid && e.kind === 'read');
      const firstDelivery = copies.findIndex((e) => e.psid === psid && e.kind === 'delivery');
      if (firstDelivery >= 0 && firstDelivery < firstRead) {
        [copies[firstRead], copies[firstDelivery]] = [
          must(copies[firstDelivery]),
          must(copies[firstRead]),
        ];
      }
      if (firstDelivery >= 0) readFirst++;
    }
    const bodies: Item[][] = [];
    for (let i = 0; i < copies.length;) {
      const n = 1 + Math.floor(random() * 5);
      bodies.push(copies.slice(i, i + n).map((e) => e.item));
      i += n;
    }

    const before = emitted;
    await deliver(page.fbPageId, bodies);
    await until(
      'every delivered event applied',
      async () => emitted - before >= copies.length || (await ingestErrors()).length > 0,
      60_000,
      50,
    );
    expect(await ingestErrors()).toEqual([]);
    const after = await counters(id);
    const rows = await marks(id);
    expect(
      rows
        .filter((r) => r.delivered_at)
        .map((r) => r.psid)
        .sort(),
    ).toEqual([...expectDelivered].sort());
    expect(
      rows
        .filter((r) => r.interacted_at)
        .map((r) => r.psid)
        .sort(),
    ).toEqual([...expectInteracted].sort());
    expect(after).toEqual({
      delivered_count: expectDelivered.size,
      interacted_count: expectInteracted.size,
    });
    // Both counters agree with the rows they count.
    expect(after.delivered_count).toBe(rows.filter((r) => r.delivered_at).length);

    // A replay of every delivery, in another order: nothing changes.
    const replay = [...bodies].reverse();
    const beforeReplay = emitted;
    await deliver(page.fbPageId, replay);
    await until(
      'every replayed event applied',
      async () => emitted - beforeReplay >= copies.length || (await ingestErrors()).length > 0,
      60_000,
      50,
    );
    expect(await ingestErrors()).toEqual([]);
    expect(await counters(id)).toEqual(after);
    expect(await marks(id)).toEqual(rows);

    reportFigures('webhook-order', {
      recipients: sent.length,
      events: events.length,
      deliveriesPosted: bodies.length * 2,
      eventsPosted: copies.length * 2,
      duplicatesPerEvent: '2-3, then the whole set replayed',
      readBeforeDelivery: readFirst,
      plan,
      delivered: after.delivered_count,
      interacted: after.interacted_count,
      expectedDelivered: expectDelivered.size,
      expectedInteracted: expectInteracted.size,
    });
  });

  it('receipts and replies that arrive before the worker records the send still count, once', async () => {
    const page = await w.createPage({ inside: 6, outside: 0 });
    // The platform takes 3 s to answer each send: its webhooks come first.
    w.emulator.world.behaviour.latencyMs = 3000;
    try {
      const id = await runCampaign(page, 'Webhook order: early receipts');
      await until(
        'all six marked attempted',
        async () => {
          const { rows } = await w.pool.query<{ n: number }>(
            `select count(*)::int as n from campaign_recipients where campaign_id = $1 and state = 'sending' and sent_at is not null`,
            [id],
          );
          return rows[0]?.n === 6;
        },
        30_000,
        20,
      );
      // The platform's times: delivered and answered after the send left. A marked row waits for its pacing
      // slot (and, on a busy machine, for the event loop) before its request goes: stamp them well after.
      const now = Date.now() + 10_000;
      const items = page.contacts.flatMap((c) => {
        const from = { sender: { id: c.psid }, recipient: { id: page.fbPageId } };
        return [
          { ...from, timestamp: now, delivery: { watermark: now } },
          { ...from, timestamp: now, delivery: { watermark: now } },
          {
            ...from,
            timestamp: now + 1,
            message: { mid: `m_${randomBytes(8).toString('hex')}`, text: 'early reply' },
          },
        ];
      });
      const before = emitted;
      await deliver(
        page.fbPageId,
        items.map((i) => [i]),
      );
      await until('early events applied', async () => emitted - before >= items.length, 30_000, 20);
      const { rows: still } = await w.pool.query<{ n: number }>(
        `select count(*)::int as n from campaign_recipients where campaign_id = $1 and state = 'sending'`,
        [id],
      );
      expect(still[0]?.n).toBeGreaterThan(0); // the events did beat the outcome write
      await completed(id);
      expect(await counters(id)).toEqual({ delivered_count: 6, interacted_count: 6 });
      for (const r of await marks(id)) {
        expect(r.delivered_at).not.toBeNull();
        expect(r.interacted_at).not.toBeNull();
      }
    } finally {
      w.emulator.world.behaviour.latencyMs = 0;
    }
  });
});
