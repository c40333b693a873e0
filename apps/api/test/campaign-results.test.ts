// Campaign results (docs/campaigns.md "Results"): Read from read receipts, the recipient filters, 'Tag these
// recipients' (scoped, capped, idempotent) and the CSV export's columns, against a real Postgres and the
// emulator.
import { TAG_RECIPIENTS_MAX, type RecipientFilter } from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCampaignEvent } from '../src/modules/campaigns/counters.js';
import { TAG_NOT_ON_PAGE } from '../src/modules/campaigns/service.js';
import {
  createCampaignWorld,
  type CampaignWorld,
  type WorldPage,
} from './fixtures/campaign-world.js';
import { must } from './support/assert.js';
import { bodyOf, invalid } from './support/client.js';
import { waitFor } from './support/wait.js';

let w: CampaignWorld;
let page: WorldPage;
let campaignId: string;

const recipients = async (outcome?: RecipientFilter) =>
  bodyOf(
    await w.client.campaigns.listCampaignRecipients({
      params: { campaignId },
      query: { page: 1, limit: 50, ...(outcome ? { outcome } : {}) },
    }),
    200,
  );
const taggedContacts = async (tagId: string) =>
  (
    await w.pool.query<{ n: number }>(
      'select count(*)::int as n from contact_tags where tag_id = $1',
      [tagId],
    )
  ).rows[0]?.n;

// 3 inside the window (sent), 2 outside (skipped, waiting for their return for a day).
beforeAll(async () => {
  w = await createCampaignWorld();
  page = await w.createPage({ inside: 3, outside: 2 });
  await w.startWorker();
  const created = await w.client.campaigns.createCampaign({
    body: {
      name: 'Crème brûlée week',
      description: 'Results test',
      pageId: page.fbPageId,
      tagId: null,
      time: new Date().toISOString(),
      sendNow: true,
      type: 'ACCOUNT_UPDATE',
      msg: 'Crème brûlée all week',
      deliverOnReturnDays: 1,
    },
  });
  campaignId = bodyOf(created, 201).id;
  await waitFor(async () => (await w.campaign(campaignId)).campaign.status === 'completed', {
    timeoutMs: 30_000,
  });
});
afterAll(async () => {
  await w?.close();
});

const sentPsids = () => page.contacts.filter((c) => c.inside).map((c) => c.psid);

describe('Read and the recipient filters', () => {
  it('counts a read receipt as Read (and delivered) once, and filters by every result', async () => {
    const [a, b, c] = sentPsids();
    const ev = { pageId: page.fbPageId, watermark: Date.now(), at: Date.now() };
    await recordCampaignEvent(w.pool, { ...ev, kind: 'delivery', psid: must(a) });
    // A read implies delivery; a replayed read changes nothing.
    await recordCampaignEvent(w.pool, { ...ev, kind: 'read', psid: must(b) });
    expect(await recordCampaignEvent(w.pool, { ...ev, kind: 'read', psid: must(b) })).toBe(0);
    await recordCampaignEvent(w.pool, { ...ev, kind: 'message', psid: must(c) });

    const d = await w.campaign(campaignId);
    expect(d.funnel).toMatchObject({
      audience: 5,
      dispatched: 3,
      delivered: 2,
      read: 1,
      interacted: 1,
      waiting: 2,
    });
    const psidsOf = async (f?: RecipientFilter) =>
      (await recipients(f)).data.map((r) => r.psid).sort();
    expect(await psidsOf('delivered')).toEqual([a, b].sort());
    expect(await psidsOf('read')).toEqual([b]);
    expect((await recipients('read')).data[0]?.readAt).not.toBeNull();
    expect(await psidsOf('interacted')).toEqual([c]);
    expect(await psidsOf('waiting')).toEqual(
      page.contacts
        .filter((x) => !x.inside)
        .map((x) => x.psid)
        .sort(),
    );
    expect(await psidsOf('returned')).toEqual([]);
    expect((await recipients('sent')).meta.totalItems).toBe(3);
  });

  it('refuses a filter it does not know, without a 500', async () => {
    const res = await w.client.campaigns.listCampaignRecipients({
      params: { campaignId },
      query: { outcome: invalid('bogus') },
    });
    expect(res.status).toBe(400);
  });
});

describe("'Tag these recipients'", () => {
  it('tags the filter only, counts each contact once when run again, and stays on the page', async () => {
    const tagId = await w.createTag(page, 'Waited', []);
    const tag = (outcome?: RecipientFilter, id = tagId) =>
      w.client.campaigns.tagCampaignRecipients({
        params: { campaignId },
        body: { tagId: id, ...(outcome ? { outcome } : {}) },
      });
    expect(bodyOf(await tag('waiting'), 200)).toEqual({ matched: 2, tagged: 2, capped: false });
    expect(bodyOf(await tag('waiting'), 200)).toEqual({ matched: 2, tagged: 0, capped: false });
    expect(await taggedContacts(tagId)).toBe(2);
    // The whole audience: only the three new ones are added.
    expect(bodyOf(await tag(), 200)).toEqual({ matched: 5, tagged: 3, capped: false });

    // Another page's tag: 400 on the field, nobody tagged.
    const other = await w.createPage({ inside: 1, outside: 0 });
    const foreign = await w.createTag(other, 'Foreign', []);
    const refused = await tag('waiting', foreign);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ fieldErrors: { tagId: [TAG_NOT_ON_PAGE] } });
    expect(await taggedContacts(foreign)).toBe(0);

    // Another admin's campaign is a 404 and changes nothing.
    const theirs = await w.otherClient.campaigns.tagCampaignRecipients({
      params: { campaignId },
      body: { tagId },
    });
    expect(theirs.status).toBe(404);
  });

  it(`tags at most ${TAG_RECIPIENTS_MAX} recipients and says it was capped`, async () => {
    // A campaign row set larger than the cap, written in one statement (sending it would take minutes).
    const big = await w.createPage({ inside: 1, outside: 0 });
    const over = TAG_RECIPIENTS_MAX + 5;
    await w.pool.query(
      `insert into contacts (page_id, psid, name)
       select $1, 'big' || g, 'Contact ' || g from generate_series(1, $2) g`,
      [big.uuid, over],
    );
    const { rows } = await w.pool.query<{ id: string }>(
      `insert into campaigns (page_id, admin_id, name, description, message, scheduled_time, type, status)
       values ($1, $2, 'Big one', 'Big', 'Hi', now(), 'ACCOUNT_UPDATE', 'completed') returning id`,
      [big.uuid, w.adminId],
    );
    const bigId = must(rows[0]).id;
    await w.pool.query(
      `insert into campaign_recipients (campaign_id, contact_id, psid, state, skip_reason)
       select $1, c.id, c.psid, 'skipped', 'outside_window' from contacts c where c.page_id = $2`,
      [bigId, big.uuid],
    );
    const tagId = await w.createTag(big, 'Everyone', []);
    const res = await w.client.campaigns.tagCampaignRecipients({
      params: { campaignId: bigId },
      body: { tagId, outcome: 'skipped' },
    });
    expect(bodyOf(res, 200)).toEqual({
      matched: over + 1,
      tagged: TAG_RECIPIENTS_MAX,
      capped: true,
    });
    expect(await taggedContacts(tagId)).toBe(TAG_RECIPIENTS_MAX);
  });
});

describe('CSV export', () => {
  it('starts with a BOM and readable headers, and has Read and sent-on-return columns', async () => {
    const text = bodyOf(
      await w.client.campaigns.exportCampaignRecipients({ params: { campaignId } }),
      200,
    );
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Messenger ID (PSID),Outcome,Sent as,Sent at (UTC),Delivered at (UTC),Read at (UTC),' +
        'Replied or tapped at (UTC),Sent on return,Why it failed,Error code,Why skipped,Message ID',
    );
    expect(lines).toHaveLength(6);
    const read = must(lines.find((l) => l.includes(must(sentPsids()[1]))));
    const cells = read.split(',');
    expect(cells[2]).toBe('Sent');
    expect(cells[3]).toBe('Standard message');
    expect(cells[6]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const skipped = must(lines.find((l) => l.includes(',Skipped,')));
    expect(skipped).toContain('Last wrote to the page more than 24 hours ago');
  });
});
