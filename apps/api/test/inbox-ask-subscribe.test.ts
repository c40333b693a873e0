// 'Ask to subscribe' for an inbox filter (docs/inbox.md "Notes and saved replies"): everyone in the filter
// who wrote in the last 24 h and may be asked, within Meta's one request per topic per contact a week; the
// others counted by why; capped per run and per minute. Over HTTP against a real Postgres and the emulator.
import {
  BULK_OPTIN_LIMIT_MESSAGE,
  BULK_OPTIN_MAX,
  BULK_OPTIN_PER_MINUTE,
  DEFAULT_OPTIN_TITLE,
  type RecipientMatch,
} from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCampaignWorld,
  type CampaignWorld,
  type WorldPage,
} from './fixtures/campaign-world.js';
import { must } from './support/assert.js';
import { emu } from './support/emulator.js';
import { bodyOf } from './support/client.js';

let w: CampaignWorld;
let page: WorldPage;

beforeAll(async () => {
  w = await createCampaignWorld();
  page = await w.createPage({ inside: 5, outside: 2 });
});
afterAll(async () => {
  await w?.close();
});

const ask = (
  body: { match?: Partial<RecipientMatch>; dryRun?: boolean; title?: string },
  p = page,
) =>
  w.client.marketing.askManyToSubscribe({
    params: { pageId: p.fbPageId },
    body: {
      match: { filter: 'all', ...body.match },
      dryRun: body.dryRun ?? false,
      title: body.title,
    },
  });
const optins = async (p = page) =>
  (await w.outbox(p.fbPageId)).filter((e) => e.text.startsWith('[Opt-in request]'));

describe('asking a filter to subscribe', () => {
  it('counts first, asks those who may be asked, and tells why the others were not', async () => {
    const inside = page.contacts.filter((c) => c.inside);
    // One already subscribed (as the opt-in webhook leaves it), one asked this week from their chat.
    await w.pool.query(
      `insert into marketing_subscriptions (page_id, contact_id, token, title) values ($1, $2, 'tok', 'Deals')`,
      [page.uuid, must(inside[0]).uuid],
    );
    bodyOf(
      await w.client.marketing.askToSubscribe({
        params: { pageId: page.fbPageId, userId: must(inside[1]).psid },
        body: {},
      }),
      201,
    );
    const before = (await optins()).length;

    const preview = bodyOf(await ask({ dryRun: true }), 200);
    expect(preview).toEqual({
      asked: 3,
      skipped: { subscribed: 1, askedThisWeek: 1, windowClosed: 2, notAsked: 0 },
      failed: 0,
    });
    expect((await optins()).length).toBe(before);

    const done = bodyOf(await ask({}), 200);
    expect(done).toEqual(preview);
    const sent = await optins();
    expect(sent.length).toBe(before + 3);
    expect(new Set(sent.slice(before).map((e) => e.recipient))).toEqual(
      new Set(inside.slice(2).map((c) => c.psid)),
    );
    expect(
      sent.slice(before).every((e) => e.text === `[Opt-in request] ${DEFAULT_OPTIN_TITLE}`),
    ).toBe(true);

    // Asked again within the week: nobody is asked twice about the topic; another topic may be asked.
    const again = bodyOf(await ask({}), 200);
    expect(again).toMatchObject({ asked: 0, skipped: { askedThisWeek: 4, subscribed: 1 } });
    expect((await optins()).length).toBe(before + 3);
  });

  it("reads the inbox's filter: only the matching contacts are considered", async () => {
    const p = await w.createPage({ inside: 3, outside: 1 });
    const tagged = p.contacts.filter((c) => c.inside).slice(0, 1);
    const tagId = await w.createTag(p, 'VIP', tagged);
    const res = bodyOf(await ask({ match: { tagId }, title: 'VIP offers' }, p), 200);
    expect(res).toEqual({
      asked: 1,
      skipped: { subscribed: 0, askedThisWeek: 0, windowClosed: 0, notAsked: 0 },
      failed: 0,
    });
    expect((await optins(p)).map((e) => e.recipient)).toEqual([must(tagged[0]).psid]);
  });

  it(`asks at most ${BULK_OPTIN_MAX} in one run, the rest counted as not asked`, async () => {
    const p = await w.createPage({ inside: BULK_OPTIN_MAX + 3, outside: 0 });
    const res = bodyOf(await ask({ dryRun: true }, p), 200);
    expect(res.asked).toBe(BULK_OPTIN_MAX);
    expect(res.skipped.notAsked).toBe(3);
  });

  it('answers 404 for a page the admin does not manage, and sends nothing', async () => {
    const before = (await optins()).length;
    const res = await w.otherClient.marketing.askManyToSubscribe({
      params: { pageId: page.fbPageId },
      body: { match: { filter: 'all' }, dryRun: false },
    });
    expect(res.status).toBe(404);
    expect((await optins()).length).toBe(before);
  });

  it(`lets one admin start ${BULK_OPTIN_PER_MINUTE} runs a minute (counting is free)`, async () => {
    // Three runs above already (two on the first page, one on the tagged one); dry runs do not count.
    const p = await w.createPage({ inside: 1, outside: 0 });
    for (let i = 3; i < BULK_OPTIN_PER_MINUTE; i++)
      bodyOf(await ask({ title: `Topic ${i}` }, p), 200);
    const limited = await ask({ title: 'One more' }, p);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ message: BULK_OPTIN_LIMIT_MESSAGE });
    bodyOf(await ask({ dryRun: true }, p), 200);
  });

  it('stops when Meta rate limits the page, counting those left as not asked for the next run', async () => {
    // The other admin's page and runs: this admin's minute is spent above.
    const p = await w.createPage({ inside: 3, outside: 0, adminId: w.otherAdminId });
    const throttled = must(p.contacts[1]).psid;
    await emu(w.emulator, `/_emulator/pages/${p.fbPageId}/faults/graph-error`, {
      code: 32,
      message: 'Page request limit reached',
      psids: [throttled],
    });
    const run = () =>
      w.otherClient.marketing.askManyToSubscribe({
        params: { pageId: p.fbPageId },
        body: { match: { filter: 'all' }, dryRun: false },
      });
    const first = bodyOf(await run(), 200);
    expect(first.failed).toBe(0);
    expect(first.skipped.notAsked).toBeGreaterThanOrEqual(1);
    expect(first.asked + first.skipped.notAsked).toBe(3);
    expect((await optins(p)).map((e) => e.recipient)).not.toContain(throttled);
    expect((await optins(p)).length).toBe(first.asked);

    // Once Meta lets the page send again, the next run asks exactly those left (the throttled one too).
    await emu(w.emulator, `/_emulator/pages/${p.fbPageId}/faults/graph-error`, undefined, 'DELETE');
    const second = bodyOf(await run(), 200);
    expect(second.asked).toBe(first.skipped.notAsked);
    expect(second.skipped.askedThisWeek).toBe(first.asked);
    expect((await optins(p)).map((e) => e.recipient)).toContain(throttled);
  });
});
