import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { fixture, http, receiver, send, start, waitFor, type Received } from './helpers.js';

const SECRET = 'pagecast-emulator-app-secret';
const APP_TOKEN = `1000000000000001|${SECRET}`;
const HOUR = 3_600_000;

const body = (text: string, examples: string[] = []) => ({
  type: 'BODY',
  text,
  ...(examples.length
    ? {
        example: { body_text_named_params: examples.map((p) => ({ param_name: p, example: 'x' })) },
      }
    : {}),
});

const template = (over: Record<string, unknown> = {}) => ({
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  parameter_format: 'NAMED',
  components: [
    body('Hi {{first_name}}, your order {{order_id}} has shipped today.', [
      'first_name',
      'order_id',
    ]),
  ],
  ...over,
});

const utility = (psid: string, params: Array<[string, string]>, name = 'order_update') => ({
  recipient: { id: psid },
  messaging_type: 'UTILITY',
  message: {
    template: {
      name,
      language: { code: 'en_US' },
      components: [
        {
          type: 'body',
          parameters: params.map(([n, t]) => ({ type: 'text', parameter_name: n, text: t })),
        },
      ],
    },
  },
});

describe('utility message templates', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await start({ behaviour: { sendPerSecond: 0, templateApprovalMs: 0 } });
  });
  afterAll(() => emu.close());

  const create = (pageId: string, token: string, json: unknown) =>
    http(`${emu.url}/v25.0/${pageId}/message_templates?access_token=${token}`, { json });
  const list = (pageId: string, token: string, query = '') =>
    http(`${emu.url}/v25.0/${pageId}/message_templates?access_token=${token}${query}`);

  it('creates, lists with Meta fields and paging, and refuses what Meta refuses', async () => {
    const f = await fixture(emu, 1);
    const made = await create(f.page.id, f.pageToken, template());
    expect(made.status).toBe(200);
    expect(made.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      status: 'APPROVED', // decided at once: templateApprovalMs 0
      category: 'UTILITY',
    });

    const cases: Array<[Record<string, unknown>, number, number | undefined]> = [
      [{ name: 'Order Update' }, 100, undefined],
      [{ components: [] }, 100, undefined],
      [{ components: [body('x'.repeat(1025))] }, 100, undefined],
      [{ components: [body('Hi {{first_name}}, your order is ready.')] }, 100, undefined],
      [{ components: [body('Hi there', ['first_name'])] }, 100, undefined],
      [{ components: [body('Hi {{First-Name}} there', ['First-Name'])] }, 100, undefined],
      // Meta: "The message template cannot start or end with a parameter."
      [
        { components: [body('{{first_name}}, your order is ready.', ['first_name'])] },
        100,
        undefined,
      ],
      [
        { components: [body('Your order is ready, {{first_name}}', ['first_name'])] },
        100,
        undefined,
      ],
      [{ parameter_format: 'SNAKE' }, 100, undefined],
      [
        {
          name: 'with_buttons',
          components: [
            body('Hi'),
            {
              type: 'BUTTONS',
              buttons: [{ type: 'URL', text: 'Go', url: 'http://plain.example' }],
            },
          ],
        },
        100,
        undefined,
      ],
      [
        {
          name: 'four_buttons',
          components: [
            body('Hi'),
            {
              type: 'BUTTONS',
              buttons: [1, 2, 3, 4].map((i) => ({
                type: 'URL',
                text: `B${i}`,
                url: 'https://x.example',
              })),
            },
          ],
        },
        100,
        undefined,
      ],
      [
        {
          name: 'long_button',
          components: [
            body('Hi'),
            {
              type: 'BUTTONS',
              buttons: [{ type: 'URL', text: 'x'.repeat(26), url: 'https://x.example' }],
            },
          ],
        },
        100,
        undefined,
      ],
      [{ name: 'positional', parameter_format: 'POSITIONAL' }, 100, undefined],
      [{}, 100, 2388024], // the same name and language again
    ];
    for (const [over, code, subcode] of cases) {
      const r = await create(f.page.id, f.pageToken, template(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error.code).toBe(code);
      if (subcode) expect(r.body.error.error_subcode).toBe(subcode);
      // A value off Meta's enum is refused by the spec check, as Meta's parameter errors are: no user message.
      if (r.body.error.message.startsWith('(#100) Param '))
        expect(r.body.error.message).toMatch(/must be one of \{/);
      else expect(r.body.error.error_user_msg).toEqual(expect.any(String));
    }
    for (let i = 0; i < 3; i++)
      await create(f.page.id, f.pageToken, template({ name: `extra_${i}` }));
    const first = await list(f.page.id, f.pageToken, '&limit=2&fields=id,name,status,components');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.data[0]).toMatchObject({ name: 'order_update', status: 'APPROVED' });
    expect(first.body.data[0].components[0].text).toContain('{{first_name}}');
    const rest = await http(first.body.paging.next as string);
    expect(rest.body.data.map((t: { name: string }) => t.name)).toEqual(['extra_1', 'extra_2']);
    expect(rest.body.paging.next).toBeUndefined();
    expect(rest.body.paging.previous).toEqual(expect.any(String));
  });

  it('takes a form body, lists every field by default, filters by name, refuses unknown fields', async () => {
    const f = await fixture(emu, 1);
    const { components, ...rest } = template();
    const made = await http(
      `${emu.url}/v25.0/${f.page.id}/message_templates?access_token=${f.pageToken}`,
      { form: { ...rest, components: JSON.stringify(components) } },
    );
    expect(made.body).toMatchObject({ status: 'APPROVED', category: 'UTILITY' });
    await create(
      f.page.id,
      f.pageToken,
      template({ name: 'flash_sale', components: [body('Flash sale today!')] }),
    );
    const all = await list(f.page.id, f.pageToken);
    expect(all.body.data).toEqual([
      {
        id: made.body.id,
        name: 'order_update',
        language: 'en_US',
        status: 'APPROVED',
        category: 'UTILITY',
        components,
        parameter_format: 'NAMED',
      },
      expect.objectContaining({
        name: 'flash_sale',
        status: 'REJECTED',
        rejected_reason: 'TAG_SHOULD_BE_MARKETING',
      }),
    ]);
    const named = await list(f.page.id, f.pageToken, '&name=flash_sale&fields=name');
    expect(named.body.data).toEqual([{ id: expect.any(String), name: 'flash_sale' }]);
    const unknown = await list(f.page.id, f.pageToken, '&fields=id,quality_score');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe(100);
    const other = await fixture(emu, 1);
    const foreign = await list(f.page.id, other.pageToken);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.code).toEqual(expect.any(Number));
  });

  it('rejects a promotional body as TAG_SHOULD_BE_MARKETING; the control API decides at once', async () => {
    const f = await fixture(emu, 1);
    const sale = await create(
      f.page.id,
      f.pageToken,
      template({ name: 'sale', components: [body('Big sale: 20% off today!')] }),
    );
    const listed = await list(f.page.id, f.pageToken, '&fields=id,status,rejected_reason');
    expect(listed.body.data.find((t: { id: string }) => t.id === sale.body.id)).toMatchObject({
      status: 'REJECTED',
      rejected_reason: 'TAG_SHOULD_BE_MARKETING',
    });
    const ok = await create(f.page.id, f.pageToken, template());
    const decided = await http(
      `${emu.url}/_emulator/pages/${f.page.id}/message_templates/${ok.body.id}`,
      {
        json: { status: 'REJECTED', reason: 'SCAM' },
      },
    );
    expect(decided.body).toMatchObject({ status: 'REJECTED', rejected_reason: 'SCAM' });
  });

  it('deletes by name (and template_id); a deleted template is gone and cannot be sent', async () => {
    const f = await fixture(emu, 1);
    const made = await create(f.page.id, f.pageToken, template());
    const del = await http(
      `${emu.url}/v25.0/${f.page.id}/message_templates?access_token=${f.pageToken}&name=order_update&template_id=${made.body.id}`,
      { method: 'DELETE' },
    );
    expect(del.body).toEqual({ success: true });
    expect((await list(f.page.id, f.pageToken)).body.data).toEqual([]);
    const again = await http(
      `${emu.url}/v25.0/${f.page.id}/message_templates?access_token=${f.pageToken}&name=order_update`,
      { method: 'DELETE' },
    );
    expect(again.body.error.code).toBe(100);
    const sent = await send(
      emu,
      f.page.id,
      f.pageToken,
      utility(f.psids[0] as string, [
        ['first_name', 'A'],
        ['order_id', '1'],
      ]),
    );
    expect(sent.body.error).toMatchObject({
      code: 100,
      message: '(#100) Template has been deleted',
      type: 'OAuthException',
    });
  });

  it('UTILITY sends: outside the window, every parameter once, the rendered text in the outbox', async () => {
    const f = await fixture(emu, 1, { inboundAgoMs: 72 * HOUR });
    await create(f.page.id, f.pageToken, template());
    const psid = f.psids[0] as string;
    const ok = await send(
      emu,
      f.page.id,
      f.pageToken,
      utility(psid, [
        ['first_name', 'Ana'],
        ['order_id', 'A-12'],
      ]),
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ recipient_id: psid, message_id: expect.any(String) });
    const outbox = await http(`${emu.url}/_emulator/pages/${f.page.id}/outbox`);
    expect(outbox.body.data.at(-1)).toMatchObject({
      messaging_type: 'UTILITY',
      text: 'Hi Ana, your order A-12 has shipped today.',
      template: {
        name: 'order_update',
        language: 'en_US',
        params: { first_name: 'Ana', order_id: 'A-12' },
      },
    });
    const thread = await http(
      `${emu.url}/v25.0/t_${psid}/messages?fields=message&limit=1&access_token=${f.pageToken}`,
    );
    expect(thread.body.data[0].message).toBe('Hi Ana, your order A-12 has shipped today.');
    for (const params of [
      [['first_name', 'Ana']],
      [
        ['first_name', 'Ana'],
        ['order_id', 'A-12'],
        ['extra', 'x'],
      ],
      [
        ['first_name', 'Ana'],
        ['order_id', ''],
      ],
      [
        ['first_name', 'Ana'],
        ['first_name', 'Bo'],
        ['order_id', '1'],
      ],
    ] as Array<Array<[string, string]>>) {
      const r = await send(emu, f.page.id, f.pageToken, utility(psid, params));
      expect(r.body.error, JSON.stringify(params)).toMatchObject({
        code: 100,
        message: '(#100) Number of parameters does not match the expected number of params',
      });
    }
    expect((await send(emu, f.page.id, f.pageToken, utility(psid, [], 'nope'))).body.error).toEqual(
      expect.objectContaining({
        code: 100,
        message: '(#100) Template nope does not exist in en_US',
      }),
    );
    await create(
      f.page.id,
      f.pageToken,
      template({ name: 'promo', components: [body('Use coupon SAVE10 today')] }),
    );
    const rejected = await send(emu, f.page.id, f.pageToken, utility(psid, [], 'promo'));
    expect(rejected.status).toBe(400);
    expect(rejected.body.error).toMatchObject({
      code: 100,
      message: '(#100) Template promo is not approved (status REJECTED)',
    });
    const stranger = await send(emu, f.page.id, f.pageToken, {
      ...utility('9999999999999999', [
        ['first_name', 'Ana'],
        ['order_id', 'A-12'],
      ]),
    });
    expect(stranger.body.error).toMatchObject({ code: 100, error_subcode: 2018001 });
    const noTemplate = await send(emu, f.page.id, f.pageToken, {
      recipient: { id: psid },
      messaging_type: 'UTILITY',
      message: { text: 'hi' },
    });
    expect(noTemplate.body.error.code).toBe(100);
    const wrongType = await send(emu, f.page.id, f.pageToken, {
      ...utility(psid, []),
      messaging_type: 'UPDATE',
    });
    expect(wrongType.body.error.code).toBe(100);
  });

  it('POSITIONAL is the default: {{1}}, {{2}} with body_text examples, sent in position order', async () => {
    const f = await fixture(emu, 1, { inboundAgoMs: 72 * HOUR });
    const positional = {
      name: 'delivery',
      language: 'en_US',
      category: 'UTILITY',
      components: [
        {
          type: 'BODY',
          text: 'Good news {{1}}! Your order #{{2}} is on its way. Thank you!',
          example: { body_text: [['Mark', '566701']] },
        },
      ],
    };
    const made = await create(f.page.id, f.pageToken, positional);
    expect(made.body).toMatchObject({ status: 'APPROVED' });
    const listed = await list(f.page.id, f.pageToken, '&fields=name,parameter_format,status');
    expect(listed.body.data).toEqual([
      { id: made.body.id, name: 'delivery', parameter_format: 'POSITIONAL', status: 'APPROVED' },
    ]);
    for (const [over, why] of [
      [
        { components: [{ ...positional.components[0], example: { body_text: [['Mark']] } }] },
        'one example short',
      ],
      [{ components: [{ ...positional.components[0], example: undefined }] }, 'no examples'],
      [
        {
          name: 'named_body',
          components: [body('Hi {{first_name}}, your order is ready.', ['first_name'])],
        },
        'names in a POSITIONAL body',
      ],
    ] as const) {
      const r = await create(f.page.id, f.pageToken, { ...positional, ...over });
      expect(r.status, why).toBe(400);
      expect(r.body.error).toMatchObject({ code: 100, message: 'Invalid parameter' });
    }
    const psid = f.psids[0] as string;
    const sendPositional = (parameters: Array<Record<string, unknown>>) =>
      send(emu, f.page.id, f.pageToken, {
        recipient: { id: psid },
        messaging_type: 'UTILITY',
        message: {
          template: {
            name: 'delivery',
            language: { code: 'en_US' },
            components: [{ type: 'body', parameters }],
          },
        },
      });
    const ok = await sendPositional([
      { type: 'text', text: 'Ana' },
      { type: 'text', text: 'A-12' },
    ]);
    expect(ok.status).toBe(200);
    const outbox = await http(`${emu.url}/_emulator/pages/${f.page.id}/outbox`);
    expect(outbox.body.data.at(-1)).toMatchObject({
      text: 'Good news Ana! Your order #A-12 is on its way. Thank you!',
      template: { name: 'delivery', params: { '1': 'Ana', '2': 'A-12' } },
    });
    for (const parameters of [
      [{ type: 'text', text: 'Ana' }],
      [
        { type: 'text', parameter_name: '1', text: 'Ana' },
        { type: 'text', parameter_name: '2', text: 'A-12' },
      ],
    ]) {
      const r = await sendPositional(parameters);
      expect(r.body.error, JSON.stringify(parameters)).toMatchObject({ code: 100 });
    }
  });

  it('the review rejects with Messenger’s reasons', async () => {
    const f = await fixture(emu, 1);
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      [
        'ratio',
        'NAMED',
        body('Hi {{a}}, {{b}} and {{c}} ok.', ['a', 'b', 'c']),
        'PARAMS_TO_WORD_RATIO_EXCEED_LIMIT',
      ],
      [
        'gap',
        'POSITIONAL',
        {
          type: 'BODY',
          text: 'Hi {{1}}, your order {{3}} has shipped today.',
          example: { body_text: [['a', 'b']] },
        },
        'INCORRECT_PARAMS',
      ],
      ['promo', 'NAMED', body('Our weekend deals are here for you.'), 'TAG_SHOULD_BE_MARKETING'],
    ];
    for (const [name, format, component, reason] of cases) {
      const made = await create(
        f.page.id,
        f.pageToken,
        template({ name, parameter_format: format, components: [component] }),
      );
      expect(made.status, name).toBe(200);
      const listed = await list(
        f.page.id,
        f.pageToken,
        `&name=${name}&fields=status,rejected_reason`,
      );
      expect(listed.body.data[0], name).toMatchObject({
        status: 'REJECTED',
        rejected_reason: reason,
      });
    }
  });

  it('templates survive the state file; the demo world has approved and rejected ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-templates-'));
    const stateFile = join(dir, 'state.json');
    try {
      const a = await start({ seed: 'demo', stateFile, behaviour: { templateApprovalMs: 0 } });
      // Any change schedules a save: this one writes the seeded world.
      await http(`${a.url}/_emulator/behaviour`, { method: 'PUT', json: { latencyMs: 0 } });
      await a.close();
      const b = await start({ stateFile });
      const state = (await http(`${b.url}/_emulator/state`)).body;
      await b.close();
      const page = (
        state.pages as Array<{ templates: Array<{ name: string; status: string }> }>
      )[0];
      expect(page?.templates.map((t) => [t.name, t.status])).toEqual([
        ['order_update', 'APPROVED'],
        ['appointment_reminder', 'APPROVED'],
        ['spring_sale', 'REJECTED'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The template status changes delivered to a receiver so far, each with its entry's page id. */
function statusChanges(hook: { received: Received[] }) {
  return hook.received
    .filter((r) => r.method === 'POST')
    .flatMap((r) =>
      (
        JSON.parse(r.body) as {
          entry: Array<{
            id: string;
            time: number;
            changes?: Array<{ field: string; value: Record<string, unknown> }>;
          }>;
        }
      ).entry.flatMap((e) => (e.changes ?? []).map((c) => ({ page: e.id, time: e.time, ...c }))),
    );
}

describe('template review: timer, clock, webhooks, restarts', () => {
  const handshake = (url: URL) => ({
    status: 200,
    body: url.searchParams.get('hub.challenge') ?? '',
  });

  /** Subscribes the app (all of `fields`) and a new page (its own `pageFields`) to the receiver. */
  async function subscribed(emu: Emulator, hookUrl: string, pageFields: string) {
    await http(
      `${emu.url}/v16.0/1000000000000001/subscriptions?access_token=${encodeURIComponent(APP_TOKEN)}`,
      {
        form: {
          object: 'page',
          callback_url: hookUrl,
          verify_token: 'v',
          fields: 'messages,message_template_status_update',
        },
      },
    );
    const f = await fixture(emu, 1, { inboundAgoMs: 72 * HOUR });
    await http(`${emu.url}/v16.0/${f.page.id}/subscribed_apps?access_token=${f.pageToken}`, {
      form: { subscribed_fields: pageFields },
    });
    const create = (json: unknown) =>
      http(`${emu.url}/v25.0/${f.page.id}/message_templates?access_token=${f.pageToken}`, {
        json,
      });
    return { ...f, create };
  }

  it('pending until the review time, then a signed change per verdict, only to subscribed pages', async () => {
    const emu = await start({
      behaviour: { sendPerSecond: 0, templateApprovalMs: 300, webhookBatchMs: 10 },
    });
    const hook = await receiver([], handshake);
    try {
      const f = await subscribed(emu, hook.url, 'messages,message_template_status_update');
      const quiet = await subscribed(emu, hook.url, 'messages');
      const made = await f.create(template());
      expect(made.body).toEqual({ id: expect.any(String), status: 'PENDING', category: 'UTILITY' });
      const sale = await f.create(
        template({ name: 'weekend', components: [body('Weekend SALE: free shipping!')] }),
      );
      await quiet.create(template());
      const early = await send(
        emu,
        f.page.id,
        f.pageToken,
        utility(f.psids[0] as string, [
          ['first_name', 'A'],
          ['order_id', '1'],
        ]),
      );
      expect(early.body.error).toMatchObject({
        code: 100,
        message: '(#100) Template order_update is not approved (status PENDING)',
      });

      // Nobody reads the templates: the review timer decides them and sends the webhook.
      await waitFor(() => statusChanges(hook).length >= 2);
      const post = hook.received.find((r) => r.method === 'POST') as Received;
      expect(post.headers['x-hub-signature-256']).toBe(
        'sha256=' + createHmac('sha256', SECRET).update(post.body).digest('hex'),
      );
      expect(JSON.parse(post.body)).toMatchObject({ object: 'page' });
      const changes = statusChanges(hook);
      expect(changes).toEqual([
        {
          page: f.page.id,
          time: expect.any(Number),
          field: 'message_template_status_update',
          value: {
            event: 'APPROVED',
            message_template_id: made.body.id,
            message_template_name: 'order_update',
            message_template_language: 'en_US',
            reason: null,
          },
        },
        {
          page: f.page.id,
          time: expect.any(Number),
          field: 'message_template_status_update',
          value: {
            event: 'REJECTED',
            message_template_id: sale.body.id,
            message_template_name: 'weekend',
            message_template_language: 'en_US',
            reason: 'TAG_SHOULD_BE_MARKETING',
          },
        },
      ]);
      const ok = await send(
        emu,
        f.page.id,
        f.pageToken,
        utility(f.psids[0] as string, [
          ['first_name', 'A'],
          ['order_id', '1'],
        ]),
      );
      expect(ok.status).toBe(200);

      // The control API decides at once and announces it like Meta's review.
      const decided = await http(
        `${emu.url}/_emulator/pages/${f.page.id}/message_templates/${made.body.id}`,
        { json: { status: 'REJECTED', reason: 'SCAM' } },
      );
      expect(decided.body).toEqual({
        id: made.body.id,
        status: 'REJECTED',
        rejected_reason: 'SCAM',
      });
      const last = await waitFor(() => statusChanges(hook)[2]);
      expect(last.value).toMatchObject({ event: 'REJECTED', reason: 'SCAM' });
      const bad = await http(
        `${emu.url}/_emulator/pages/${f.page.id}/message_templates/${made.body.id}`,
        { json: { status: 'FLAGGED' } },
      );
      expect(bad.status).toBe(400);
      const missing = await http(`${emu.url}/_emulator/pages/${f.page.id}/message_templates/1`, {
        json: { status: 'APPROVED' },
      });
      expect(missing.status).toBe(404);
      expect(statusChanges(hook).every((c) => c.page === f.page.id)).toBe(true);
    } finally {
      await emu.close();
      await hook.close();
    }
  });

  it('the control API moves a template to any of Meta’s ten statuses, each announced', async () => {
    const emu = await start({
      behaviour: { sendPerSecond: 0, templateApprovalMs: 0, webhookBatchMs: 10 },
    });
    const hook = await receiver([], handshake);
    try {
      // The page subscribed under the guide's name this time.
      const f = await subscribed(emu, hook.url, 'message_template_status_update');
      const made = await f.create(template());
      const statuses = [
        'PAUSED',
        'APPROVED',
        'DISABLED',
        'IN_APPEAL',
        'LIMIT_EXCEEDED',
        'ARCHIVED',
        'PENDING_DELETION',
        'DELETED',
        'PENDING',
        'REJECTED',
      ];
      for (const status of statuses) {
        const r = await http(
          `${emu.url}/_emulator/pages/${f.page.id}/message_templates/${made.body.id}`,
          { json: { status, reason: status === 'REJECTED' ? 'INCORRECT_PARAMS' : null } },
        );
        expect(r.body).toMatchObject({ status });
        const listed = await http(
          `${emu.url}/v25.0/${f.page.id}/message_templates?fields=status&access_token=${f.pageToken}`,
        );
        expect(listed.body.data, status).toEqual([{ id: made.body.id, status }]);
        const sent = await send(
          emu,
          f.page.id,
          f.pageToken,
          utility(f.psids[0] as string, [
            ['first_name', 'A'],
            ['order_id', '1'],
          ]),
        );
        expect(sent.status, status).toBe(status === 'APPROVED' ? 200 : 400);
      }
      // The initial APPROVED (decided at once) plus one change per status.
      const changes = await waitFor(() => {
        const c = statusChanges(hook);
        return c.length === statuses.length + 1 ? c : undefined;
      });
      expect(changes.map((c) => c.value.event)).toEqual(['APPROVED', ...statuses]);
      expect(changes.every((c) => c.field === 'message_template_status_update')).toBe(true);
      expect(changes.at(-1)?.value).toMatchObject({ reason: 'INCORRECT_PARAMS' });
      expect(changes[1]?.value).toMatchObject({ event: 'PAUSED', reason: null });
    } finally {
      await emu.close();
      await hook.close();
    }
  });

  it('follows the world clock: a jump past the review time decides the template', async () => {
    const emu = await start({
      behaviour: { sendPerSecond: 0, templateApprovalMs: HOUR, webhookBatchMs: 10 },
    });
    const hook = await receiver([], handshake);
    try {
      const f = await subscribed(emu, hook.url, 'message_template_status_update');
      const made = await f.create(template());
      const read = () =>
        http(
          `${emu.url}/v25.0/${f.page.id}/message_templates?fields=status&access_token=${f.pageToken}`,
        );
      expect((await read()).body.data).toEqual([{ id: made.body.id, status: 'PENDING' }]);
      await http(`${emu.url}/_emulator/clock`, { json: { offsetMs: HOUR + 1000 } });
      const change = await waitFor(() => statusChanges(hook)[0]);
      expect(change.value).toMatchObject({ event: 'APPROVED', message_template_id: made.body.id });
      expect((await read()).body.data).toEqual([{ id: made.body.id, status: 'APPROVED' }]);
    } finally {
      await emu.close();
      await hook.close();
    }
  });

  it('a template pending in the state file is decided and announced after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-templates-'));
    const stateFile = join(dir, 'state.json');
    const hook = await receiver([], handshake);
    try {
      const a = await start({
        stateFile,
        behaviour: { sendPerSecond: 0, templateApprovalMs: 1500, webhookBatchMs: 10 },
      });
      const f = await subscribed(a, hook.url, 'message_template_status_update');
      const made = await f.create(template());
      await a.close(); // before the review: this emulator must not decide it any more
      const b = await start({ stateFile });
      try {
        const change = await waitFor(() => statusChanges(hook)[0]);
        expect(change).toMatchObject({
          page: f.page.id,
          value: { event: 'APPROVED', message_template_id: made.body.id },
        });
        expect(statusChanges(hook)).toHaveLength(1);
        const listed = await http(
          `${b.url}/v25.0/${f.page.id}/message_templates?access_token=${f.pageToken}`,
        );
        expect(listed.body.data).toEqual([
          expect.objectContaining({
            id: made.body.id,
            name: 'order_update',
            status: 'APPROVED',
            components: template().components,
          }),
        ]);
      } finally {
        await b.close();
      }
    } finally {
      await hook.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
