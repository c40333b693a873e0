// Meta's error table end to end (graph/errors.ts, modules/campaigns/dispatch/outcome.ts, the inbox): the emulator answers a
// row on demand (POST /_emulator/pages/:id/faults/graph-error) and the API, over HTTP with a real Postgres and
// pg-boss, does what the row means: one person who cannot be reached fails alone, a restricted page stops the
// campaign, and warnings that are not throttles are never sent again.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_RESTRICTED_REASON, PERMISSION_REASON } from '../src/modules/campaigns/reasons.js';
import { PAGE_RESTRICTED_MESSAGE } from '../src/modules/shared/page-graph.js';
import {
  createCampaignWorld,
  type CampaignWorld,
  type WorldPage,
} from './fixtures/campaign-world.js';
import { must } from './support/assert.js';
import { bodyOf } from './support/client.js';

let w: CampaignWorld;

beforeAll(async () => {
  w = await createCampaignWorld();
  await w.startWorker();
});
afterAll(async () => {
  await w?.close();
});

const base = () => w.emulator.url.replace(/\/$/, '');
async function emulator(path: string, body?: unknown, method = 'POST') {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return res.json() as Promise<{ byCode?: Record<string, number> }>;
}
const arm = (page: WorldPage, fault: Record<string, unknown>) =>
  emulator(`/_emulator/pages/${page.fbPageId}/faults/graph-error`, fault);
/** How many answers the emulator has given with this code so far. */
const answered = async (code: number) =>
  (await emulator('/_emulator/faults', undefined, 'GET')).byCode?.[String(code)] ?? 0;
const rowsOf = async (campaignId: string) =>
  (
    await w.pool.query<{
      psid: string;
      state: string;
      error_code: number | null;
      error_subcode: number | null;
      error_message: string | null;
      attempts: number;
    }>(
      `select c.psid, r.state, r.error_code, r.error_subcode, r.error_message, r.attempts
         from campaign_recipients r join contacts c on c.id = r.contact_id
        where r.campaign_id = $1`,
      [campaignId],
    )
  ).rows;
const dispatch = async (page: WorldPage) =>
  w.settled(await w.createCampaignNow(page.fbPageId, 'Hello from the error table'));

describe('a campaign and the answers of Meta error table', () => {
  it('200/1545041 fails only that recipient, with a recipient reason; the campaign completes', async () => {
    const page = await w.createPage({ inside: 5, outside: 0 });
    const blocked = must(page.contacts[2]);
    await arm(page, { code: 200, subcode: 1545041, psids: [blocked.psid] });
    const d = await dispatch(page);
    expect(d.campaign).toMatchObject({
      status: 'completed',
      statusReason: null,
      dispatchedCount: 4,
      failedCount: 1,
    });
    expect(d.campaign.statusReason).not.toBe(PERMISSION_REASON);
    const rows = await rowsOf(d.campaign.id);
    expect(rows.filter((r) => r.state === 'failed')).toEqual([
      {
        psid: blocked.psid,
        state: 'failed',
        error_code: 200,
        error_subcode: 1545041,
        error_message: "(#200) Message Not Sent: This person isn't available right now.",
        attempts: 1,
      },
    ]);
    expect(d.funnel.failedByReason).toEqual([
      { reason: 'Recipient unavailable', code: 200, count: 1 },
    ]);
    const sent = await w.outbox(page.fbPageId);
    expect(sent.map((e) => e.recipient).sort()).toEqual(
      page.contacts
        .filter((c) => c !== blocked)
        .map((c) => c.psid)
        .sort(),
    );
  });

  it.each([
    ['10/1893063', { code: 10, subcode: 1893063 }],
    ['368', { code: 368 }],
  ])(
    '%s stops the campaign with the page-restricted reason, sending nothing more',
    async (_name, fault) => {
      const page = await w.createPage({ inside: 6, outside: 0 });
      // The page is restricted: every send is refused.
      await arm(page, { ...fault, psids: page.contacts.map((c) => c.psid) });
      const d = await dispatch(page);
      expect(d.campaign).toMatchObject({
        status: 'failed',
        statusReason: PAGE_RESTRICTED_REASON,
        dispatchedCount: 0,
        failedCount: 0,
      });
      expect(PAGE_RESTRICTED_REASON).toMatch(
        /temporarily restricted this page from sending messages/,
      );
      // Not one failure per row: the rows Meta never got stay unsent, none failed.
      const rows = await rowsOf(d.campaign.id);
      expect(rows.some((r) => r.state === 'failed' || r.state === 'sent')).toBe(false);
      expect(d.funnel).toMatchObject({ audience: 6, dispatched: 0, failed: 0 });
      expect(await w.outbox(page.fbPageId)).toHaveLength(0);
    },
  );

  it('613/2018338 (tag abuse warning) fails its row once, never retried; the rest are sent', async () => {
    const page = await w.createPage({ inside: 3, outside: 0 });
    const warned = must(page.contacts[0]);
    await arm(page, { code: 613, subcode: 2018338, psids: [warned.psid] });
    const before = await answered(613);
    const d = await dispatch(page);
    expect(d.campaign).toMatchObject({ status: 'completed', dispatchedCount: 2, failedCount: 1 });
    const row = must((await rowsOf(d.campaign.id)).find((r) => r.psid === warned.psid));
    expect(row).toMatchObject({
      state: 'failed',
      error_code: 613,
      error_subcode: 2018338,
      attempts: 1,
    });
    expect((await answered(613)) - before).toBe(1);
  });
});

describe('the inbox and the answers of Meta error table', () => {
  let page: WorldPage;
  beforeAll(async () => {
    page = await w.createPage({ inside: 4, outside: 0 });
  });
  afterEach(async () => {
    await emulator(`/_emulator/pages/${page.fbPageId}/faults/graph-error`, undefined, 'DELETE');
  });
  const reply = (psid: string) =>
    w.client.inbox.sendMessage({
      params: { pageId: page.fbPageId, userId: psid },
      body: { message: 'Hi there' },
    });

  it("613/2018338 on a reply is not retried by the API process's Graph client", async () => {
    const psid = must(page.contacts[0]).psid;
    await arm(page, { code: 613, subcode: 2018338, psids: [psid] });
    const before = await answered(613);
    const { message } = bodyOf(await reply(psid), 422);
    expect(message).toMatch(/^Messenger refused the message under Meta's policy: /);
    expect(message).not.toMatch(/rate limiting/);
    expect((await answered(613)) - before).toBe(1);
  });

  it('613/1893016 (duplicate opt-in topic) on Ask to subscribe is not retried either', async () => {
    const psid = must(page.contacts[1]).psid;
    await arm(page, { code: 613, subcode: 1893016, path: 'optin', psids: [psid] });
    const before = await answered(613);
    const res = await w.client.marketing.askToSubscribe({
      params: { pageId: page.fbPageId, userId: psid },
      body: {},
    });
    expect(bodyOf(res, 422).message).toMatch(/opt-in requests with the same topic/);
    expect((await answered(613)) - before).toBe(1);
  });

  it('a restricted page and a person who is not available read as what they are', async () => {
    const [a, b] = [must(page.contacts[2]).psid, must(page.contacts[3]).psid];
    await arm(page, { code: 10, subcode: 1893063, psids: [a] });
    await arm(page, { code: 200, subcode: 1545041, psids: [b] });
    expect(bodyOf(await reply(a), 422)).toEqual({ message: PAGE_RESTRICTED_MESSAGE });
    expect(bodyOf(await reply(b), 422).message).toBe(
      "This person isn't available right now, so Messenger did not deliver the message.",
    );
  });
});
