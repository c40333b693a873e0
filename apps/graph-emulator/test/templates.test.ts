import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { fixture, http, receiver, send, start, waitFor } from './helpers.js';

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
    body('Hi {{first_name}}, order {{order_id}} has shipped.', ['first_name', 'order_id']),
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
      [{ category: 'MARKETING' }, 100, undefined],
      [{ components: [] }, 100, undefined],
      [{ components: [body('x'.repeat(1025))] }, 100, undefined],
      [{ components: [body('Hi {{first_name}}')] }, 100, 2388043],
      [{ components: [body('Hi there', ['first_name'])] }, 100, 2388043],
      [{ components: [body('Hi {{First-Name}}', ['First-Name'])] }, 100, 2388043],
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
      [{}, 100, 2388024], // the same name and language again
    ];
    for (const [over, code, subcode] of cases) {
      const r = await create(f.page.id, f.pageToken, template(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error.code).toBe(code);
      if (subcode) expect(r.body.error.error_subcode).toBe(subcode);
      expect(r.body.error.error_user_msg).toEqual(expect.any(String));
    }
    for (let i = 0; i < 3; i++)
      await create(f.page.id, f.pageToken, template({ name: `extra_${i}` }));
    const first = await list(f.page.id, f.pageToken, '&limit=2&fields=id,name,status,components');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.data[0]).toMatchObject({ name: 'order_update', status: 'APPROVED' });
    expect(first.body.data[0].components[0].text).toContain('{{first_name}}');
    const rest = await http(first.body.paging.next as string);
    expect(rest.body.data.map((t: { name: string }) => t.name)).toEqual(['extra_1', 'extra_2']);
  });

  it('rejects a promotional body as INCORRECT_CATEGORY; the control API decides at once', async () => {
    const f = await fixture(emu, 1);
    const sale = await create(
      f.page.id,
      f.pageToken,
      template({ name: 'sale', components: [body('Big sale: 20% off today!')] }),
    );
    const listed = await list(f.page.id, f.pageToken, '&fields=id,status,rejected_reason');
    expect(listed.body.data.find((t: { id: string }) => t.id === sale.body.id)).toMatchObject({
      status: 'REJECTED',
      rejected_reason: 'INCORRECT_CATEGORY',
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

  it('deletes by name (and hsm_id); a deleted template is gone and cannot be sent', async () => {
    const f = await fixture(emu, 1);
    const made = await create(f.page.id, f.pageToken, template());
    const del = await http(
      `${emu.url}/v25.0/${f.page.id}/message_templates?access_token=${f.pageToken}&name=order_update&hsm_id=${made.body.id}`,
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
    expect(sent.body.error.code).toBe(132001);
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
      text: 'Hi Ana, order A-12 has shipped.',
      template: {
        name: 'order_update',
        language: 'en_US',
        params: { first_name: 'Ana', order_id: 'A-12' },
      },
    });
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
      expect(r.body.error.code, JSON.stringify(params)).toBe(132000);
    }
    expect(
      (await send(emu, f.page.id, f.pageToken, utility(psid, [], 'nope'))).body.error.code,
    ).toBe(132001);
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

  it('a pending template cannot be sent; its approval reaches subscribed apps as a signed change', async () => {
    const slow = await start({
      behaviour: { sendPerSecond: 0, templateApprovalMs: 300, webhookBatchMs: 10 },
    });
    const hook = await receiver([], (url) => ({
      status: 200,
      body: url.searchParams.get('hub.challenge') ?? '',
    }));
    try {
      await http(
        `${slow.url}/v16.0/1000000000000001/subscriptions?access_token=${encodeURIComponent(APP_TOKEN)}`,
        {
          form: {
            object: 'page',
            callback_url: hook.url,
            verify_token: 'v',
            fields: 'messages,messenger_template_status_update',
          },
        },
      );
      const f = await fixture(slow, 1);
      await http(`${slow.url}/v16.0/${f.page.id}/subscribed_apps?access_token=${f.pageToken}`, {
        form: { subscribed_fields: 'messages,messenger_template_status_update' },
      });
      const made = await http(
        `${slow.url}/v25.0/${f.page.id}/message_templates?access_token=${f.pageToken}`,
        {
          json: template(),
        },
      );
      const early = await send(
        slow,
        f.page.id,
        f.pageToken,
        utility(f.psids[0] as string, [
          ['first_name', 'A'],
          ['order_id', '1'],
        ]),
      );
      expect(early.body.error).toMatchObject({
        code: 132001,
        message: expect.stringContaining('not approved'),
      });
      const post = await waitFor(() => hook.received.find((r) => r.method === 'POST'));
      expect(post.headers['x-hub-signature-256']).toBe(
        'sha256=' + createHmac('sha256', SECRET).update(post.body).digest('hex'),
      );
      expect(JSON.parse(post.body)).toMatchObject({
        object: 'page',
        entry: [
          {
            id: f.page.id,
            changes: [
              {
                field: 'messenger_template_status_update',
                value: {
                  event: 'APPROVED',
                  message_template_id: made.body.id,
                  message_template_name: 'order_update',
                  message_template_language: 'en_US',
                  reason: null,
                },
              },
            ],
          },
        ],
      });
    } finally {
      await hook.close();
      await slow.close();
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
