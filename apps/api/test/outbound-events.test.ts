// The flows that record outbound webhook events (modules/outbound-webhooks/outbox.ts): each change writes its
// event in its own transaction, once, with the body the contract declares — a contact's message, the page's
// messages (the composer's reply once, though its echo comes too), queue moves by an admin or by the contact,
// tagging one by one and in bulk, a campaign's cancellation. The endpoints are rows of the page; the
// delivery itself is the delivery worker's (outbound-webhooks.test.ts).
import type { AddressInfo } from 'node:net';
import { OutboundEvent, type OutboundEventType } from '@pagecast/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subscribeMessengerWebhooks } from '../src/runtime.js';
import { startSyncEnv, type SyncEnv } from './helpers/sync.js';
import { bodyOf } from './support/client.js';
import { emu, type EmulatorPage } from './support/emulator.js';
import { waitFor } from './support/wait.js';
import { postSignedWebhook, webhooksSettled } from './support/webhooks.js';
import { newEmulatorAdmin, newEmulatorPage, type TestAdmin } from './support/world.js';

const PAGE_INBOX_APP_ID = 263902037430900;
let env: SyncEnv;
let owner: TestAdmin;
let page: EmulatorPage & { uuid: string };
let quietPage: EmulatorPage & { uuid: string };
let everything: string;

beforeAll(async () => {
  env = await startSyncEnv();
  await env.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = env.app.server.address() as AddressInfo;
  owner = await newEmulatorAdmin(env, 'Owner Admin');
  page = await newEmulatorPage(env, owner, { name: 'Events Page', contacts: 8 });
  quietPage = await newEmulatorPage(env, owner, { name: 'No Webhooks Page', contacts: 2 });
  await subscribeMessengerWebhooks({
    config: { ...env.config, publicUrl: `http://127.0.0.1:${port}` },
    graph: env.graph,
    logger: env.app.log as never,
  });
  for (const p of [page, quietPage])
    await env.graph.subscribeApp(p.id, p.access_token, ['messages', 'message_echoes']);
  everything = await endpoint(page.uuid, [
    'message.received',
    'message.sent',
    'conversation.updated',
    'contact.tagged',
    'contact.untagged',
    'campaign.updated',
  ]);
});
afterAll(async () => {
  await env?.close();
});

/** An endpoint row of the page (created as the webhooks routes do; its secret is not used here). */
async function endpoint(pageUuid: string, events: OutboundEventType[], status = 'active') {
  const { rows } = await env.database.pool.query<{ id: string }>(
    `insert into webhook_endpoints (page_id, url, events, secret_enc, status)
     values ($1, 'https://hooks.example.com/pagecast', $2, $3, $4) returning id`,
    [pageUuid, events, env.tokens.encrypt('whsec_test'), status],
  );
  return rows[0]?.id as string;
}

let since: Date;
beforeEach(() => {
  since = new Date(Date.now() - 1);
});

/** The events recorded since the test began for `endpointId` (each body checked against the contract). */
async function eventsFor(endpointId = everything) {
  const { rows } = await env.database.pool.query<{ body: unknown; ordering_key: string }>(
    `select e.body, d.ordering_key from webhook_deliveries d join outbound_events e on e.id = d.event_id
     where d.endpoint_id = $1 and e.created_at >= $2 order by d.seq`,
    [endpointId, since],
  );
  return rows.map((r) => ({
    ...(OutboundEvent.parse(r.body) as {
      type: string;
      pageId: string;
      data: Record<string, unknown>;
    }),
    orderingKey: r.ordering_key,
  }));
}

const psidAt = (i: number) => page.contacts[i]?.psid as string;
const nameAt = (i: number) => page.contacts[i]?.name as string;
const settled = () => webhooksSettled(env);

async function contactWrites(p: EmulatorPage, psid: string, text: string): Promise<string> {
  const { mid } = await emu<{ mid: string }>(
    env.emulator,
    `/_emulator/pages/${p.id}/contacts/${psid}/messages`,
    { text },
  );
  await waitFor(async () => {
    const { rows } = await env.database.pool.query('select 1 from messages where mid = $1', [mid]);
    return rows.length > 0;
  });
  await settled();
  return mid;
}

async function echo(psid: string, mid: string, app: number): Promise<void> {
  await postSignedWebhook(env, [
    {
      id: page.id,
      time: Date.now(),
      messaging: [
        {
          sender: { id: page.id },
          recipient: { id: psid },
          timestamp: Date.now(),
          message: { mid, text: 'From Business Suite', is_echo: true, app_id: app },
        },
      ],
    },
  ]);
  await settled();
}

const setStatus = (psid: string, body: { status: 'open' } | { status: 'resolved' }) =>
  owner.client.inbox.setStatus({ params: { pageId: page.id, userId: psid }, body });

describe('messages', () => {
  it("a contact's message is message.received, with the contact's name, ordered by their PSID", async () => {
    const mid = await contactWrites(page, psidAt(0), 'Do you ship to Lyon?');
    const events = await eventsFor();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'message.received',
      pageId: page.id,
      orderingKey: psidAt(0),
      data: {
        contact: { psid: psidAt(0), name: nameAt(0) },
        message: { mid, text: 'Do you ship to Lyon?', attachments: [] },
      },
    });
    // The same delivery again (Meta retries) stores nothing new, and records nothing new.
    const { rows } = await env.database.pool.query<{ n: number }>(
      `select count(*)::int as n from outbound_events where body->'data'->'message'->>'mid' = $1`,
      [mid],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("the composer's reply is message.sent from the inbox once, though its echo comes too", async () => {
    const psid = psidAt(1);
    await contactWrites(page, psid, 'Hello?');
    since = new Date();
    const sent = bodyOf(
      await owner.client.inbox.sendMessage({
        params: { pageId: page.id, userId: psid },
        body: { message: 'Hello! How can we help?' },
      }),
      201,
    ).message;
    // The emulator echoes the send with this app's id.
    await waitFor(async () => {
      const { rows } = await env.database.pool.query<{ n: number }>(
        `select count(*)::int as n from webhook_events where payload::text like $1`,
        [`%${sent.id}%`],
      );
      return (rows[0]?.n ?? 0) > 0;
    });
    await settled();
    const events = (await eventsFor()).filter((e) => e.type === 'message.sent');
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({
      contact: { psid },
      message: { mid: sent.id, text: 'Hello! How can we help?', source: 'inbox', campaignId: null },
    });
  });

  it("an echo of this app's send that beats the composer's store records nothing (the inbox does)", async () => {
    await echo(psidAt(2), 'm_outbound_own_app', Number(env.config.fbAppId));
    expect(await eventsFor()).toEqual([]);
  });

  it("a page message sent elsewhere (Meta's Page Inbox) is message.sent from the page", async () => {
    await echo(psidAt(2), 'm_outbound_business_suite', PAGE_INBOX_APP_ID);
    const events = await eventsFor();
    expect(events.map((e) => e.type)).toEqual(['message.sent']);
    expect(events[0]?.data).toMatchObject({
      message: { mid: 'm_outbound_business_suite', source: 'page', campaignId: null },
    });
  });

  it('a page without an endpoint records nothing at all', async () => {
    await contactWrites(quietPage, quietPage.contacts[0]?.psid as string, 'Anyone there?');
    const { rows } = await env.database.pool.query<{ n: number }>(
      'select count(*)::int as n from outbound_events where page_id = $1',
      [quietPage.uuid],
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('the queue', () => {
  it('resolved by an admin, reopened by the contact writing; the same status again is no event', async () => {
    const psid = psidAt(3);
    await contactWrites(page, psid, 'Thanks, that is all');
    since = new Date();
    bodyOf(await setStatus(psid, { status: 'resolved' }), 200);
    bodyOf(await setStatus(psid, { status: 'resolved' }), 200);
    await contactWrites(page, psid, 'Actually, one more thing');
    const events = (await eventsFor()).filter((e) => e.type === 'conversation.updated');
    expect(events.map((e) => e.data)).toEqual([
      {
        contact: { psid, name: nameAt(3) },
        change: 'resolved',
        status: 'resolved',
        snoozedUntil: null,
        assignee: null,
        by: 'admin',
      },
      {
        contact: { psid, name: nameAt(3) },
        change: 'reopened',
        status: 'open',
        snoozedUntil: null,
        assignee: null,
        by: 'contact',
      },
    ]);
  });

  it('snoozed until a time, and assigned to an admin, with who it is assigned to', async () => {
    const psid = psidAt(4);
    await contactWrites(page, psid, 'Call me tomorrow');
    since = new Date();
    const until = new Date(Date.now() + 86_400_000).toISOString();
    bodyOf(
      await owner.client.inbox.setStatus({
        params: { pageId: page.id, userId: psid },
        body: { status: 'snoozed', until },
      }),
      200,
    );
    bodyOf(
      await owner.client.inbox.assign({
        params: { pageId: page.id, userId: psid },
        body: { userId: owner.fbUserId },
      }),
      200,
    );
    const events = (await eventsFor()).filter((e) => e.type === 'conversation.updated');
    expect(events.map((e) => e.data)).toMatchObject([
      { change: 'snoozed', status: 'snoozed', snoozedUntil: until, assignee: null },
      {
        change: 'assigned',
        status: 'snoozed',
        assignee: { userId: owner.fbUserId, name: 'Owner Admin' },
      },
    ]);
  });
});

describe('tags', () => {
  it('tagged once (a second add changes nothing), untagged once; only endpoints that asked get them', async () => {
    const tagsOnly = await endpoint(page.uuid, ['contact.tagged']);
    const disabled = await endpoint(page.uuid, ['contact.tagged'], 'disabled');
    const { tag } = bodyOf(
      await owner.client.tags.createTag({
        body: { pageId: page.id, name: 'VIP', description: 'Best customers' },
      }),
      201,
    );
    await contactWrites(page, psidAt(5), 'Any news on my order?');
    since = new Date();
    const input = { userId: psidAt(5), tagId: tag.id, pageId: page.id };
    bodyOf(await owner.client.userTags.addUserTag({ body: input }), 200);
    bodyOf(await owner.client.userTags.addUserTag({ body: input }), 200);
    bodyOf(await owner.client.userTags.removeUserTag({ body: input }), 200);
    const events = await eventsFor();
    expect(events.map((e) => [e.type, e.data])).toEqual([
      [
        'contact.tagged',
        { contact: { psid: psidAt(5), name: nameAt(5) }, tag: { id: tag.id, name: 'VIP' } },
      ],
      [
        'contact.untagged',
        { contact: { psid: psidAt(5), name: nameAt(5) }, tag: { id: tag.id, name: 'VIP' } },
      ],
    ]);
    expect((await eventsFor(tagsOnly)).map((e) => e.type)).toEqual(['contact.tagged']);
    expect(await eventsFor(disabled)).toEqual([]);
    await env.database.pool.query('delete from webhook_endpoints where id = any($1::uuid[])', [
      [tagsOnly, disabled],
    ]);
  });

  it('bulk tagging records one event per contact it changed', async () => {
    const { tag } = bodyOf(
      await owner.client.tags.createTag({
        body: { pageId: page.id, name: 'Spring', description: 'Spring sale' },
      }),
      201,
    );
    await contactWrites(page, psidAt(6), 'Tag me');
    // One contact has it already: no event for them.
    bodyOf(
      await owner.client.userTags.addUserTag({
        body: { userId: psidAt(6), tagId: tag.id, pageId: page.id },
      }),
      200,
    );
    since = new Date();
    const res = bodyOf(
      await owner.client.userTags.bulkUserTags({
        body: { pageId: page.id, add: [tag.id], match: {}, limit: 500 },
      }),
      200,
    );
    const { rows } = await env.database.pool.query<{ n: number }>(
      'select count(*)::int as n from contacts where page_id = $1',
      [page.uuid],
    );
    expect(res.processed).toBe(rows[0]?.n);
    const tagged = (await eventsFor()).filter((e) => e.type === 'contact.tagged');
    expect(tagged).toHaveLength((rows[0]?.n ?? 0) - 1);
    expect(tagged.map((e) => (e.data as { contact: { psid: string } }).contact.psid)).not.toContain(
      psidAt(6),
    );
  });
});

describe('campaigns', () => {
  it("'Tag these recipients' records contact.tagged for each recipient it tagged", async () => {
    const { rows } = await env.database.pool.query<{ id: string }>(
      `insert into campaigns (page_id, name, message, type, scheduled_time, status)
       values ($1, 'Summer', 'Summer is here', 'ACCOUNT_UPDATE', now(), 'completed') returning id`,
      [page.uuid],
    );
    const campaignId = rows[0]?.id as string;
    await env.database.pool.query(
      `insert into campaign_recipients (campaign_id, contact_id, psid, state)
       select $1, c.id, c.psid, 'sent' from contacts c where c.page_id = $2 and c.psid = any($3::text[])`,
      [campaignId, page.uuid, [psidAt(0), psidAt(1)]],
    );
    const { tag } = bodyOf(
      await owner.client.tags.createTag({
        body: { pageId: page.id, name: 'Summer buyers', description: 'From the summer campaign' },
      }),
      201,
    );
    since = new Date();
    const res = await owner.client.campaigns.tagCampaignRecipients({
      params: { campaignId },
      body: { tagId: tag.id },
    });
    expect(bodyOf(res, 200)).toMatchObject({ matched: 2, tagged: 2 });
    const events = await eventsFor();
    expect(events.map((e) => e.type)).toEqual(['contact.tagged', 'contact.tagged']);
    expect(new Set(events.map((e) => e.orderingKey))).toEqual(new Set([psidAt(0), psidAt(1)]));
  });

  it('a cancelled campaign is campaign.updated, ordered by the campaign', async () => {
    const { rows } = await env.database.pool.query<{ id: string }>(
      `insert into campaigns (page_id, name, message, type, scheduled_time, status, audience_count)
       values ($1, 'Autumn', 'Autumn is here', 'ACCOUNT_UPDATE', now() + interval '1 day', 'pending', 0)
       returning id`,
      [page.uuid],
    );
    const id = rows[0]?.id as string;
    bodyOf(
      await owner.client.campaigns.cancelCampaign({ params: { campaignId: id }, body: {} }),
      200,
    );
    const events = await eventsFor();
    expect(events).toMatchObject([
      {
        type: 'campaign.updated',
        orderingKey: `campaign:${id}`,
        data: {
          campaign: { id, name: 'Autumn', status: 'cancelled' },
          change: 'cancelled',
          counts: { audience: 0, dispatched: 0, delivered: 0, failed: 0 },
        },
      },
    ]);
  });
});
