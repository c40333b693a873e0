// Who a campaign reaches (docs/campaigns.md "Reach"): 'Only contacts I can reach' leaves the unreachable out
// of the audience, and deliver on return sends a skipped recipient the message once they write to the page;
// each change goes out on the live stream. Over HTTP against a real Postgres, pg-boss, the campaign worker
// and the emulator.
import { CAMPAIGN_MESSAGES as M, type CreateCampaignBody } from '@pagecast/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestConsumers } from '../src/runtime.js';
import { UNREACHABLE_AUDIENCE_REASON } from '../src/modules/campaigns/reasons.js';
import { runAfterCommit, type AfterCommit } from '../src/modules/shared/after-commit.js';
import { decodePayload, LIVE_CHANNEL } from '../src/realtime/channel.js';
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

beforeAll(async () => {
  w = await createCampaignWorld();
  consumers = ingestConsumers(w.t.database.pool);
  await w.startWorker();
});
afterAll(async () => {
  await w?.close();
});

const body = (page: WorldPage, over: Partial<CreateCampaignBody> = {}): CreateCampaignBody => ({
  name: 'Weekend offer',
  description: 'Reach test',
  pageId: page.fbPageId,
  tagId: null,
  time: new Date().toISOString(),
  // Now by the server's clock, unless the test picks a time.
  sendNow: !('time' in over),
  type: 'ACCOUNT_UPDATE',
  msg: 'Our weekend offer is on',
  ...over,
});
const create = (page: WorldPage, over: Partial<CreateCampaignBody> = {}) =>
  w.client.campaigns.createCampaign({ body: body(page, over) });
/** A body the contract refuses (a field of the wrong type), sent on purpose. */
const createInvalid = (page: WorldPage, over: Record<string, unknown>) =>
  w.client.campaigns.createCampaign({ body: invalid({ ...body(page), ...over }) });
const cancel = (campaignId: string) =>
  w.client.campaigns.cancelCampaign({ params: { campaignId }, body: {} });
const dispatchNow = async (page: WorldPage, over: Partial<CreateCampaignBody> = {}) => {
  const id = bodyOf(await create(page, over), 201).id;
  return w.settled(id);
};

/**
 * The return send's wait for a person's answer (campaign-returns.test.ts tests it) passes for `contact`: their
 * returned rows are due now, as if the campaign's delay had run out.
 */
async function delayPasses(contact: WorldContact) {
  await w.pool.query(
    `update campaign_recipients set return_due_at = now()
      where contact_id = $1 and state = 'queued' and returned_at is not null`,
    [contact.uuid],
  );
}

/**
 * The contact writes to the page: stored as the webhook ingest stores it, then the listeners run; then the
 * wait for a person's answer passes.
 */
async function writes(page: WorldPage, contact: WorldContact, at = new Date()) {
  const c = must(w.emulator.world.pages.get(page.fbPageId)?.contacts.get(contact.psid));
  c.lastInboundAt = at.getTime();
  await w.pool.query(`update contacts set last_inbound_at = $3 where page_id = $1 and psid = $2`, [
    page.uuid,
    contact.psid,
    at,
  ]);
  await runAfterCommit(consumers, {
    kind: 'message',
    pageId: page.fbPageId,
    psid: contact.psid,
    at,
    opensWindow: true,
  });
  await delayPasses(contact);
}

describe('bad input: nothing stored', () => {
  let page: WorldPage;
  beforeAll(async () => {
    page = await w.createPage({ inside: 1, outside: 1 });
  });
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['0 days', { deliverOnReturnDays: 0 }, M.returnDaysInvalid],
    ['31 days', { deliverOnReturnDays: 31 }, M.returnDaysInvalid],
    ['a fraction', { deliverOnReturnDays: 1.5 }, M.returnDaysInvalid],
    ['a string', { deliverOnReturnDays: '3' }, M.returnDaysInvalid],
    [
      'with only reachable contacts',
      { deliverOnReturnDays: 3, reachableOnly: true },
      M.returnNeedsEveryone,
    ],
  ];
  it.each(cases)('deliverOnReturnDays %s: 400 on the field', async (_name, over, message) => {
    const before = await w.countCampaigns();
    const res = await createInvalid(page, {
      time: new Date(Date.now() + 3_600_000).toISOString(),
      sendNow: false,
      ...over,
    });
    expect(bodyOf(res, 400).fieldErrors?.deliverOnReturnDays).toEqual([message]);
    expect(await w.countCampaigns()).toBe(before);
  });

  it('reachableOnly must be a boolean', async () => {
    const res = await createInvalid(page, { reachableOnly: 'yes' });
    expect(bodyOf(res, 400).fieldErrors?.reachableOnly).toBeDefined();
  });
});

describe("'Only contacts I can reach'", () => {
  it('leaves the contacts outside the window out of the audience: none is skipped, no Graph call', async () => {
    const page = await w.createPage({ inside: 2, outside: 3 });
    const d = await dispatchNow(page, { reachableOnly: true });
    expect(d.campaign).toMatchObject({
      status: 'completed',
      reachableOnly: true,
      audienceCount: 2,
      dispatchedCount: 2,
      skippedCount: 0,
      deliverOnReturnUntil: null,
    });
    expect(d.funnel).toMatchObject({ audience: 2, skipped: 0, waiting: 0, returned: 0 });
    const out = await w.outbox(page.fbPageId);
    expect(out.map((e) => e.recipient).sort()).toEqual(
      page.contacts
        .filter((c) => c.inside)
        .map((c) => c.psid)
        .sort(),
    );
  });

  it('completes at once with the reason when nobody can be reached', async () => {
    const page = await w.createPage({ inside: 0, outside: 2 });
    const d = await dispatchNow(page, { reachableOnly: true });
    expect(d.campaign).toMatchObject({
      status: 'completed',
      audienceCount: 0,
      statusReason: UNREACHABLE_AUDIENCE_REASON,
    });
    expect(await w.outbox(page.fbPageId)).toHaveLength(0);
  });

  it('off (the API default): the others are in the audience, skipped with their reason', async () => {
    const page = await w.createPage({ inside: 1, outside: 2 });
    const d = await dispatchNow(page);
    expect(d.campaign).toMatchObject({ reachableOnly: false, audienceCount: 3, skippedCount: 2 });
  });
});

describe('deliver on return', () => {
  it('sends a skipped recipient the message once when they write, and the counters follow', async () => {
    const page = await w.createPage({ inside: 1, outside: 2 });
    const scheduled = new Date();
    const d = await dispatchNow(page, { deliverOnReturnDays: 3, time: scheduled.toISOString() });
    expect(d.campaign).toMatchObject({
      status: 'completed',
      audienceCount: 3,
      dispatchedCount: 1,
      skippedCount: 2,
    });
    const until = new Date(d.campaign.deliverOnReturnUntil as string).getTime();
    expect(Math.abs(until - (scheduled.getTime() + 3 * 86_400_000))).toBeLessThan(60_000);
    expect(d.funnel).toMatchObject({ waiting: 2, returned: 0 });
    expect(await w.outbox(page.fbPageId)).toHaveLength(1);

    const back = must(page.contacts.find((c) => !c.inside));
    await writes(page, back);
    const after = await waitFor(async () => {
      const x = await w.campaign(d.campaign.id);
      return x.campaign.dispatchedCount === 2 && x;
    });
    expect(after.campaign).toMatchObject({
      status: 'completed',
      dispatchedCount: 2,
      skippedCount: 1,
      failedCount: 0,
    });
    expect(after.funnel).toMatchObject({ dispatched: 2, skipped: 1, waiting: 1, returned: 1 });
    const out = await w.outbox(page.fbPageId);
    const toBack = out.filter((e) => e.recipient === back.psid);
    // In the fresh window: a standard message, no tag.
    expect(toBack).toHaveLength(1);
    expect(toBack[0]).toMatchObject({ messaging_type: 'UPDATE', tag: null });

    // A replayed event and a second message take up nothing more: once per recipient.
    await writes(page, back);
    await writes(page, back);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await w.outbox(page.fbPageId)).filter((e) => e.recipient === back.psid)).toHaveLength(
      1,
    );
    expect((await w.campaign(d.campaign.id)).campaign).toMatchObject({
      dispatchedCount: 2,
      skippedCount: 1,
    });
    const rows = await w.pool.query<{ state: string; returned_at: Date | null }>(
      `select r.state, r.returned_at from campaign_recipients r where r.campaign_id = $1 and r.psid = $2`,
      [d.campaign.id, back.psid],
    );
    expect(rows.rows[0]).toMatchObject({ state: 'sent' });
    expect(rows.rows[0]?.returned_at).toBeInstanceOf(Date);
  });

  it('an m.me link into the thread takes up a waiting recipient; one who stopped or never took marketing messages never returns', async () => {
    const page = await w.createPage({ inside: 0, outside: 3 });
    const [a, b, c] = page.contacts as [WorldContact, WorldContact, WorldContact];
    const d = await dispatchNow(page, { deliverOnReturnDays: 3 });
    expect(d.funnel).toMatchObject({ skipped: 3, waiting: 3 });
    // As a campaign with marketing messages skips them (modules/campaigns/dispatch/chunk-sender.ts).
    await w.pool.query(
      `update campaign_recipients set skip_reason = case psid when $2 then 'opted_out' else 'not_subscribed' end
        where campaign_id = $1 and psid = any($3::text[])`,
      [d.campaign.id, b.psid, [b.psid, c.psid]],
    );
    expect((await w.campaign(d.campaign.id)).funnel).toMatchObject({ waiting: 1 });
    const opens = async (contact: WorldContact, kind: 'referral' | 'postback' | 'reaction') => {
      const at = new Date();
      must(w.emulator.world.pages.get(page.fbPageId)?.contacts.get(contact.psid)).lastInboundAt =
        at.getTime();
      await w.pool.query(
        `update contacts set last_inbound_at = $3 where page_id = $1 and psid = $2`,
        [page.uuid, contact.psid, at],
      );
      await runAfterCommit(consumers, {
        kind,
        pageId: page.fbPageId,
        psid: contact.psid,
        at,
        opensWindow: true,
      });
      await delayPasses(contact);
    };
    await opens(a, 'referral');
    await opens(b, 'postback');
    await opens(c, 'reaction');
    const after = await waitFor(async () => {
      const x = await w.campaign(d.campaign.id);
      return x.campaign.dispatchedCount === 1 && x;
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await w.outbox(page.fbPageId)).map((e) => e.recipient)).toEqual([a.psid]);
    expect(after.funnel).toMatchObject({ returned: 1, waiting: 0, skipped: 2 });
  });

  it('sends nothing for a campaign without it, after its waiting time, or for a message older than a day', async () => {
    const page = await w.createPage({ inside: 0, outside: 3 });
    const [a, b] = page.contacts as [WorldContact, WorldContact];
    const off = await dispatchNow(page);
    const expired = await dispatchNow(page, { deliverOnReturnDays: 1 });
    await w.pool.query(
      `update campaigns set deliver_on_return_until = now() - interval '1 minute' where id = $1`,
      [expired.campaign.id],
    );
    const open = await dispatchNow(page, { deliverOnReturnDays: 7 });
    await writes(page, a);
    // A replay of a message from two days ago opens no window.
    await runAfterCommit(consumers, {
      kind: 'message',
      pageId: page.fbPageId,
      psid: b.psid,
      at: new Date(Date.now() - 2 * 86_400_000),
      opensWindow: true,
    });
    await waitFor(async () => {
      const x = await w.campaign(open.campaign.id);
      return x.campaign.dispatchedCount === 1 && x;
    });
    await new Promise((r) => setTimeout(r, 1500));
    const out = await w.outbox(page.fbPageId);
    expect(out.map((e) => e.recipient)).toEqual([a.psid]);
    expect((await w.campaign(off.campaign.id)).campaign).toMatchObject({
      dispatchedCount: 0,
      skippedCount: 3,
    });
    expect((await w.campaign(expired.campaign.id)).funnel).toMatchObject({
      dispatched: 0,
      skipped: 3,
      waiting: 0,
    });
    expect((await w.campaign(open.campaign.id)).funnel).toMatchObject({ waiting: 2, returned: 1 });
  });

  it('a cancelled campaign keeps nobody waiting', async () => {
    const page = await w.createPage({ inside: 0, outside: 1 });
    const res = await create(page, {
      deliverOnReturnDays: 3,
      time: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await cancel(bodyOf(res, 201).id)).status).toBe(200);
    await writes(page, must(page.contacts[0]));
    await new Promise((r) => setTimeout(r, 1500));
    expect(await w.outbox(page.fbPageId)).toHaveLength(0);
  });
});

describe('progress on the live stream', () => {
  let listener: pg.Client;
  const events: Array<{ id: string; status: string; dispatched: number; skipped: number }> = [];
  beforeAll(async () => {
    listener = new pg.Client({ connectionString: w.t.database.url });
    await listener.connect();
    listener.on('notification', (n) => {
      const payload = decodePayload(n.payload);
      if (payload && 'e' in payload && payload.e.type === 'campaign') {
        const c = payload.e.campaign;
        events.push({
          id: c.id,
          status: c.status,
          dispatched: c.dispatchedCount,
          skipped: c.skippedCount,
        });
      }
    });
    await listener.query(`LISTEN ${LIVE_CHANNEL}`);
  });
  afterAll(async () => {
    await listener?.end();
  });
  const of = (id: string) => events.filter((e) => e.id === id);

  it('publishes the start, the numbers as they move, the completion and a send on return', async () => {
    const page = await w.createPage({ inside: 3, outside: 1 });
    const d = await dispatchNow(page, { deliverOnReturnDays: 1 });
    await waitFor(async () => of(d.campaign.id).some((e) => e.status === 'completed'));
    const seen = of(d.campaign.id);
    expect(seen.map((e) => e.status)).toContain('processing');
    expect(seen.at(-1)).toMatchObject({ status: 'completed', dispatched: 3, skipped: 1 });
    // Numbers never go backwards on the stream.
    for (let i = 1; i < seen.length; i++)
      expect(must(seen[i]).dispatched).toBeGreaterThanOrEqual(must(seen[i - 1]).dispatched);

    await writes(page, must(page.contacts.find((c) => !c.inside)));
    await waitFor(async () => of(d.campaign.id).some((e) => e.dispatched === 4));
    expect(of(d.campaign.id).at(-1)).toMatchObject({
      status: 'completed',
      dispatched: 4,
      skipped: 0,
    });
  });

  it('publishes a cancel', async () => {
    const page = await w.createPage({ inside: 1, outside: 0 });
    const res = await create(page, { time: new Date(Date.now() + 3_600_000).toISOString() });
    const id = bodyOf(res, 201).id;
    await cancel(id);
    await waitFor(async () => of(id).some((e) => e.status === 'cancelled'));
  });
});
