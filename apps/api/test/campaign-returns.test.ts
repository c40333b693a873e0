// Deliver on return, safely (docs/campaigns.md "Deliver on return"): the return send waits until a person has
// answered the contact or the campaign's delay has passed (never the instant reply to their question), a
// campaign can stop waiting for returns, and a contact who stopped the page's marketing messages is never
// targeted. Over HTTP against a real Postgres, pg-boss, the campaign worker and the emulator; time passes by
// moving the stored due time back (with a margin), never by waiting for a wall-clock minute.
import { CAMPAIGN_MESSAGES as M, type CreateCampaignBody } from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestConsumers } from '../src/runtime.js';
import { runAfterCommit, type AfterCommit } from '../src/modules/shared/after-commit.js';
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
let consumers: AfterCommit[];

beforeAll(async () => {
  w = await createCampaignWorld();
  consumers = ingestConsumers(w.t.database.pool);
  await w.startWorker();
});
afterAll(async () => {
  await w?.close();
});

/** The returns loop runs every second: this long without a send means it chose not to send. */
const QUIET_MS = 2500;
const quiet = () => new Promise((r) => setTimeout(r, QUIET_MS));

const create = (page: WorldPage, over: Partial<CreateCampaignBody> = {}) =>
  w.client.campaigns.createCampaign({
    body: {
      name: 'Pumpkin loaf weekend',
      description: 'Returns test',
      pageId: page.fbPageId,
      tagId: null,
      time: new Date().toISOString(),
      sendNow: true,
      msg: `Pumpkin loaf is back ${Math.random().toString(36).slice(2, 8)}`,
      deliverOnReturnDays: 3,
      ...over,
    },
  });
const dispatchNow = async (page: WorldPage, over: Partial<CreateCampaignBody> = {}) => {
  const created = bodyOf(await create(page, over), 201);
  return w.settled(created.id);
};
const sentTo = async (page: WorldPage, contact: WorldContact, text: string) =>
  (await w.outbox(page.fbPageId)).filter((e) => e.recipient === contact.psid && e.text === text);

/** The contact writes to the page: stored as the webhook ingest stores it, then its listeners run. */
async function writes(page: WorldPage, contact: WorldContact) {
  const at = new Date();
  must(w.emulator.world.pages.get(page.fbPageId)?.contacts.get(contact.psid)).lastInboundAt =
    at.getTime();
  await w.pool.query(`update contacts set last_inbound_at = $3 where page_id = $1 and psid = $2`, [
    page.uuid,
    contact.psid,
    at,
  ]);
  await w.pool.query(
    `insert into messages (page_id, contact_id, mid, direction, text, sent_by)
     values ($1, $2, $3, 'in', 'Are you open on Sunday morning?', $4)`,
    [page.uuid, contact.uuid, `m_in_${Math.random().toString(36).slice(2)}`, contact.psid],
  );
  await runAfterCommit(consumers, {
    kind: 'message',
    pageId: page.fbPageId,
    psid: contact.psid,
    at,
    opensWindow: true,
  });
}
/** The campaign's delay passes for the contact's waiting row, with a margin of a second. */
const delayPasses = (campaignId: string, contact: WorldContact, minutes: number) =>
  w.pool.query(
    `update campaign_recipients set return_due_at = return_due_at - ($3::int * interval '1 minute')
       - interval '1 second' where campaign_id = $1 and contact_id = $2`,
    [campaignId, contact.uuid, minutes],
  );
const rowOf = async (campaignId: string, contact: WorldContact) =>
  must(
    (
      await w.pool.query<{ state: string; return_due_at: Date | null; skip_reason: string | null }>(
        'select state, return_due_at, skip_reason from campaign_recipients where campaign_id = $1 and contact_id = $2',
        [campaignId, contact.uuid],
      )
    ).rows[0],
  );

describe('the return send waits for a person', () => {
  it('by default 30 minutes: nothing is the instant reply; once someone on the team answers, it goes', async () => {
    const page = await w.createPage({ inside: 0, outside: 1 });
    const her = must(page.contacts[0]);
    const d = await dispatchNow(page);
    expect(d.campaign).toMatchObject({ returnDelayMinutes: 30, skippedCount: 1 });
    const before = Date.now();
    await writes(page, her);
    const row = await rowOf(d.campaign.id, her);
    expect(row.state).toBe('queued');
    const due = must(row.return_due_at).getTime();
    // 30 minutes after she wrote, by the database's clock (a minute of margin either way).
    expect(due - before).toBeGreaterThan(29 * 60_000);
    expect(due - before).toBeLessThan(31 * 60_000);
    await quiet();
    expect(await sentTo(page, her, d.campaign.message)).toHaveLength(0);
    expect((await w.campaign(d.campaign.id)).campaign.dispatchedCount).toBe(0);

    // A person answers her in the inbox: the campaign follows, after that answer.
    bodyOf(
      await w.client.inbox.sendMessage({
        params: { pageId: page.fbPageId, userId: her.psid },
        body: { message: 'Yes, from 8 to 12!' },
      }),
      201,
    );
    await waitFor(async () => (await sentTo(page, her, d.campaign.message)).length === 1);
    const out = (await w.outbox(page.fbPageId)).filter((e) => e.recipient === her.psid);
    expect(out.map((e) => e.text)).toEqual(['Yes, from 8 to 12!', d.campaign.message]);
    expect(
      await waitFor(async () => {
        const x = await w.campaign(d.campaign.id);
        return x.campaign.dispatchedCount === 1 && x;
      }),
    ).toMatchObject({ funnel: { returned: 1, waiting: 0 } });
  });

  it('without an answer it goes once the delay has passed, and not before', async () => {
    const page = await w.createPage({ inside: 0, outside: 1 });
    const her = must(page.contacts[0]);
    const d = await dispatchNow(page, { returnDelayMinutes: 10 });
    expect(d.campaign.returnDelayMinutes).toBe(10);
    await writes(page, her);
    await delayPasses(d.campaign.id, her, 9);
    await quiet();
    expect(await sentTo(page, her, d.campaign.message)).toHaveLength(0);
    await delayPasses(d.campaign.id, her, 1);
    await waitFor(async () => (await sentTo(page, her, d.campaign.message)).length === 1);
    expect(await sentTo(page, her, d.campaign.message)).toHaveLength(1);
  });

  it("another campaign's message or an opt-in request is not a person's answer", async () => {
    const page = await w.createPage({ inside: 0, outside: 1 });
    const her = must(page.contacts[0]);
    const d = await dispatchNow(page);
    await writes(page, her);
    // Another campaign reaches her in her fresh window; its echo and an opt-in request are stored.
    const other = await dispatchNow(page, { deliverOnReturnDays: null, msg: 'Other campaign' });
    const mid = must(
      (
        await w.pool.query<{ message_id: string }>(
          'select message_id from campaign_recipients where campaign_id = $1',
          [other.campaign.id],
        )
      ).rows[0],
    ).message_id;
    await w.pool.query(
      `insert into messages (page_id, contact_id, mid, direction, text, sent_by)
       values ($1, $2, $3, 'out', 'Other campaign', $4), ($1, $2, 'm_optin_1', 'out', '[Opt-in request]', $4)`,
      [page.uuid, her.uuid, mid, page.fbPageId],
    );
    await w.pool.query(
      `insert into optin_requests (page_id, contact_id, title, mid) values ($1, $2, 'Deals', 'm_optin_1')`,
      [page.uuid, her.uuid],
    );
    await quiet();
    expect(await sentTo(page, her, d.campaign.message)).toHaveLength(0);
  });

  it('refuses a delay outside 1 to 720 minutes, on the field', async () => {
    const page = await w.createPage({ inside: 0, outside: 1 });
    for (const returnDelayMinutes of [0, 721, 1.5, '30']) {
      // Bad input the contract's types forbid.
      const res = await w.client.campaigns.createCampaign({
        body: invalid({
          name: 'Bad delay',
          description: 'Returns test',
          pageId: page.fbPageId,
          time: new Date(Date.now() + 3_600_000).toISOString(),
          msg: 'Hello there',
          deliverOnReturnDays: 3,
          returnDelayMinutes,
        }),
      });
      expect(bodyOf(res, 400).fieldErrors?.returnDelayMinutes).toEqual([M.returnDelayInvalid]);
    }
  });
});

describe("'Stop waiting for returns'", () => {
  it('after it, a contact who writes is sent nothing, and one already waiting is not sent either', async () => {
    const page = await w.createPage({ inside: 0, outside: 2 });
    const [a, b] = page.contacts as [WorldContact, WorldContact];
    const d = await dispatchNow(page);
    await writes(page, a); // waiting for a person or the delay
    const stopped = bodyOf(
      await w.client.campaigns.stopReturns({ params: { campaignId: d.campaign.id }, body: {} }),
      200,
    );
    expect(stopped.returnsStoppedAt).not.toBeNull();
    expect(new Date(must(stopped.deliverOnReturnUntil)).getTime()).toBeLessThanOrEqual(Date.now());
    expect(stopped).toMatchObject({ status: 'completed', skippedCount: 2, dispatchedCount: 0 });
    expect(await rowOf(d.campaign.id, a)).toMatchObject({ state: 'skipped', return_due_at: null });

    await writes(page, b);
    // Time passes and a person answers both: still nothing.
    await delayPasses(d.campaign.id, a, 60);
    await delayPasses(d.campaign.id, b, 60);
    for (const c of [a, b])
      bodyOf(
        await w.client.inbox.sendMessage({
          params: { pageId: page.fbPageId, userId: c.psid },
          body: { message: 'Hi, how can we help?' },
        }),
        201,
      );
    await quiet();
    expect(await sentTo(page, a, d.campaign.message)).toHaveLength(0);
    expect(await sentTo(page, b, d.campaign.message)).toHaveLength(0);
    expect((await w.campaign(d.campaign.id)).funnel).toMatchObject({
      waiting: 0,
      returned: 0,
      skipped: 2,
      dispatched: 0,
    });
    // Once is enough.
    const again = await w.client.campaigns.stopReturns({
      params: { campaignId: d.campaign.id },
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: M.returnsNotWaiting });
  });

  it('a scheduled campaign stopped before it starts keeps nobody waiting', async () => {
    const page = await w.createPage({ inside: 0, outside: 1 });
    const her = must(page.contacts[0]);
    const created = bodyOf(
      await create(page, { time: new Date(Date.now() + 3_600_000).toISOString(), sendNow: false }),
      201,
    );
    bodyOf(
      await w.client.campaigns.stopReturns({ params: { campaignId: created.id }, body: {} }),
      200,
    );
    await w.pool.query('update campaigns set scheduled_time = now() where id = $1', [created.id]);
    await waitFor(async () => (await w.campaign(created.id)).campaign.status === 'completed');
    await writes(page, her);
    await delayPasses(created.id, her, 60);
    await quiet();
    expect(await sentTo(page, her, created.message)).toHaveLength(0);
  });

  it('409 without deliver on return; 404 for another admin, and nothing changes', async () => {
    const page = await w.createPage({ inside: 1, outside: 1 });
    const plain = await dispatchNow(page, { deliverOnReturnDays: null });
    const res = await w.client.campaigns.stopReturns({
      params: { campaignId: plain.campaign.id },
      body: {},
    });
    expect(res.status).toBe(409);
    const d = await dispatchNow(page);
    const foreign = await w.otherClient.campaigns.stopReturns({
      params: { campaignId: d.campaign.id },
      body: {},
    });
    expect(foreign.status).toBe(404);
    expect((await w.campaign(d.campaign.id)).campaign).toMatchObject({ returnsStoppedAt: null });
  });
});

describe('opted-out contacts are never targeted', () => {
  it('one who stopped marketing messages gets no campaign inside the window, and never on return', async () => {
    const page = await w.createPage({ inside: 1, outside: 1 });
    const inside = must(page.contacts.find((c) => c.inside));
    const outside = must(page.contacts.find((c) => !c.inside));
    await w.pool.query(
      `insert into marketing_subscriptions (page_id, contact_id, token, status) values ($1, $2, 'tok-x', 'stopped')`,
      [page.uuid, inside.uuid],
    );
    const d = await dispatchNow(page);
    expect(await rowOf(d.campaign.id, inside)).toMatchObject({
      state: 'skipped',
      skip_reason: 'opted_out',
    });
    expect(await w.outbox(page.fbPageId)).toHaveLength(0);
    // The other one stops them after the snapshot, then writes: not taken up.
    await w.pool.query(
      `insert into marketing_subscriptions (page_id, contact_id, token, status) values ($1, $2, 'tok-y', 'stopped')`,
      [page.uuid, outside.uuid],
    );
    await writes(page, outside);
    expect(await rowOf(d.campaign.id, outside)).toMatchObject({
      state: 'skipped',
      skip_reason: 'outside_window',
    });
    await quiet();
    expect(await w.outbox(page.fbPageId)).toHaveLength(0);
  });
});
