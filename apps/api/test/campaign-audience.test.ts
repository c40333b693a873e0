// Purpose and Audience (docs/campaigns.md "Purpose", "Audience"): a promotion never takes the utility-template
// path, and the audience combines tags (any of / all of / exclude), "wrote in the last N days" and marketing
// subscribers, resolved in one place for the reach preview and the dispatch. Over HTTP against a real
// Postgres, pg-boss, the campaign worker and the emulator.
import {
  AUDIENCE_MESSAGES,
  PURPOSE_MESSAGES,
  type CampaignAudienceInput,
  type CreateCampaignBody,
} from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCampaignWorld,
  type CampaignWorld,
  type WorldContact,
  type WorldPage,
} from './fixtures/campaign-world.js';
import { must } from './support/assert.js';
import { bodyOf, invalid } from './support/client.js';

let w: CampaignWorld;

beforeAll(async () => {
  w = await createCampaignWorld();
  await w.startWorker();
});
afterAll(async () => {
  await w?.close();
});

const body = (page: WorldPage, over: Partial<CreateCampaignBody> = {}): CreateCampaignBody => ({
  name: 'Pumpkin loaf weekend',
  description: 'Audience test',
  pageId: page.fbPageId,
  tagId: null,
  time: new Date().toISOString(),
  sendNow: true,
  msg: 'Pumpkin loaf is back this weekend',
  ...over,
});
const create = (page: WorldPage, over: Partial<CreateCampaignBody> = {}) =>
  w.client.campaigns.createCampaign({ body: body(page, over) });

/** An approved utility template of `p`, created through the API and approved at the emulator. */
async function approvedTemplate(p: WorldPage, name: string): Promise<string> {
  const made = bodyOf(
    await w.client.templates.createTemplate({
      body: {
        pageId: p.fbPageId,
        name,
        language: 'en_US',
        body: 'Hi {{first_name}}, here is an update on your order for you.',
      },
    }),
    201,
  );
  const fb = must(
    (
      await w.pool.query<{ f: string }>(
        'select fb_template_id as f from message_templates where id = $1',
        [made.id],
      )
    ).rows[0],
  ).f;
  const res = await fetch(
    `${w.emulator.url}/_emulator/pages/${p.fbPageId}/message_templates/${fb}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'APPROVED', reason: null }),
    },
  );
  expect(res.status).toBe(200);
  bodyOf(
    await w.client.templates.refreshTemplates({ params: { pageId: p.fbPageId }, body: {} }),
    200,
  );
  return made.id;
}
const firstName = { first_name: { source: 'first_name' as const } };

describe('purpose (spec §10.8)', () => {
  it('is a promotion when none is given; an update keeps its value', async () => {
    const page = await w.createPage({ inside: 1, outside: 0 });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const promo = bodyOf(await create(page, { time: later, sendNow: false }), 201);
    expect(promo.type).toBe('PROMOTION');
    const update = bodyOf(
      await create(page, { time: later, sendNow: false, type: 'ACCOUNT_UPDATE' }),
      201,
    );
    expect(update.type).toBe('ACCOUNT_UPDATE');
    const bad = await w.client.campaigns.createCampaign({
      body: invalid({ ...body(page), type: 'HUMAN_AGENT' }),
    });
    expect(bodyOf(bad, 400).fieldErrors?.type).toEqual([PURPOSE_MESSAGES.invalid]);
  });

  it('refuses a utility template for a promotion, on the field, and stores nothing', async () => {
    const page = await w.createPage({ inside: 1, outside: 2 });
    const templateId = await approvedTemplate(page, 'promo_refused');
    const before = await w.countCampaigns();
    for (const type of [undefined, 'PROMOTION'] as const) {
      const res = await create(page, { type, templateId, templateParams: firstName });
      expect(res.status).toBe(400);
      expect(
        (res.body as { fieldErrors: Record<string, string[]> }).fieldErrors.templateId,
      ).toEqual([PURPOSE_MESSAGES.templateForPromotion]);
    }
    expect(await w.countCampaigns()).toBe(before);
    // The same template for an update is accepted.
    const ok = await create(page, {
      type: 'POST_PURCHASE_UPDATE',
      templateId,
      templateParams: firstName,
      time: new Date(Date.now() + 3_600_000).toISOString(),
      sendNow: false,
    });
    expect(ok.status).toBe(201);
  });

  /**
   * A promotion whose row holds an approved template, due now: a row no request can make (the API refuses
   * it), so the dispatch must refuse the path itself. Returns the settled detail.
   */
  async function promotionWithTemplate(page: WorldPage, name: string, reachableOnly: boolean) {
    const templateId = await approvedTemplate(page, name);
    const created = bodyOf(
      await create(page, {
        type: 'ACCOUNT_UPDATE',
        templateId,
        templateParams: firstName,
        reachableOnly,
        time: new Date(Date.now() + 3_600_000).toISOString(),
        sendNow: false,
      }),
      201,
    );
    await w.pool.query(
      `update campaigns set type = 'PROMOTION', scheduled_time = now() where id = $1`,
      [created.id],
    );
    return w.settled(created.id);
  }

  it('a promotion never sends the template, even when its row holds one: outside the window it is skipped', async () => {
    const page = await w.createPage({ inside: 1, outside: 2 });
    const d = await promotionWithTemplate(page, 'promo_never', false);
    expect(d.campaign).toMatchObject({ status: 'completed', dispatchedCount: 1, skippedCount: 2 });
    const out = await w.outbox(page.fbPageId);
    expect(out).toHaveLength(1);
    expect(out.some((e) => e.messaging_type === 'UTILITY' || e.template)).toBe(false);
    expect(d.funnel.skippedByReason).toEqual([{ reason: 'outside_window', count: 2 }]);
  });

  it("'Only contacts I can reach': a promotion's template reaches nobody outside the window", async () => {
    const page = await w.createPage({ inside: 1, outside: 2 });
    const d = await promotionWithTemplate(page, 'promo_reach', true);
    expect(d.campaign).toMatchObject({ audienceCount: 1, dispatchedCount: 1, skippedCount: 0 });
  });

  it('an update with the same template sends it outside the window', async () => {
    const page = await w.createPage({ inside: 1, outside: 2 });
    const templateId = await approvedTemplate(page, 'update_sends');
    const created = bodyOf(
      await create(page, { type: 'POST_PURCHASE_UPDATE', templateId, templateParams: firstName }),
      201,
    );
    const d = await w.settled(created.id);
    expect(d.campaign).toMatchObject({ dispatchedCount: 3, skippedCount: 0 });
    const out = await w.outbox(page.fbPageId);
    expect(out.filter((e) => e.messaging_type === 'UTILITY')).toHaveLength(2);
  });
});

describe('audience (spec §10.9)', () => {
  let page: WorldPage;
  let t1: string;
  let t2: string;
  let t3: string;
  /** Contacts by role: three who wrote an hour ago, three three days ago. */
  let ins: WorldPage['contacts'];
  let outs: WorldPage['contacts'];
  const later = () => new Date(Date.now() + 3_600_000).toISOString();

  beforeAll(async () => {
    page = await w.createPage({ inside: 3, outside: 3 });
    ins = page.contacts.filter((c) => c.inside);
    outs = page.contacts.filter((c) => !c.inside);
    const [i0, i1, i2] = ins as [WorldContact, WorldContact, WorldContact];
    const [o0, o1] = outs as [WorldContact, WorldContact, WorldContact];
    // t1: i0 i1 o0 · t2: i1 i2 o0 o1 · t3: o0
    t1 = await w.createTag(page, 'Buyers', [i0, i1, o0]);
    t2 = await w.createTag(page, 'Locals', [i1, i2, o0, o1]);
    t3 = await w.createTag(page, 'Noisy', [o0]);
    // Subscribers: i2 and o1; i0 stopped (never in a subscribers-only audience).
    for (const [c, status] of [
      [i2, 'subscribed'],
      [o1, 'subscribed'],
      [i0, 'stopped'],
    ] as const)
      await w.pool.query(
        `insert into marketing_subscriptions (page_id, contact_id, token, status) values ($1, $2, $3, $4)`,
        [page.uuid, c.uuid, `tok-${c.psid}`, status],
      );
  });

  const preview = async (audience: CampaignAudienceInput | null, tagId?: string) =>
    bodyOf(
      await w.client.campaigns.audiencePreview({
        params: { pageId: page.fbPageId },
        query: {
          ...(tagId ? { tagId } : {}),
          ...(audience ? { audience: JSON.stringify(audience) } : {}),
        },
      }),
      200,
    );
  /** Dispatches the audience now (nobody left out for the window) and returns who got a row. */
  const dispatched = async (over: Partial<CreateCampaignBody>) => {
    const created = bodyOf(await create(page, over), 201);
    const d = await w.settled(created.id);
    const rows = await w.pool.query<{ psid: string }>(
      'select psid from campaign_recipients where campaign_id = $1 order by psid',
      [created.id],
    );
    return { d, psids: rows.rows.map((r) => r.psid) };
  };
  const psids = (...cs: WorldContact[]) => cs.map((c) => c.psid).sort();
  /** The page's creations so far fall out of the per-minute limit (ten a minute), as a minute passing would. */
  const minutePasses = () =>
    w.pool.query(
      `update campaigns set created_at = created_at - interval '2 minutes' where page_id = $1`,
      [page.uuid],
    );

  it('each combination: the preview counts it, the dispatch snapshots exactly those contacts', async () => {
    const [i0, i1, i2] = ins as [WorldContact, WorldContact, WorldContact];
    const [o0, o1, o2] = outs as [WorldContact, WorldContact, WorldContact];
    const cases: Array<[string, CampaignAudienceInput, WorldContact[]]> = [
      ['any of two tags', { tagIds: [t1, t2] }, [i0, i1, i2, o0, o1]],
      ['all of two tags', { match: 'all', tagIds: [t1, t2] }, [i1, o0]],
      ['all of two, one excluded', { match: 'all', tagIds: [t1, t2], excludeTagIds: [t3] }, [i1]],
      ['everyone but a tag', { excludeTagIds: [t2] }, [i0, o2]],
      ['wrote in the last day', { wroteWithinDays: 1 }, [i0, i1, i2]],
      ['a tag, wrote in the last 5 days', { tagIds: [t2], wroteWithinDays: 5 }, [i1, i2, o0, o1]],
      ['a tag, wrote in the last 2 days', { tagIds: [t2], wroteWithinDays: 2 }, [i1, i2]],
      ['subscribers only', { subscribersOnly: true }, [i2, o1]],
      [
        'subscribers in a tag, one excluded',
        { tagIds: [t2], excludeTagIds: [t1], subscribersOnly: true },
        [i2, o1],
      ],
    ];
    for (const [name, audience, who] of cases) {
      const p = await preview(audience);
      const inside = who.filter((c) => c.inside).length;
      expect({ name, ...p }).toMatchObject({
        name,
        total: who.length,
        insideWindow: inside,
        outsideWindow: who.length - inside,
      });
      const { d, psids: got } = await dispatched({ audience });
      expect({ name, got }).toEqual({ name, got: psids(...who) });
      expect(d.campaign.audience).toMatchObject(audience);
    }
  });

  it('the preview counts who stopped marketing messages apart: they are left out on every path', async () => {
    // i0 stopped (inside the window): in the totals, and counted as opted out.
    expect(await preview(null)).toMatchObject({
      total: 6,
      insideWindow: 3,
      optedOut: 1,
      optedOutInside: 1,
    });
    expect(await preview(null, t1)).toMatchObject({ total: 3, optedOut: 1, optedOutInside: 1 });
    expect(await preview(null, t2)).toMatchObject({ total: 4, optedOut: 0, optedOutInside: 0 });
  });

  it("'All users' and one tag work as before, and the campaign keeps the tag's name", async () => {
    await minutePasses();
    expect((await preview(null)).total).toBe(6);
    expect((await preview(null, t3)).total).toBe(1);
    const all = await dispatched({});
    expect(all.psids).toHaveLength(6);
    expect(all.d.campaign).toMatchObject({ tagId: null, tagName: null });
    const one = await dispatched({ tagId: t1 });
    expect(one.psids).toEqual(psids(must(ins[0]), must(ins[1]), must(outs[0])));
    expect(one.d.campaign).toMatchObject({ tagId: t1, tagName: 'Buyers' });
    // The same single tag sent as an audience is stored the same way.
    const asAudience = bodyOf(
      await create(page, { audience: { tagIds: [t3] }, time: later(), sendNow: false }),
      201,
    );
    expect(asAudience).toMatchObject({ tagId: t3, tagName: 'Noisy' });
  });

  it('a row from before the audience column is read and dispatched by its tag', async () => {
    await minutePasses();
    const created = bodyOf(await create(page, { tagId: t3, time: later(), sendNow: false }), 201);
    await w.pool.query(
      `update campaigns set audience = null, scheduled_time = now() where id = $1`,
      [created.id],
    );
    expect((await w.campaign(created.id)).campaign.audience).toMatchObject({ tagIds: [t3] });
    const d = await w.settled(created.id);
    expect(d.campaign.audienceCount).toBe(1);
  });

  it('refuses bad audiences with a clear 400 on the field, stores nothing', async () => {
    const other = await w.createPage({ inside: 1, outside: 0 });
    const foreign = await w.createTag(other, 'Elsewhere', other.contacts);
    const many = Array.from(
      { length: 21 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const before = await w.countCampaigns();
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['21 tags', { audience: { tagIds: many } }, 'audience.tagIds', AUDIENCE_MESSAGES.tooManyTags],
      [
        '0 days',
        { audience: { wroteWithinDays: 0 } },
        'audience.wroteWithinDays',
        AUDIENCE_MESSAGES.daysInvalid,
      ],
      [
        '366 days',
        { audience: { wroteWithinDays: 366 } },
        'audience.wroteWithinDays',
        AUDIENCE_MESSAGES.daysInvalid,
      ],
      [
        'a fraction of a day',
        { audience: { wroteWithinDays: 1.5 } },
        'audience.wroteWithinDays',
        AUDIENCE_MESSAGES.daysInvalid,
      ],
      [
        'a tag in and out',
        { audience: { tagIds: [t1], excludeTagIds: [t1] } },
        'audience.excludeTagIds',
        AUDIENCE_MESSAGES.includedAndExcluded,
      ],
      [
        'not a tag id',
        { audience: { tagIds: ['nope'] } },
        'audience.tagIds.0',
        AUDIENCE_MESSAGES.tagInvalid,
      ],
      [
        'a tag and an audience',
        { tagId: t1, audience: { tagIds: [t2] } },
        'audience',
        AUDIENCE_MESSAGES.tagAndAudience,
      ],
      [
        "another page's tag",
        { audience: { tagIds: [t1, foreign] } },
        'audience',
        AUDIENCE_MESSAGES.notOnPage,
      ],
      [
        "another page's tag, excluded",
        { audience: { excludeTagIds: [foreign] } },
        'audience',
        AUDIENCE_MESSAGES.notOnPage,
      ],
    ];
    for (const [name, over, field, message] of cases) {
      // Bad input the contract's types forbid.
      const res = await w.client.campaigns.createCampaign({
        body: invalid({ ...body(page), ...over }),
      });
      const errors = res.status === 400 ? res.body.fieldErrors?.[field] : undefined;
      expect({ name, status: res.status, errors }).toEqual({
        name,
        status: 400,
        errors: [message],
      });
    }
    expect(await w.countCampaigns()).toBe(before);
    // The preview says the same.
    const res = await w.client.campaigns.audiencePreview({
      params: { pageId: page.fbPageId },
      query: { audience: JSON.stringify({ tagIds: [foreign] }) },
    });
    expect(res.status).toBe(400);
    const bad = await w.client.campaigns.audiencePreview({
      params: { pageId: page.fbPageId },
      query: { audience: '{not json' },
    });
    expect(bad.status).toBe(400);
  });

  it("another admin's page answers 404 for its preview", async () => {
    const res = await w.otherClient.campaigns.audiencePreview({
      params: { pageId: page.fbPageId },
      query: { audience: JSON.stringify({ tagIds: [t1] }) },
    });
    expect(res.status).toBe(404);
  });
});
