// Marketing messages (docs/campaigns.md "Marketing messages"): a page's ad account checked with Meta, its
// subscribers from Meta's token list and the opt-in webhook, and 'Ask to subscribe' with Meta's rules (inside
// the window, one request per topic a week), over HTTP against a real Postgres and the emulator.
import {
  LIMITS,
  DEFAULT_OPTIN_TITLE,
  MARKETING_MESSAGES as M,
  type CreateCampaignBody,
} from '@pagecast/contract';
import { signatureHeaders } from '@pagecast/graph-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenCipher } from '../src/crypto/tokens.js';
import {
  MARKETING_COOLDOWN_REASON,
  MARKETING_OPTED_OUT_REASON,
} from '../src/modules/campaigns/reasons.js';
import { marketingEvent } from '../src/modules/marketing/subscribers.js';
import { runAfterCommit, type AfterCommit } from '../src/modules/shared/after-commit.js';
import { processWebhookEvent } from '../src/modules/webhooks/service.js';
import { ingestConsumers } from '../src/runtime.js';
import {
  createCampaignWorld,
  type CampaignWorld,
  type WorldContact,
  type WorldPage,
} from './fixtures/campaign-world.js';
import { must } from './support/assert.js';
import { bodyOf, invalid } from './support/client.js';
import { waitFor } from './support/wait.js';

let w: CampaignWorld;
/** The webhook ingest's after-commit consumers (counters, deliver on return), as a process builds them. */
let consumers: AfterCommit[];
let page: WorldPage;

beforeAll(async () => {
  // Meta's warm-up is an hour; here a campaign may send at once (one test sets its own).
  w = await createCampaignWorld({ MARKETING_WARMUP_MS: '0' });
  w.emulator.world.behaviour.marketingWarmupMs = 0;
  consumers = ingestConsumers(w.t.database.pool);
  page = await w.createPage({ inside: 3, outside: 2 });
  await w.startWorker();
});
afterAll(async () => {
  await w?.close();
});

const emulatorControl = async (path: string, body: unknown = {}) => {
  const res = await fetch(`${w.emulator.url.replace(/\/$/, '')}/_emulator${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
};
/** An ad account of the page's owner at Meta. */
const adAccountFor = async (p: WorldPage) => {
  const owner = must([...must(w.emulator.world.pages.get(p.fbPageId)).roles.keys()][0]);
  return (await emulatorControl('/ad-accounts', { userId: owner, name: 'Shop Ads' })).id as string;
};
const setup = async (p = page) =>
  bodyOf(await w.client.marketing.getMarketing({ params: { pageId: p.fbPageId } }), 200);
const subscriptionOf = async (c: WorldContact, p = page) =>
  bodyOf(
    await w.client.marketing.getSubscription({ params: { pageId: p.fbPageId, userId: c.psid } }),
    200,
  );
const connect = (p: WorldPage, adAccountId: string) =>
  w.client.marketing.connectMarketing({ params: { pageId: p.fbPageId }, body: { adAccountId } });
const askToSubscribe = (p: WorldPage, c: WorldContact, body: { title?: string } = {}) =>
  w.client.marketing.askToSubscribe({ params: { pageId: p.fbPageId, userId: c.psid }, body });
const inside = () => page.contacts.filter((c) => c.inside);
const outside = () => page.contacts.filter((c) => !c.inside);

/** A `messaging_optins` delivery signed as Meta signs it, stored and processed like the ingest does. */
async function optinWebhook(
  p: WorldPage,
  psid: string,
  optin: Record<string, unknown>,
  at = Date.now(),
) {
  const body = JSON.stringify({
    object: 'page',
    entry: [
      {
        id: p.fbPageId,
        time: Date.now(),
        messaging: [
          {
            sender: { id: psid },
            recipient: { id: p.fbPageId },
            timestamp: String(at),
            optin: { type: 'notification_messages', ...optin },
          },
        ],
      },
    ],
  });
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/webhooks/messenger',
    headers: {
      'content-type': 'application/json',
      ...signatureHeaders(body, w.t.config.fbAppSecret),
    },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  const { rows } = await w.pool.query<{ id: string }>(
    'select id from webhook_events order by id desc limit 1',
  );
  await processWebhookEvent(
    {
      pool: w.t.database.pool,
      tokens: tokenCipher(w.t.config.encryptionKey),
      afterCommit: consumers,
    },
    Number(must(rows[0]).id),
  );
  // The API may be processing it already (its own ingest): wait until it is done, whoever does it.
  const stored = await waitFor(async () => {
    const r = await w.pool.query<{ error: string | null; processed_at: Date | null }>(
      'select error, processed_at from webhook_events where id = $1',
      [Number(must(rows[0]).id)],
    );
    return r.rows[0]?.processed_at ? r.rows[0] : undefined;
  });
  expect(stored.error).toBeNull();
}

describe('setup', () => {
  it('starts without an ad account and with no subscribers', async () => {
    expect(await setup()).toEqual({
      pageId: page.fbPageId,
      adAccount: null,
      connectedAt: null,
      subscribers: 0,
      stopped: 0,
      missingPermissions: [],
    });
  });

  it.each([
    ['missing', {}],
    ['letters', { adAccountId: 'act_abc' }],
    ['too long', { adAccountId: `act_${'1'.repeat(21)}` }],
    ['a number', { adAccountId: 123 }],
  ])('an ad account id %s is a 400 on the field, nothing stored', async (_n, body) => {
    const res = await w.client.marketing.connectMarketing({
      params: { pageId: page.fbPageId },
      body: invalid(body),
    });
    expect(bodyOf(res, 400).fieldErrors?.adAccountId).toEqual([M.adAccountInvalid]);
    expect((await setup()).adAccount).toBeNull();
  });

  it("another admin's page is a 404", async () => {
    const res = await w.otherClient.marketing.getMarketing({ params: { pageId: page.fbPageId } });
    expect(res.status).toBe(404);
  });
});

describe('subscriptions from the opt-in webhook', () => {
  it('subscribes, stops (either spelling) and resumes a contact; counts follow', async () => {
    const c = must(inside()[0]);
    await optinWebhook(page, c.psid, { notification_messages_token: 'tok-1', title: 'Deals' });
    expect(await subscriptionOf(c)).toMatchObject({
      status: 'subscribed',
      title: 'Deals',
      canAsk: false,
      cannotAskReason: M.alreadySubscribed('Deals'),
    });
    expect(await setup()).toMatchObject({ subscribers: 1, stopped: 0 });

    await optinWebhook(page, c.psid, {
      notification_messages_token: 'tok-1',
      notification_messages_status: 'STOP_NOTIFICATIONS',
    });
    expect(await subscriptionOf(c)).toMatchObject({ status: 'stopped', title: 'Deals' });
    expect(await setup()).toMatchObject({ subscribers: 0, stopped: 1 });

    await optinWebhook(page, c.psid, {
      notification_messages_token: 'tok-1',
      notification_messages_status: 'RESUME NOTIFICATIONS',
    });
    expect(await subscriptionOf(c)).toMatchObject({ status: 'subscribed' });
    await optinWebhook(page, c.psid, {
      notification_messages_token: 'tok-1',
      notification_messages_status: 'STOP NOTIFICATIONS',
    });
    expect(await subscriptionOf(c)).toMatchObject({ status: 'stopped' });
  });

  it("applies each change by Meta's time: a replayed opt-in older than a stop changes nothing", async () => {
    // A page of its own: the other tests' contacts keep their states.
    const p = await w.createPage({ inside: 1, outside: 0 });
    const c = must(p.contacts[0]);
    const t0 = Date.now() - 60_000;
    const subscribe = { notification_messages_token: 'tok-replay', title: 'Deals' };
    await optinWebhook(p, c.psid, subscribe, t0);
    await optinWebhook(
      p,
      c.psid,
      {
        notification_messages_token: 'tok-replay',
        notification_messages_status: 'STOP_NOTIFICATIONS',
      },
      t0 + 1000,
    );
    // Meta retries the first delivery (or sends it late): the contact stays stopped.
    await optinWebhook(p, c.psid, subscribe, t0);
    expect(await subscriptionOf(c, p)).toMatchObject({ status: 'stopped' });
    // A resume newer than the stop applies.
    await optinWebhook(
      p,
      c.psid,
      {
        notification_messages_token: 'tok-replay',
        notification_messages_status: 'RESUME NOTIFICATIONS',
      },
      t0 + 2000,
    );
    expect(await subscriptionOf(c, p)).toMatchObject({ status: 'subscribed' });
  });

  it('ignores other opt-in types and a missing token', async () => {
    const c = must(inside()[1]);
    await optinWebhook(page, c.psid, { type: 'one_time_notif_req', one_time_notif_token: 'x' });
    await optinWebhook(page, c.psid, { title: 'No token' });
    expect(await subscriptionOf(c)).toMatchObject({ status: null });
  });
});

describe('ask to subscribe: the rules before any Graph call', () => {
  it('outside the window: canAsk false with the reason, and the request is a 409', async () => {
    const c = must(outside()[0]);
    expect(await subscriptionOf(c)).toMatchObject({
      status: null,
      canAsk: false,
      cannotAskReason: M.outsideWindow,
      lastRequest: null,
    });
    const before = (await w.outbox(page.fbPageId)).length;
    const res = await askToSubscribe(page, c);
    expect(bodyOf(res, 409).message).toBe(M.outsideWindow);
    expect((await w.outbox(page.fbPageId)).length).toBe(before);
  });

  it.each([
    ['empty', { title: '  ' }, M.titleRequired],
    ['too long', { title: 'x'.repeat(66) }, M.titleTooLong],
  ])('a topic %s is a 400 on the field', async (_n, body, message) => {
    const c = must(inside()[2]);
    const res = await askToSubscribe(page, c, body);
    expect(bodyOf(res, 400).fieldErrors?.title).toEqual([message]);
  });

  it('an unknown contact is a 404; unsubscribing a contact who is not subscribed is a 409', async () => {
    const res = await w.client.marketing.getSubscription({
      params: { pageId: page.fbPageId, userId: '9999999999999999' },
    });
    expect(res.status).toBe(404);
    const c = must(inside()[2]);
    const un = await w.client.marketing.unsubscribe({
      params: { pageId: page.fbPageId, userId: c.psid },
      body: {},
    });
    expect(bodyOf(un, 409).message).toBe(M.notSubscribed);
  });

  it('asked about the topic this week: canAsk false until a week after, a 409 meanwhile', async () => {
    const c = must(inside()[1]);
    const contact = await w.pool.query<{ id: string }>(
      'select id from contacts where page_id = $1 and psid = $2',
      [page.uuid, c.psid],
    );
    await w.pool.query(
      `insert into optin_requests (page_id, contact_id, title, sent_at)
       values ($1, $2, $3, now() - interval '6 days')`,
      [page.uuid, must(contact.rows[0]).id, DEFAULT_OPTIN_TITLE],
    );
    const sub = await subscriptionOf(c);
    expect(sub.canAsk).toBe(false);
    expect(sub.cannotAskReason).toMatch(/^Already asked about “Updates and promotions” this week/);
    expect(sub.lastRequest?.title).toBe(DEFAULT_OPTIN_TITLE);
    const res = await askToSubscribe(page, c);
    expect(res.status).toBe(409);
    // Another topic may be asked about.
    expect((await askToSubscribe(page, c, { title: 'Class news' })).status).toBe(201);
    // Eight days later the topic may be asked about again.
    await w.pool.query(
      `update optin_requests set sent_at = now() - interval '8 days' where contact_id = $1`,
      [must(contact.rows[0]).id],
    );
    expect((await subscriptionOf(c)).canAsk).toBe(true);
  });

  it('inside the window and never asked: canAsk', async () => {
    expect(await subscriptionOf(must(inside()[2]))).toMatchObject({
      canAsk: true,
      cannotAskReason: null,
    });
    expect(DEFAULT_OPTIN_TITLE).toBe('Updates and promotions');
  });
});

describe('with Meta (the emulator)', () => {
  it('connects an ad account Meta lets the page use; refuses one it does not, and disconnects', async () => {
    const p = await w.createPage({ inside: 1, outside: 0 });
    const account = await adAccountFor(p);
    const refused = await connect(p, 'act_123456');
    expect(bodyOf(refused, 400).fieldErrors?.adAccountId).toEqual([M.adAccountRefused]);
    const ok = await connect(p, account.slice(4)); // without 'act_'
    expect(bodyOf(ok, 200)).toMatchObject({
      adAccount: { id: account, name: 'Shop Ads', currency: 'USD' },
      connectedAt: expect.any(String),
    });
    const off = await w.client.marketing.disconnectMarketing({ params: { pageId: p.fbPageId } });
    expect(bodyOf(off, 200).adAccount).toBeNull();
  });

  it("lists the ad accounts Meta lets the admin use, with the admin's own user token", async () => {
    const p = await w.createPage({ inside: 1, outside: 0 });
    const list = () => w.client.marketing.listAdAccounts({ params: { pageId: p.fbPageId } });
    // No user token kept for this admin: an empty list (the id can still be typed).
    await w.pool.query('update admins set user_token_enc = null where id = $1', [w.adminId]);
    expect((await list()).body).toEqual([]);
    const account = await adAccountFor(p);
    const owner = must([...must(w.emulator.world.pages.get(p.fbPageId)).roles.keys()][0]);
    const minted = await emulatorControl(`/users/${owner}/tokens`, {});
    await w.pool.query('update admins set user_token_enc = $2 where id = $1', [
      w.adminId,
      tokenCipher(w.t.config.encryptionKey).encrypt(minted.access_token as string),
    ]);
    const accounts = (await list()).body as Array<{ id: string; name: string }>;
    expect(accounts.map((a) => a.id)).toContain(account);
    expect(accounts.find((a) => a.id === account)).toEqual({
      id: account,
      name: 'Shop Ads',
      currency: 'USD',
    });
  });

  it('asks to subscribe inside the window: the request reaches the chat once; a second is a 409', async () => {
    const p = await w.createPage({ inside: 1, outside: 0 });
    const c = must(p.contacts[0]);
    const res = await askToSubscribe(p, c, { title: 'Weekly offers' });
    expect(bodyOf(res, 201)).toMatchObject({
      status: null,
      canAsk: false,
      lastRequest: { title: 'Weekly offers' },
    });
    const out = await w.outbox(p.fbPageId);
    expect(out.filter((e) => e.text === '[Opt-in request] Weekly offers')).toHaveLength(1);
    const again = await askToSubscribe(p, c, { title: 'Weekly offers' });
    expect(again.status).toBe(409);
    expect((await w.outbox(p.fbPageId)).length).toBe(out.length);
  });

  it("reads the page's subscribers from Meta's token list (the page sync's step)", async () => {
    const p = await w.createPage({ inside: 2, outside: 2 });
    for (const c of p.contacts.slice(0, 3))
      await emulatorControl(`/pages/${p.fbPageId}/contacts/${c.psid}/optin`, { notify: false });
    const { syncPageSubscribers } = await import('../src/modules/marketing/subscribers.js');
    const { testGraph } = await import('./support/emulator.js');
    const changed = await syncPageSubscribers(
      w.t.database.pool,
      testGraph(w.emulator.url.replace(/\/$/, '')),
      p.uuid,
      p.fbPageId,
      p.token,
    );
    expect(changed).toBe(3);
    expect(await setup(p)).toMatchObject({ subscribers: 3, stopped: 0 });
  });
});

describe('a marketing campaign', () => {
  /** A page set up for marketing with contacts: [inside], [outside subscribed x2], [outside not], [outside stopped]. */
  async function marketingWorld() {
    const p = await w.createPage({ inside: 1, outside: 4 });
    const account = await adAccountFor(p);
    expect((await connect(p, account)).status).toBe(200);
    const out = p.contacts.filter((c) => !c.inside);
    const [s1, s2, none, stopped] = out as [WorldContact, WorldContact, WorldContact, WorldContact];
    for (const c of [s1, s2, stopped]) {
      const made = await emulatorControl(`/pages/${p.fbPageId}/contacts/${c.psid}/optin`, {
        notify: false,
      });
      await optinWebhook(p, c.psid, { notification_messages_token: made.token, title: 'Deals' });
    }
    await optinWebhook(p, stopped.psid, {
      notification_messages_token: 'whatever',
      notification_messages_status: 'STOP NOTIFICATIONS',
    });
    return { p, account, inside: must(p.contacts.find((c) => c.inside)), s1, s2, none, stopped };
  }
  const rows = async (campaignId: string) =>
    (
      await w.pool.query<{
        psid: string;
        state: string;
        messaging_type: string | null;
        skip_reason: string | null;
        error_message: string | null;
        message_id: string | null;
      }>(
        `select psid, state, messaging_type, skip_reason, error_message, message_id
         from campaign_recipients where campaign_id = $1`,
        [campaignId],
      )
    ).rows;
  const create = (p: WorldPage, over: Partial<CreateCampaignBody> = {}) =>
    w.client.campaigns.createCampaign({
      body: {
        name: 'Weekend sale',
        description: 'Marketing test',
        pageId: p.fbPageId,
        tagId: null,
        time: new Date().toISOString(),
        sendNow: true,
        type: 'ACCOUNT_UPDATE',
        msg: 'Hi {{first_name}}, 20% off this weekend',
        ...over,
      },
    });
  /** Creates a campaign the test expects accepted (201); returns it. */
  const created = async (p: WorldPage, over: Partial<CreateCampaignBody> = {}) =>
    bodyOf(await create(p, over), 201);

  it('is refused without the setup or without subscribers in its audience, nothing stored', async () => {
    const plain = await w.createPage({ inside: 1, outside: 1 });
    const res = await create(plain, { marketing: true });
    expect(bodyOf(res, 400).fieldErrors?.marketing).toEqual([M.notSetUp]);
    const account = await adAccountFor(plain);
    await connect(plain, account);
    const none = await create(plain, { marketing: true });
    expect(bodyOf(none, 400).fieldErrors?.marketing).toEqual([M.noSubscribers]);
    const { rows: n } = await w.pool.query<{ n: number }>(
      `select count(*)::int as n from campaigns c join pages p on p.id = c.page_id where p.fb_page_id = $1`,
      [plain.fbPageId],
    );
    expect(n[0]?.n).toBe(0);
  });

  it("a page over its campaign limit is refused before Meta's message campaign is made", async () => {
    const m = await marketingWorld();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    for (let i = 0; i < LIMITS.campaignsPerPagePerMinute; i++)
      await created(m.p, { name: `Queued ${i}`, sendNow: false, time: later });
    const before = w.emulator.world.marketing.campaigns.size;
    const res = await create(m.p, { marketing: true, name: 'One too many' });
    expect(res.status).toBe(429);
    expect(w.emulator.world.marketing.campaigns.size).toBe(before);
  });

  it("shows what Meta billed for the campaign's paid messages (its message campaign's insights)", async () => {
    const m = await marketingWorld();
    const res = await created(m.p, { marketing: true, name: 'Billed sale' });
    await w.settled(res.id);
    const spend = await w.client.campaigns.getCampaignSpend({
      params: { campaignId: res.id },
    });
    // Two subscribers outside the window got the paid message; the emulator bills 0.02 each, as Meta
    // answers it (strings, here numbers).
    expect(spend.status).toBe(200);
    expect(spend.body).toEqual({
      marketing: true,
      spend: 0.04,
      currency: 'USD',
      delivered: 2,
      costPerDelivered: 0.02,
    });
    // Another admin's campaign is a 404; a campaign without marketing messages has nothing to bill.
    const theirs = await w.otherClient.campaigns.getCampaignSpend({
      params: { campaignId: res.id },
    });
    expect(theirs.status).toBe(404);
    const plain = await created(m.p, { name: 'Free sale' });
    const free = await w.client.campaigns.getCampaignSpend({
      params: { campaignId: plain.id },
    });
    expect(free.body).toMatchObject({ marketing: false, spend: null });
  });

  it('sends each recipient on its path: standard inside, marketing to subscribers, the rest skipped or refused', async () => {
    const m = await marketingWorld();
    // Meta already has them stopped but nobody told us (no opt-out webhook): Meta refuses the send.
    await emulatorControl(`/pages/${m.p.fbPageId}/contacts/${m.s2.psid}/optin`, {
      action: 'stop',
      notify: false,
    });
    const res = await created(m.p, { marketing: true });
    expect(res).toMatchObject({ marketing: true, marketingReadyAt: expect.any(String) });
    const d = await w.settled(res.id);
    expect(d.campaign).toMatchObject({
      status: 'completed',
      audienceCount: 5,
      dispatchedCount: 2,
      failedCount: 1,
      skippedCount: 2,
    });
    const byPsid = new Map((await rows(res.id)).map((r) => [r.psid, r]));
    expect(byPsid.get(m.inside.psid)).toMatchObject({ state: 'sent', messaging_type: 'UPDATE' });
    expect(byPsid.get(m.s1.psid)).toMatchObject({ state: 'sent', messaging_type: 'MARKETING' });
    expect(byPsid.get(m.s2.psid)).toMatchObject({
      state: 'failed',
      messaging_type: 'MARKETING',
      error_message: MARKETING_OPTED_OUT_REASON,
    });
    expect(byPsid.get(m.none.psid)).toMatchObject({
      state: 'skipped',
      skip_reason: 'not_subscribed',
    });
    expect(byPsid.get(m.stopped.psid)).toMatchObject({
      state: 'skipped',
      skip_reason: 'opted_out',
    });
    // Meta's refusal stopped the subscription here too.
    expect(await subscriptionOf(m.s2, m.p)).toMatchObject({ status: 'stopped' });
    // What the platform received: one standard message and one marketing message, macros filled.
    const out = (await w.outbox(m.p.fbPageId)).filter((e) => e.text.includes('20% off'));
    expect(out.map((e) => [e.recipient, e.messaging_type]).sort()).toEqual(
      [
        [m.inside.psid, 'UPDATE'],
        [m.s1.psid, 'MARKETING'],
      ].sort(),
    );
    expect(out.find((e) => e.messaging_type === 'MARKETING')?.text).not.toContain('{{');

    // A delivery and a click from the marketing webhooks move the counters, once. The delivery is joined by
    // the subscription token (Meta's numeric recipient_id may have lost digits), the click by recipient_id.
    const tracking = must(byPsid.get(m.s1.psid)?.message_id);
    const token = must(
      w.emulator.world.marketing.subscriptionsOf(m.p.fbPageId).get(m.s1.psid)?.token,
    );
    const pageRef = { id: m.p.uuid, fbPageId: m.p.fbPageId };
    const db = w.t.database.pool;
    for (let i = 0; i < 2; i++) {
      await runAfterCommit(
        consumers,
        must(
          await marketingEvent(db, pageRef, 'marketing_message_deliveries', {
            recipient_id: 1,
            messenger_subscription_token: token,
            marketing_message_tracking_id: tracking,
            timestamp: Date.now(),
          }),
        ),
      );
      await runAfterCommit(
        consumers,
        must(
          await marketingEvent(db, pageRef, 'marketing_message_clicks', {
            recipient_id: m.s1.psid,
            marketing_message_tracking_id: tracking,
            timestamp: Date.now(),
          }),
        ),
      );
    }
    expect(
      await marketingEvent(db, pageRef, 'marketing_message_reads', {
        recipient_id: null,
      }),
    ).toBeNull();
    const after = await w.campaign(res.id);
    expect(after.campaign).toMatchObject({ deliveredCount: 1, interactedCount: 1 });

    // Twelve hours between two marketing messages: a second campaign right away is refused for s1.
    const second = await created(m.p, { marketing: true, name: 'Second sale' });
    const d2 = await w.settled(second.id);
    const again = new Map((await rows(second.id)).map((r) => [r.psid, r]));
    expect(again.get(m.s1.psid)).toMatchObject({
      state: 'failed',
      error_message: MARKETING_COOLDOWN_REASON,
    });
    expect(again.get(m.s2.psid)).toMatchObject({ state: 'skipped', skip_reason: 'opted_out' });
    expect(d2.campaign.status).toBe('completed');
  });

  it("with 'Only contacts I can reach', subscribers outside the window are in the audience, the others left out", async () => {
    const m = await marketingWorld();
    const res = await created(m.p, { marketing: true, reachableOnly: true });
    const d = await w.settled(res.id);
    expect(d.campaign).toMatchObject({ audienceCount: 3, dispatchedCount: 3, skippedCount: 0 });
    const psids = (await rows(res.id)).map((r) => r.psid).sort();
    expect(psids).toEqual([m.inside.psid, m.s1.psid, m.s2.psid].sort());
  });

  it.each([
    ['3 s', 3000],
    // Longer than a batch job waits: the job ends, and the sweeper's rescue enqueues the batch when due.
    ['15 s', 15_000],
  ])(
    "waits for Meta's warm-up (%s): marketing rows go once the campaign is ready, the others at once",
    async (_n, warmupMs) => {
      const m = await marketingWorld();
      const res = await created(m.p, { marketing: true });
      // Meta's message campaign becomes ready then (here and in the emulator).
      const readyAt = new Date(Date.now() + warmupMs);
      await w.pool.query('update campaigns set marketing_ready_at = $2 where id = $1', [
        res.id,
        readyAt,
      ]);
      const campaign = w.emulator.world.marketing.campaigns.get(
        must(
          (
            await w.pool.query<{ id: string }>(
              'select marketing_campaign_id as id from campaigns where id = $1',
              [res.id],
            )
          ).rows[0],
        ).id,
      );
      must(campaign).createdAt = readyAt.getTime();
      const early = await waitFor(async () => {
        const r = await rows(res.id);
        return r.find((x) => x.psid === m.inside.psid && x.state === 'sent') && r;
      });
      expect(early.find((x) => x.psid === m.s1.psid)?.state).toBe('queued');
      expect((await w.campaign(res.id)).campaign.status).toBe('processing');
      const d = await waitFor(
        async () => {
          const x = await w.campaign(res.id);
          return x.campaign.status === 'completed' && x;
        },
        { timeoutMs: warmupMs + 30_000 },
      );
      expect(Date.now()).toBeGreaterThanOrEqual(readyAt.getTime());
      const byPsid = new Map((await rows(res.id)).map((r) => [r.psid, r]));
      expect(byPsid.get(m.s1.psid)).toMatchObject({ state: 'sent', messaging_type: 'MARKETING' });
      expect(d.campaign.status).toBe('completed');
    },
    60_000,
  );
});
