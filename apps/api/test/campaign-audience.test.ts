// Purpose and Audience (docs/campaigns.md "Purpose", "Audience"): a promotion never takes the utility-template
// path, and the audience combines tags (any of / all of / exclude), "wrote in the last N days" and marketing
// subscribers, resolved in one place for the reach preview and the dispatch. Over HTTP against a real
// Postgres, pg-boss, the campaign worker and the emulator.
import { PURPOSE_MESSAGES, type CreateCampaignBody } from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCampaignWorld,
  type CampaignWorld,
  type WorldPage,
} from './fixtures/campaign-world.js';
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
const detail = async (id: string) =>
  bodyOf(await w.client.campaigns.getCampaign({ params: { campaignId: id } }), 200);
const settled = (id: string) =>
  waitFor(
    async () => {
      const d = await detail(id);
      return ['completed', 'failed', 'cancelled'].includes(d.campaign.status) && d;
    },
    { timeoutMs: 30_000 },
  );
const countCampaigns = async () =>
  must((await w.pool.query<{ n: number }>('select count(*)::int as n from campaigns')).rows[0]).n;

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
    const bad = await w.api('POST', '/api/v1/campaigns/create', {
      ...body(page),
      type: 'HUMAN_AGENT',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.type).toEqual([PURPOSE_MESSAGES.invalid]);
  });

  it('refuses a utility template for a promotion, on the field, and stores nothing', async () => {
    const page = await w.createPage({ inside: 1, outside: 2 });
    const templateId = await approvedTemplate(page, 'promo_refused');
    const before = await countCampaigns();
    for (const type of [undefined, 'PROMOTION'] as const) {
      const res = await create(page, { type, templateId, templateParams: firstName });
      expect(res.status).toBe(400);
      expect(
        (res.body as { fieldErrors: Record<string, string[]> }).fieldErrors.templateId,
      ).toEqual([PURPOSE_MESSAGES.templateForPromotion]);
    }
    expect(await countCampaigns()).toBe(before);
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

  it('a promotion never sends the template, even when its row holds one: outside the window it is skipped', async () => {
    const page = await w.createPage({ inside: 1, outside: 2 });
    const templateId = await approvedTemplate(page, 'promo_never');
    const created = bodyOf(
      await create(page, {
        type: 'ACCOUNT_UPDATE',
        templateId,
        templateParams: firstName,
        time: new Date(Date.now() + 3_600_000).toISOString(),
        sendNow: false,
      }),
      201,
    );
    // A row as no request can make it (a promotion with a template), due now: dispatch must still refuse the path.
    await w.pool.query(
      `update campaigns set type = 'PROMOTION', scheduled_time = now() where id = $1`,
      [created.id],
    );
    const d = await settled(created.id);
    expect(d.campaign).toMatchObject({ status: 'completed', dispatchedCount: 1, skippedCount: 2 });
    const out = await w.outbox(page.fbPageId);
    expect(out).toHaveLength(1);
    expect(out.some((e) => e.messaging_type === 'UTILITY' || e.template)).toBe(false);
    expect(d.funnel.skippedByReason).toEqual([{ reason: 'outside_window', count: 2 }]);
  });

  it("'Only contacts I can reach': a promotion's template reaches nobody outside the window", async () => {
    const page = await w.createPage({ inside: 1, outside: 2 });
    const templateId = await approvedTemplate(page, 'promo_reach');
    const created = bodyOf(
      await create(page, {
        type: 'ACCOUNT_UPDATE',
        templateId,
        templateParams: firstName,
        reachableOnly: true,
        time: new Date(Date.now() + 3_600_000).toISOString(),
        sendNow: false,
      }),
      201,
    );
    await w.pool.query(
      `update campaigns set type = 'PROMOTION', scheduled_time = now() where id = $1`,
      [created.id],
    );
    const d = await settled(created.id);
    expect(d.campaign).toMatchObject({ audienceCount: 1, dispatchedCount: 1, skippedCount: 0 });
  });

  it('an update with the same template sends it outside the window', async () => {
    const page = await w.createPage({ inside: 1, outside: 2 });
    const templateId = await approvedTemplate(page, 'update_sends');
    const created = bodyOf(
      await create(page, { type: 'POST_PURCHASE_UPDATE', templateId, templateParams: firstName }),
      201,
    );
    const d = await settled(created.id);
    expect(d.campaign).toMatchObject({ dispatchedCount: 3, skippedCount: 0 });
    const out = await w.outbox(page.fbPageId);
    expect(out.filter((e) => e.messaging_type === 'UTILITY')).toHaveLength(2);
  });
});
