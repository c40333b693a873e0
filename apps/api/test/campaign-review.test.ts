// The review before Confirm and the campaign message as each recipient reads it (docs/campaigns.md "Review",
// "Personal messages"): a contact to preview with, 'Send a test to me' reaching only the admin's own
// conversation (found through Meta's ids_for_pages), `{first_name}` and `{last_name}` filled per recipient at
// send time, an unknown placeholder refused. Over HTTP against a real Postgres, pg-boss, the campaign worker
// and the emulator.
import { PLACEHOLDER_MESSAGES } from '@pagecast/contract';
import { TEST_MESSAGES } from '../src/modules/campaigns/review.js';
import { emu } from './support/emulator.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignWorld, type CampaignWorld } from './fixtures/campaign-world.js';
import { must } from './support/assert.js';
import { bodyOf } from './support/client.js';
import { waitFor } from './support/wait.js';

let w: CampaignWorld;

beforeAll(async () => {
  w = await createCampaignWorld();
  await w.startWorker();
});
afterAll(async () => {
  await w?.close();
});

const campaignBody = (fbPageId: string, msg: string) => ({
  name: 'Personal offer',
  description: 'Placeholders',
  pageId: fbPageId,
  tagId: null,
  time: new Date().toISOString(),
  sendNow: true,
  type: 'ACCOUNT_UPDATE' as const,
  msg,
});

describe('placeholders', () => {
  it('each contact reads their own name; without a first name, the fallback', async () => {
    const page = await w.createPage({ inside: 3, outside: 0 });
    const [nameless, ...named] = page.contacts.map((c) => c);
    await w.pool.query('update contacts set first_name = null where id = $1', [
      must(nameless).uuid,
    ]);
    const names = new Map(
      (
        await w.pool.query<{ psid: string; first_name: string | null; last_name: string }>(
          'select psid, first_name, last_name from contacts where page_id = $1',
          [page.uuid],
        )
      ).rows.map((r) => [r.psid, r]),
    );
    await w.createCampaignNow(page.fbPageId, 'Hi {first_name|friend} {last_name}, 20% off today');
    const outbox = await waitFor(async () => {
      const sent = await w.outbox(page.fbPageId);
      return sent.length === 3 && sent;
    });
    for (const c of named) {
      const row = must(names.get(c.psid));
      const entry = must(outbox.find((o) => o.recipient === c.psid));
      expect(entry.text).toBe(`Hi ${row.first_name} ${row.last_name}, 20% off today`);
    }
    const row = must(names.get(must(nameless).psid));
    expect(must(outbox.find((o) => o.recipient === must(nameless).psid)).text).toBe(
      `Hi friend ${row.last_name}, 20% off today`,
    );
  });

  it('an unknown placeholder is refused with the rule, and nothing is stored', async () => {
    const page = await w.createPage({ inside: 1, outside: 0 });
    const res = await w.client.campaigns.createCampaign({
      body: campaignBody(page.fbPageId, 'Your order {order_ref} is ready'),
    });
    expect(bodyOf(res, 400).fieldErrors?.['msg']).toEqual([
      PLACEHOLDER_MESSAGES.unknown(['{order_ref}']),
    ]);
    const { rows } = await w.pool.query(
      'select 1 from campaigns c join pages p on p.id = c.page_id where p.fb_page_id = $1',
      [page.fbPageId],
    );
    expect(rows).toHaveLength(0);
  });
});

describe('review and test send', () => {
  const adminFbId = async () =>
    must(
      (
        await w.pool.query<{ fb_user_id: string }>('select fb_user_id from admins where id = $1', [
          w.adminId,
        ])
      ).rows[0],
    ).fb_user_id;

  it('names a contact of the audience; a test reaches only the admin, once they wrote to the page', async () => {
    const page = await w.createPage({ inside: 2, outside: 0 });
    const review = async () =>
      bodyOf(await w.client.campaigns.campaignReview({ params: { pageId: page.fbPageId } }), 200);
    const test = (msg: string) =>
      w.client.campaigns.sendTestMessage({ params: { pageId: page.fbPageId }, body: { msg } });

    const before = await review();
    const sample = must(before.sample);
    const first = must(
      (
        await w.pool.query<{ first_name: string }>(
          'select first_name from contacts where page_id = $1 order by id limit 1',
          [page.uuid],
        )
      ).rows[0],
    );
    expect(sample.firstName).toBe(first.first_name);
    // The admin never wrote to the page: Meta has no PSID for them there, and nothing is sent.
    expect(before.testConversation).toBe('none');
    expect(bodyOf(await test('Hi {first_name}, a test'), 409).message).toBe(
      TEST_MESSAGES.noConversation,
    );
    expect(await w.outbox(page.fbPageId)).toHaveLength(0);

    // The admin writes to the page from Messenger; the webhook ingest stores the contact (mirrored here).
    const fbUserId = await adminFbId();
    const own = await emu(
      w.emulator,
      `/_emulator/pages/${page.fbPageId}/users/${fbUserId}/messages`,
      {
        text: 'Hello from the admin',
      },
    );
    const user = must(w.emulator.world.users.get(fbUserId));
    await w.pool.query(
      `insert into contacts (page_id, psid, name, first_name, last_name, last_inbound_at)
       values ($1, $2, $3, $4, $5, now())`,
      [page.uuid, own.psid, own.name, user.firstName, user.lastName],
    );
    expect((await review()).testConversation).toBe('open');
    expect(bodyOf(await test('Hi {first_name|there}, a test'), 200).sentTo).toBe(own.name);
    const outbox = await w.outbox(page.fbPageId);
    expect(outbox.map((o) => [o.recipient, o.text])).toEqual([
      [own.psid, `Hi ${user.firstName}, a test`],
    ]);
    // No campaign came of it.
    const { rows } = await w.pool.query('select 1 from campaigns where page_id = $1', [page.uuid]);
    expect(rows).toHaveLength(0);

    // Their 24 hours passed: a standard message would be refused, so none is sent.
    await w.pool.query(
      "update contacts set last_inbound_at = now() - interval '2 days' where page_id = $1 and psid = $2",
      [page.uuid, own.psid],
    );
    expect((await review()).testConversation).toBe('closed');
    expect(bodyOf(await test('Hi again'), 409).message).toBe(TEST_MESSAGES.closed);
    expect(await w.outbox(page.fbPageId)).toHaveLength(1);
  });

  it("refuses another admin's page, and a message that breaks the rules", async () => {
    const page = await w.createPage({ inside: 1, outside: 0 });
    const params = { pageId: page.fbPageId };
    expect((await w.otherClient.campaigns.campaignReview({ params })).status).toBe(404);
    expect(
      (await w.otherClient.campaigns.sendTestMessage({ params, body: { msg: 'Hello there' } }))
        .status,
    ).toBe(404);
    const bad = await w.client.campaigns.sendTestMessage({ params, body: { msg: 'Hi {nick}' } });
    expect(bodyOf(bad, 400).fieldErrors?.['msg']).toEqual([
      PLACEHOLDER_MESSAGES.unknown(['{nick}']),
    ]);
    expect(await w.outbox(page.fbPageId)).toHaveLength(0);
  });
});

describe('link buttons on standard sends', () => {
  const body = (fbPageId: string, over: Record<string, unknown>) => ({
    ...campaignBody(fbPageId, 'Hi {first_name}, the spring menu is out'),
    ...over,
  });

  it("go as Meta's button template, its text filled per recipient", async () => {
    const page = await w.createPage({ inside: 2, outside: 0 });
    const buttons = [
      { title: 'See the menu', url: 'https://example.com/menu' },
      { title: 'Book a table', url: 'https://example.com/book' },
    ];
    bodyOf(
      await w.client.campaigns.createCampaign({ body: body(page.fbPageId, { buttons }) }),
      201,
    );
    const sent = await waitFor(async () => {
      const all = await w.outbox(page.fbPageId);
      return all.length === 2 && all;
    });
    const names = new Map(
      (
        await w.pool.query<{ psid: string; first_name: string }>(
          'select psid, first_name from contacts where page_id = $1',
          [page.uuid],
        )
      ).rows.map((r) => [r.psid, r.first_name]),
    );
    for (const entry of sent as Array<{ recipient: string; text: string; buttons?: unknown }>) {
      expect(entry.text).toBe(`Hi ${names.get(entry.recipient)}, the spring menu is out`);
      expect(entry.buttons).toEqual(buttons.map((b) => ({ type: 'web_url', ...b })));
    }
  });

  it.each([
    ['four buttons', { buttons: Array(4).fill({ title: 'Go', url: 'https://example.com' }) }],
    ['an http link', { buttons: [{ title: 'Go', url: 'http://example.com' }] }],
    ['a 21-character title', { buttons: [{ title: 'x'.repeat(21), url: 'https://example.com' }] }],
    ['an empty title', { buttons: [{ title: ' ', url: 'https://example.com' }] }],
    ['half an emoji in a title', { buttons: [{ title: 'Go \ud83d', url: 'https://example.com' }] }],
    ['a lone low surrogate in a title', { buttons: [{ title: '\udfffGo', url: 'https://a.b' }] }],
  ])('refuses %s, and stores nothing', async (_what, over) => {
    const page = await w.createPage({ inside: 1, outside: 0 });
    const res = await w.client.campaigns.createCampaign({ body: body(page.fbPageId, over) });
    expect(
      Object.keys(bodyOf(res, 400).fieldErrors ?? {}).some((k) => k.startsWith('buttons')),
    ).toBe(true);
    const { rows } = await w.pool.query('select 1 from campaigns where page_id = $1', [page.uuid]);
    expect(rows).toHaveLength(0);
    expect(await w.outbox(page.fbPageId)).toHaveLength(0);
  });

  it('with buttons the text must fit the template: 640 characters with long names', async () => {
    const page = await w.createPage({ inside: 1, outside: 0 });
    const msg = '{first_name} '.repeat(13).trim();
    const res = await w.client.campaigns.createCampaign({
      body: { ...campaignBody(page.fbPageId, msg), buttons: [{ title: 'Go', url: 'https://a.b' }] },
    });
    expect(bodyOf(res, 400).fieldErrors?.['msg']).toEqual([PLACEHOLDER_MESSAGES.tooLong(640)]);
  });

  it("the emulator refuses a button template Meta would refuse, in Meta's param style", async () => {
    const page = await w.createPage({ inside: 1, outside: 0 });
    const psid = must(page.contacts[0]).psid;
    const send = async (payload: Record<string, unknown>) => {
      // A raw Graph call: the product's client only builds valid templates.
      const res = await fetch(
        `${w.emulator.url.replace(/\/$/, '')}/v25.0/${page.fbPageId}/messages`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            access_token: page.token,
            recipient: { id: psid },
            messaging_type: 'UPDATE',
            message: {
              attachment: { type: 'template', payload: { template_type: 'button', ...payload } },
            },
          }),
        },
      );
      return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
    };
    const ok = { type: 'web_url', title: 'Go', url: 'https://example.com' };
    expect((await send({ text: 'x'.repeat(641), buttons: [ok] })).body.error?.message).toMatch(
      /less than or equal to 640/,
    );
    expect((await send({ text: 'Hi', buttons: [] })).body.error?.message).toMatch(/1 to 3 buttons/);
    expect(
      (await send({ text: 'Hi', buttons: [{ ...ok, url: 'http://example.com' }] })).body.error
        ?.message,
    ).toMatch(/valid https URL/);
    expect(
      (await send({ text: 'Hi', buttons: [{ ...ok, title: 'x'.repeat(21) }] })).body.error?.message,
    ).toMatch(/1 to 20 characters/);
    const good = await send({ text: 'Hi', buttons: [ok] });
    expect(good.status).toBe(200);
  });
});
