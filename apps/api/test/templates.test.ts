// Utility templates (docs/campaigns.md, "Send paths") over HTTP against a real Postgres, pg-boss and the
// emulator: the template lifecycle at Meta (create, review webhook, re-read, delete), its rules, and campaigns
// that send it to contacts outside the 24-hour window.
import {
  TEMPLATE_MESSAGES as M,
  contract,
  type CreateCampaignBody,
  type CreateTemplateInput,
  type TemplateLanguage,
  type TemplateParamMap,
} from '@pagecast/contract';
import { templatePathReason } from '../src/modules/campaigns/index.js';
import { signatureHeaders } from '@pagecast/graph-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCampaignWorld,
  type CampaignWorld,
  type WorldPage,
} from './fixtures/campaign-world.js';
import { BROKEN_CHAR_MESSAGE } from '../src/http/null-chars.js';
import { must } from './support/assert.js';
import { bodyOf } from './support/client.js';
import { waitFor } from './support/wait.js';

const SECRET = 'pagecast-emulator-app-secret';
let w: CampaignWorld;
let page: WorldPage;

beforeAll(async () => {
  w = await createCampaignWorld();
  page = await w.createPage({ inside: 3, outside: 4 });
  await w.startWorker();
  await behaviour({ templateApprovalMs: 60_000 }); // decided by the tests (control API, webhooks)
});
afterAll(async () => {
  await w?.close();
});

async function behaviour(b: Record<string, unknown>) {
  await fetch(`${w.emulator.url}/_emulator/behaviour`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(b),
  });
}
/** Meta's verdict, decided now (the emulator's control API); the webhook it sends is not subscribed here. */
async function review(p: WorldPage, fbTemplateId: string, status: string) {
  const res = await fetch(
    `${w.emulator.url}/_emulator/pages/${p.fbPageId}/message_templates/${fbTemplateId}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        status,
        reason: status === 'REJECTED' ? 'TAG_SHOULD_BE_MARKETING' : null,
      }),
    },
  );
  expect(res.status).toBe(200);
}
const metaTemplates = (p: WorldPage) =>
  must(w.emulator.world.pages.get(p.fbPageId)).templates.filter((t) => !t.deleted);
const templateBody = (over: Partial<CreateTemplateInput> = {}): CreateTemplateInput => ({
  pageId: page.fbPageId,
  name: 'order_update',
  language: 'en_US',
  body: 'Hi {{first_name}}, your order {{order_ref}} has shipped.',
  buttons: [{ type: 'URL', text: 'Track it', url: 'https://example.com/track' }],
  ...over,
});
const fbIdOf = async (id: string) =>
  must(
    (
      await w.pool.query<{ f: string }>(
        'select fb_template_id as f from message_templates where id = $1',
        [id],
      )
    ).rows[0],
  ).f;
const createTemplate = (body: CreateTemplateInput, client = w.client) =>
  client.templates.createTemplate({ body });
/** The page's templates as the Templates screen lists them. */
const listed = async (p: WorldPage) =>
  bodyOf(await w.client.templates.listTemplates({ params: { pageId: p.fbPageId } }), 200);
/** The page's templates after a re-read from Meta. */
const refreshed = async (p: WorldPage) =>
  bodyOf(
    await w.client.templates.refreshTemplates({ params: { pageId: p.fbPageId }, body: {} }),
    200,
  );
const storedCount = async () =>
  must(
    (await w.pool.query<{ n: number }>('select count(*)::int as n from message_templates')).rows[0],
  ).n;

/** A template status change as Meta's page webhook delivers it (signed), under `field`. */
async function statusWebhook(
  p: WorldPage,
  fbTemplateId: string,
  event: string,
  field = 'message_template_status_update',
  time = Date.now(),
) {
  const payload = JSON.stringify({
    object: 'page',
    entry: [
      {
        id: p.fbPageId,
        time,
        changes: [
          {
            field,
            value: { event, message_template_id: Number(fbTemplateId), reason: 'NONE' },
          },
        ],
      },
    ],
  });
  // Raw: the signature is over these exact bytes.
  const hook = await w.t.app.inject({
    method: 'POST',
    url: contract.system.webhookReceive.path,
    headers: { 'content-type': 'application/json', ...signatureHeaders(payload, SECRET) },
    payload,
  });
  expect(hook.statusCode).toBe(200);
}

/** An approved template on `p` (created through the API, approved by Meta's review). */
async function approvedTemplate(
  p: WorldPage,
  name: string,
  body = 'Hi {{first_name}}, here is an update on {{ref}} for you.',
) {
  const { id } = bodyOf(
    await createTemplate({ pageId: p.fbPageId, name, language: 'en_US', body }),
    201,
  );
  await review(p, await fbIdOf(id), 'APPROVED');
  expect(must((await refreshed(p)).find((t) => t.id === id)).status).toBe('approved');
  return id;
}

describe('templates: lifecycle at Meta', () => {
  it('creates a template at Meta (pending, with its parameters) and lists it', async () => {
    const res = await createTemplate(templateBody());
    expect(bodyOf(res, 201)).toMatchObject({
      pageId: page.fbPageId,
      name: 'order_update',
      language: 'en_US',
      params: ['first_name', 'order_ref'],
      buttons: [{ type: 'URL', text: 'Track it', url: 'https://example.com/track' }],
      status: 'pending',
      rejectedReason: null,
      scheduledCampaigns: 0,
    });
    const meta = metaTemplates(page).find((t) => t.name === 'order_update');
    expect(meta?.category).toBe('UTILITY');
    expect(meta?.components[0]).toMatchObject({
      type: 'BODY',
      example: {
        body_text_named_params: [{ param_name: 'first_name' }, { param_name: 'order_ref' }],
      },
    });
    expect((await listed(page)).map((t) => t.name)).toContain('order_update');
  });

  it('creates a POSITIONAL template ({{1}}, {{2}}: Meta’s default) with its examples in order', async () => {
    const res = await createTemplate(
      templateBody({
        name: 'positional_update',
        body: 'Hi {{1}}, your order {{2}} has shipped. Track it with {{2}} anytime.',
        buttons: [],
      }),
    );
    expect(bodyOf(res, 201)).toMatchObject({
      parameterFormat: 'POSITIONAL',
      params: ['1', '2'],
      status: 'pending',
    });
    const meta = must(metaTemplates(page).find((t) => t.name === 'positional_update'));
    expect(meta.parameterFormat).toBe('POSITIONAL');
    expect(meta.components[0]).toEqual({
      type: 'BODY',
      text: 'Hi {{1}}, your order {{2}} has shipped. Track it with {{2}} anytime.',
      example: { body_text: [['sample 1', 'sample 2']] },
    });
    const named = must((await listed(page)).find((t) => t.name === 'order_update'));
    expect(named.parameterFormat).toBe('NAMED');
  });

  it('refuses bad templates with a message on the field, before any Graph call', async () => {
    const cases: Array<[Partial<CreateTemplateInput>, string, string]> = [
      [{ name: 'Order Update' }, 'name', M.nameInvalid],
      [{ name: '' }, 'name', M.nameRequired],
      // Not a language the contract lists: its type says so too, so the test casts it to send it.
      [{ language: 'xx_XX' as TemplateLanguage }, 'language', M.languageInvalid],
      [{ body: '   ' }, 'body', M.bodyRequired],
      [{ body: 'x'.repeat(1025) }, 'body', M.bodyTooLong],
      [{ body: 'Hi {{First Name}}' }, 'body', M.paramInvalid],
      [{ body: 'Hi {{first_name}' }, 'body', M.paramInvalid],
      [{ body: '{{first_name}}, your order has shipped.' }, 'body', M.paramDangling],
      [{ body: 'Your order has shipped, {{first_name}}' }, 'body', M.paramDangling],
      [{ body: 'Hi {{1}}, order {{order_ref}} has shipped today.' }, 'body', M.paramMixed],
      [{ body: 'Hi {{1}}, your order {{3}} has shipped today.' }, 'body', M.paramSequence],
      [{ body: 'Hi {{first_name}}, {{order_ref}} shipped.' }, 'body', M.paramRatio(2, 5, 2)],
      [
        { buttons: [{ type: 'URL', text: 'Go', url: 'http://plain.example' }] },
        'buttons.0.url',
        M.buttonUrlInvalid,
      ],
      [
        { buttons: [{ type: 'URL', text: 'x'.repeat(26), url: 'https://a.example' }] },
        'buttons.0.text',
        M.buttonTextTooLong,
      ],
      [
        { buttons: [{ type: 'URL', text: 'Go \ud83d', url: 'https://a.example' }] },
        'buttons.0.text',
        BROKEN_CHAR_MESSAGE,
      ],
      [{ body: 'Hi {{first_name}}, \udfff your order has shipped.' }, 'body', BROKEN_CHAR_MESSAGE],
      [
        {
          buttons: Array.from({ length: 4 }, () => ({
            type: 'URL',
            text: 'Go',
            url: 'https://a.example',
          })),
        },
        'buttons',
        M.tooManyButtons,
      ],
    ];
    const before = await storedCount();
    const atMeta = metaTemplates(page).length;
    for (const [over, field, message] of cases) {
      const res = await createTemplate(templateBody({ name: 'bad_one', ...over }));
      const body = bodyOf(res, 400, JSON.stringify(over));
      expect(body.fieldErrors?.[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(await storedCount()).toBe(before);
    expect(metaTemplates(page)).toHaveLength(atMeta);
  });

  it('a duplicate name and language is 409; another language is a new template', async () => {
    const dup = await createTemplate(templateBody());
    expect(bodyOf(dup, 409).message).toBe(M.duplicate);
    const es = await createTemplate(templateBody({ language: 'es_ES' }));
    expect(es.status).toBe(201);
  });

  it("Meta's verdict arrives by webhook (changes form) and by a re-read", async () => {
    const made = bodyOf(await createTemplate(templateBody({ name: 'shipping_notice' })), 201);
    const fbId = await fbIdOf(made.id);
    const payload = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: page.fbPageId,
          time: Date.now(),
          changes: [
            {
              // The name in Meta's webhooks reference; its guide's name is tested below.
              field: 'messenger_template_status_update',
              value: {
                event: 'REJECTED',
                message_template_id: Number(fbId),
                message_template_name: 'shipping_notice',
                message_template_language: 'en_US',
                reason: 'TAG_SHOULD_BE_MARKETING',
              },
            },
          ],
        },
      ],
    });
    // Raw: the signature is over these exact bytes.
    const hook = await w.t.app.inject({
      method: 'POST',
      url: contract.system.webhookReceive.path,
      headers: { 'content-type': 'application/json', ...signatureHeaders(payload, SECRET) },
      payload,
    });
    expect(hook.statusCode).toBe(200);
    const rejected = await waitFor(
      async () => {
        const t = must((await listed(page)).find((x) => x.id === made.id));
        return t.status === 'rejected' && t;
      },
      { timeoutMs: 10_000 },
    );
    expect(rejected.rejectedReason).toBe('TAG_SHOULD_BE_MARKETING');

    // Meta approves it after an appeal: the re-read follows Meta's list.
    await review(page, fbId, 'APPROVED');
    expect((await refreshed(page)).find((x) => x.id === made.id)).toMatchObject({
      status: 'approved',
      rejectedReason: null,
    });
  });

  it('keeps each of Meta’s statuses as Meta says it (PAUSED is not rejected, DELETED not pending)', async () => {
    const made = bodyOf(await createTemplate(templateBody({ name: 'many_states' })), 201);
    const fbId = await fbIdOf(made.id);
    const statusOf = async () => must((await listed(page)).find((t) => t.id === made.id));
    for (const [event, status] of [
      ['APPROVED', 'approved'],
      ['PAUSED', 'paused'],
      ['DISABLED', 'disabled'],
      ['IN_APPEAL', 'in_appeal'],
      ['LIMIT_EXCEEDED', 'limit_exceeded'],
      ['ARCHIVED', 'archived'],
      ['PENDING_DELETION', 'pending_deletion'],
      ['DELETED', 'deleted'],
    ]) {
      await statusWebhook(page, fbId, event as string);
      const t = await waitFor(
        async () => {
          const now = await statusOf();
          return now.status === status && now;
        },
        { timeoutMs: 10_000 },
      );
      expect(t.rejectedReason, event).toBeNull();
    }
    // The re-read follows Meta's list the same way.
    await review(page, fbId, 'PAUSED');
    expect(must((await refreshed(page)).find((x) => x.id === made.id)).status).toBe('paused');
  });

  it("applies each verdict by Meta's time: a late or replayed one older than the status changes nothing", async () => {
    const made = bodyOf(await createTemplate(templateBody({ name: 'verdicts_in_order' })), 201);
    const fbId = await fbIdOf(made.id);
    const statusOf = async () => must((await listed(page)).find((t) => t.id === made.id)).status;
    const processed = () =>
      waitFor(
        async () => {
          const { rows } = await w.pool.query<{ n: number }>(
            'select count(*)::int as n from webhook_events where processed_at is null',
          );
          return rows[0]?.n === 0;
        },
        { timeoutMs: 10_000 },
      );
    const t = Date.now() + 1000;
    await statusWebhook(page, fbId, 'APPROVED', undefined, t + 1000);
    await waitFor(async () => (await statusOf()) === 'approved', { timeoutMs: 10_000 });
    // Meta's earlier verdict arrives after it (a retry): the template stays approved.
    await statusWebhook(page, fbId, 'PAUSED', undefined, t);
    await processed();
    expect(await statusOf()).toBe('approved');
    // Seconds, as Meta's change webhooks elsewhere give `time`: a later verdict applies.
    await statusWebhook(page, fbId, 'PAUSED', undefined, Math.floor((t + 5000) / 1000));
    await waitFor(async () => (await statusOf()) === 'paused', { timeoutMs: 10_000 });
  });

  it("a template deleted in Meta's tools is dropped by the re-read; one made there is picked up", async () => {
    const made = bodyOf(await createTemplate(templateBody({ name: 'gone_at_meta' })), 201);
    const meta = must(metaTemplates(page).find((t) => t.name === 'gone_at_meta'));
    meta.deleted = true;
    const res = await fetch(
      `${w.emulator.url}/v25.0/${page.fbPageId}/message_templates?access_token=${page.token}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'made_in_meta',
          language: 'en_US',
          category: 'UTILITY',
          components: [{ type: 'BODY', text: 'Your booking is confirmed.' }],
        }),
      },
    );
    expect(res.status).toBe(200);
    const names = (await refreshed(page)).map((t) => t.name);
    expect(names).toContain('made_in_meta');
    expect(names).not.toContain('gone_at_meta');
    expect((await listed(page)).some((t) => t.id === made.id)).toBe(false);
  });

  it('deletes at Meta and here; refused (409) while a scheduled campaign sends it', async () => {
    const id = await approvedTemplate(page, 'to_delete');
    const created = await w.client.campaigns.createCampaign({
      body: {
        name: 'Later',
        description: 'Scheduled',
        pageId: page.fbPageId,
        tagId: null,
        time: new Date(Date.now() + 3_600_000).toISOString(),
        type: 'ACCOUNT_UPDATE',
        msg: 'Hello later',
        templateId: id,
        templateParams: {
          first_name: { source: 'first_name' },
          ref: { source: 'text', text: 'R-1' },
        },
      },
    });
    const campaign = bodyOf(created, 201);
    expect(campaign.templateName).toBe('to_delete');
    const remove = () => w.client.templates.deleteTemplate({ params: { id } });
    expect(bodyOf(await remove(), 409).message).toBe(M.inUse);
    expect(metaTemplates(page).some((t) => t.name === 'to_delete')).toBe(true);

    await w.client.campaigns.cancelCampaign({ params: { campaignId: campaign.id }, body: {} });
    bodyOf(await remove(), 200);
    expect(metaTemplates(page).some((t) => t.name === 'to_delete')).toBe(false);
    expect((await remove()).status).toBe(404);
  });

  it("another admin's template is 404; an ANALYZE-only admin gets 403", async () => {
    const id = await approvedTemplate(page, 'private_one');
    expect((await w.otherClient.templates.deleteTemplate({ params: { id } })).status).toBe(404);
    expect(
      (await w.otherClient.templates.listTemplates({ params: { pageId: page.fbPageId } })).status,
    ).toBe(404);
    await w.pool.query(
      `insert into page_admins (page_id, admin_id, tasks) values ($1, $2, '{ANALYZE}')`,
      [page.uuid, w.otherAdminId],
    );
    try {
      const res = await createTemplate(templateBody({ name: 'analyst' }), w.otherClient);
      expect(res.status).toBe(403);
    } finally {
      await w.pool.query('delete from page_admins where page_id = $1 and admin_id = $2', [
        page.uuid,
        w.otherAdminId,
      ]);
    }
  });
});

describe('campaigns with a utility template', () => {
  const campaign = (p: WorldPage, over: Partial<CreateCampaignBody>) =>
    w.client.campaigns.createCampaign({
      body: {
        name: 'Order updates',
        description: 'Utility',
        pageId: p.fbPageId,
        tagId: null,
        time: new Date().toISOString(),
        sendNow: true,
        type: 'POST_PURCHASE_UPDATE',
        msg: 'Hello from the shop',
        ...over,
      },
    });

  it('inside the window a standard message, outside it the template with its parameters; no retired tag', async () => {
    const p = await w.createPage({ inside: 2, outside: 3 });
    const id = await approvedTemplate(p, 'order_status');
    const res = await campaign(p, {
      templateId: id,
      templateParams: {
        first_name: { source: 'first_name' },
        ref: { source: 'text', text: 'A-12' },
      },
    });
    const { id: campaignId } = bodyOf(res, 201);
    const d = await w.settled(campaignId);
    expect(d.campaign).toMatchObject({
      status: 'completed',
      audienceCount: 5,
      dispatchedCount: 5,
      skippedCount: 0,
      failedCount: 0,
      templateName: 'order_status',
    });
    const outbox = await w.outbox(p.fbPageId);
    expect(outbox).toHaveLength(5);
    expect(outbox.some((e) => e.tag !== null)).toBe(false);
    const emu = must(w.emulator.world.pages.get(p.fbPageId));
    for (const c of p.contacts) {
      const sent = must(outbox.find((e) => e.recipient === c.psid));
      const first = must(emu.contacts.get(c.psid)).firstName;
      if (c.inside)
        expect(sent).toMatchObject({ messaging_type: 'UPDATE', text: 'Hello from the shop' });
      else
        expect(sent).toMatchObject({
          messaging_type: 'UTILITY',
          text: `Hi ${first}, here is an update on A-12 for you.`,
          template: { name: 'order_status', params: { first_name: first, ref: 'A-12' } },
        });
    }
    const rows = await w.pool.query<{ messaging_type: string }>(
      'select messaging_type from campaign_recipients where campaign_id = $1',
      [campaignId],
    );
    expect(rows.rows.filter((r) => r.messaging_type === 'UTILITY')).toHaveLength(3);
  });

  it('a contact without a first name gets "there" (Meta refuses an empty parameter)', async () => {
    const p = await w.createPage({ inside: 0, outside: 1 });
    await w.pool.query('update contacts set first_name = null where page_id = $1', [p.uuid]);
    const id = await approvedTemplate(p, 'no_name');
    const res = await campaign(p, {
      templateId: id,
      templateParams: {
        first_name: { source: 'first_name' },
        ref: { source: 'text', text: 'B-7' },
      },
    });
    await w.settled(bodyOf(res, 201).id);
    expect((await w.outbox(p.fbPageId))[0]?.text).toBe(
      'Hi there, here is an update on B-7 for you.',
    );
  });

  it("refuses a template that is not approved, not the page's, or parameters that do not match", async () => {
    const p = await w.createPage({ inside: 1, outside: 1 });
    const approved = await approvedTemplate(p, 'good_one');
    const pending = bodyOf(
      await createTemplate({
        pageId: p.fbPageId,
        name: 'still_pending',
        language: 'en_US',
        body: 'Hello {{first_name}}, your order is ready.',
      }),
      201,
    );
    const otherPages = await approvedTemplate(page, 'elsewhere');
    const full: TemplateParamMap = {
      first_name: { source: 'first_name' },
      ref: { source: 'text', text: 'X' },
    };
    const cases: Array<[Partial<CreateCampaignBody>, string, string]> = [
      [
        { templateId: pending.id, templateParams: { first_name: { source: 'first_name' } } },
        'templateId',
        M.notApproved,
      ],
      [{ templateId: otherPages, templateParams: full }, 'templateId', M.notFound],
      [
        { templateId: approved, templateParams: { first_name: { source: 'first_name' } } },
        'templateParams',
        `${M.paramMissing} {{ref}}`,
      ],
      [
        { templateId: approved, templateParams: { ...full, extra: { source: 'last_name' } } },
        'templateParams',
        `${M.paramUnknown} {{extra}}`,
      ],
      [
        { templateId: approved, templateParams: { ...full, ref: { source: 'text', text: ' ' } } },
        'templateParams.ref.text',
        M.paramTextRequired,
      ],
      [{ templateId: 'not-a-uuid' }, 'templateId', 'Template must be a valid template id'],
    ];
    const before = must(
      (await w.pool.query<{ n: number }>('select count(*)::int as n from campaigns')).rows[0],
    ).n;
    for (const [over, field, message] of cases) {
      const res = await campaign(p, {
        time: new Date(Date.now() + 3_600_000).toISOString(),
        ...over,
      });
      const body = bodyOf(res, 400, JSON.stringify(over));
      expect(body.fieldErrors?.[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(
      must((await w.pool.query<{ n: number }>('select count(*)::int as n from campaigns')).rows[0])
        .n,
    ).toBe(before);
  });

  it('a POSITIONAL template fills {{1}}, {{2}} by position for each contact', async () => {
    const p = await w.createPage({ inside: 0, outside: 2 });
    const id = await approvedTemplate(
      p,
      'positional',
      'Hi {{1}}, your order {{2}} has shipped today.',
    );
    const res = await campaign(p, {
      templateId: id,
      templateParams: { '1': { source: 'first_name' }, '2': { source: 'text', text: 'A-12' } },
    });
    const d = await w.settled(bodyOf(res, 201).id);
    expect(d.campaign).toMatchObject({ status: 'completed', dispatchedCount: 2, failedCount: 0 });
    const emu = must(w.emulator.world.pages.get(p.fbPageId));
    for (const sent of await w.outbox(p.fbPageId)) {
      const first = must(emu.contacts.get(sent.recipient)).firstName;
      expect(sent).toMatchObject({
        messaging_type: 'UTILITY',
        text: `Hi ${first}, your order A-12 has shipped today.`,
        template: { name: 'positional', params: { '1': first, '2': 'A-12' } },
      });
    }
    const missing = await campaign(p, {
      templateId: id,
      templateParams: { '1': { source: 'first_name' } },
    });
    expect(bodyOf(missing, 400).fieldErrors?.templateParams).toEqual([`${M.paramMissing} {{2}}`]);
  });

  it('a template Meta pauses after scheduling stops that path with the reason; the window’s messages go', async () => {
    const p = await w.createPage({ inside: 1, outside: 2 });
    const id = await approvedTemplate(p, 'paused_later');
    const fbId = await fbIdOf(id);
    const res = await campaign(p, {
      sendNow: false,
      time: new Date(Date.now() + 3_600_000).toISOString(),
      templateId: id,
      templateParams: { first_name: { source: 'first_name' }, ref: { source: 'text', text: 'Z' } },
    });
    const { id: campaignId } = bodyOf(res, 201);
    const reasonOf = async () => (await w.campaign(campaignId)).campaign.statusReason;

    // Paused, then approved again, then disabled: the pending campaign says so each time.
    await statusWebhook(p, fbId, 'PAUSED');
    expect(await waitFor(async () => (await reasonOf()) ?? false, { timeoutMs: 10_000 })).toBe(
      templatePathReason('paused'),
    );
    await statusWebhook(p, fbId, 'APPROVED');
    await waitFor(async () => (await reasonOf()) === null, { timeoutMs: 10_000 });
    await review(p, fbId, 'PAUSED');
    expect(must((await refreshed(p)).find((t) => t.id === id)).status).toBe('paused');
    expect(await reasonOf()).toBe(templatePathReason('paused'));

    await w.pool.query(`update campaigns set scheduled_time = now() where id = $1`, [campaignId]);
    const d = await w.settled(campaignId);
    expect(d.campaign).toMatchObject({
      status: 'completed',
      dispatchedCount: 1,
      skippedCount: 2,
      statusReason: templatePathReason('paused'),
    });
    expect(d.funnel.skippedByReason).toEqual([{ reason: 'template_unavailable', count: 2 }]);
    const outbox = await w.outbox(p.fbPageId);
    expect(outbox.map((e) => e.messaging_type)).toEqual(['UPDATE']);
  });

  it('a template Meta deletes (gone from its list) stops that path with the reason', async () => {
    const p = await w.createPage({ inside: 1, outside: 1 });
    const id = await approvedTemplate(p, 'deleted_later');
    const res = await campaign(p, {
      sendNow: false,
      time: new Date(Date.now() + 3_600_000).toISOString(),
      templateId: id,
      templateParams: { first_name: { source: 'first_name' }, ref: { source: 'text', text: 'Z' } },
    });
    must(
      must(w.emulator.world.pages.get(p.fbPageId)).templates.find(
        (t) => t.name === 'deleted_later',
      ),
    ).deleted = true;
    await refreshed(p);
    const c = (await w.campaign(bodyOf(res, 201).id)).campaign;
    expect(c.statusReason).toBe(templatePathReason('deleted'));
    expect(c.templateName).toBe('deleted_later');
  });

  it('without a template, contacts outside the window are skipped as before (no Graph call)', async () => {
    const p = await w.createPage({ inside: 1, outside: 2 });
    const res = await campaign(p, {});
    const d = await w.settled(bodyOf(res, 201).id);
    expect(d.campaign).toMatchObject({ dispatchedCount: 1, skippedCount: 2, templateName: null });
    expect(d.funnel.skippedByReason).toEqual([{ reason: 'outside_window', count: 2 }]);
    expect(await w.outbox(p.fbPageId)).toHaveLength(1);
  });
});
