// Every Graph request checked against Meta's spec (src/spec): what the spec refuses is answered in Meta's words,
// what it does not know is answered and logged, and the request log keeps each shape with its verdict.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import type { LoggedRequest } from '../src/spec/request-log.js';
import { metaSpec } from '../src/spec/model.js';
import { RequestLog } from '../src/spec/request-log.js';
import { fixture, http, start } from './helpers.js';

let emu: Emulator;
let dir: string;
let f: Awaited<ReturnType<typeof fixture>>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'emu-spec-'));
  emu = await start({
    behaviour: { sendPerSecond: 0 },
    requestLogFile: join(dir, 'requests.json'),
  });
  f = await fixture(emu, 2);
});
afterAll(async () => {
  await emu.close();
  rmSync(dir, { recursive: true, force: true });
});

const graph = (path: string, init: Parameters<typeof http>[1] = {}) =>
  http(`${emu.url}/v25.0/${path}`, init);
const withToken = (path: string, token: string) =>
  `${path}${path.includes('?') ? '&' : '?'}access_token=${token}`;

async function refused(res: Awaited<ReturnType<typeof http>>, code: number, message: string) {
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ type: 'OAuthException', code, message });
  expect(res.body.error.fbtrace_id).toEqual(expect.any(String));
}

describe("Meta's spec, enforced", () => {
  it('a missing required parameter', async () => {
    const r = await graph(withToken(`${f.page.id}/messages`, f.pageToken), {
      json: { messaging_type: 'RESPONSE', message: { text: 'hi' } },
    });
    await refused(r, 100, '(#100) The parameter recipient is required');
  });

  it('an enum value the spec does not list, with the values it does', async () => {
    const r = await graph(withToken(`${f.page.id}/messages`, f.pageToken), {
      json: { recipient: { id: f.psids[0] }, messaging_type: 'PROMOTION', message: { text: 'hi' } },
    });
    await refused(
      r,
      100,
      '(#100) Param messaging_type must be one of {MESSAGE_TAG, RESPONSE, UPDATE, UTILITY}',
    );
    const t = await graph(withToken(`${f.page.id}/message_templates`, f.pageToken), {
      json: { name: 'promo', language: 'en_US', category: 'MARKETING', components: [] },
    });
    await refused(t, 100, '(#100) Param category must be one of {UTILITY}');
  });

  it('a list parameter names the first item off the list', async () => {
    const r = await graph(withToken(`${f.page.id}/subscribed_apps`, f.pageToken), {
      form: { subscribed_fields: 'messages,message_typos,feed' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(100);
    expect(r.body.error.message).toMatch(
      /^\(#100\) Param subscribed_fields\[1\] must be one of \{affiliation, attire, .*, messages, .*\}$/,
    );
  });

  it('enum values in any case, as Meta documents them in small letters', async () => {
    const r = await graph(
      withToken(`${f.page.id}/conversations?platform=messenger&fields=id`, f.pageToken),
    );
    expect(r.status).toBe(200);
    const bad = await graph(withToken(`${f.page.id}/conversations?platform=whatsapp`, f.pageToken));
    await refused(bad, 100, '(#100) Param platform must be one of {INSTAGRAM, MESSENGER}');
  });

  it('a mistyped boolean', async () => {
    const r = await graph(
      withToken(
        `${f.page.id}/notification_message_tokens?do_not_return_duplicates=maybe`,
        f.pageToken,
      ),
    );
    await refused(r, 100, '(#100) Param do_not_return_duplicates must be a boolean');
  });

  it('unknown edges, methods and fields', async () => {
    await refused(
      await graph(withToken(`${f.page.id}/leads_and_more`, f.pageToken)),
      100,
      '(#100) Tried accessing nonexisting field (leads_and_more) on node type (Page)',
    );
    await refused(
      await graph(withToken(`${f.page.id}/leads_and_more`, f.pageToken), { form: { a: '1' } }),
      2500,
      'Unknown path components: /leads_and_more',
    );
    const post = await graph(withToken(`${f.page.id}/conversations`, f.pageToken), {
      form: { a: '1' },
    });
    await refused(
      post,
      100,
      `Unsupported post request. Object with ID '${f.page.id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    );
    await refused(
      await graph(withToken(`${f.page.id}?fields=name,fan_club`, f.pageToken)),
      100,
      '(#100) Tried accessing nonexisting field (fan_club) on node type (Page)',
    );
    // /me with a Page token is the Page: it has no accounts (Meta's answer to that common mistake).
    await refused(
      await graph(withToken('me/accounts', f.pageToken)),
      100,
      '(#100) Tried accessing nonexisting field (accounts) on node type (Page)',
    );
  });

  it('fields of an edge are checked against the node it returns, edges may be expanded', async () => {
    const ok = await graph(
      withToken(
        `${f.page.id}/conversations?fields=id,participants,messages.limit(2){id,message}`,
        f.pageToken,
      ),
    );
    expect(ok.status).toBe(200);
    await refused(
      await graph(withToken(`${f.page.id}/conversations?fields=id,mood`, f.pageToken)),
      100,
      '(#100) Tried accessing nonexisting field (mood) on node type (UnifiedThread)',
    );
    const me = await graph(
      withToken('me/accounts?fields=id,name,access_token,tasks,picture', f.userToken),
    );
    expect(me.status).toBe(200);
  });

  it('the token is checked before the parameters', async () => {
    const r = await graph(withToken(`${f.page.id}/messages`, 'EAAbogus'), { json: {} });
    expect(r.body.error.code).toBe(190);
  });

  it('checks each item of a batch', async () => {
    const batch = [
      { method: 'GET', relative_url: `${f.page.id}?fields=name` },
      { method: 'POST', relative_url: `${f.page.id}/messages`, body: 'messaging_type=RESPONSE' },
    ];
    const r = await graph('', {
      form: { access_token: f.pageToken, batch: JSON.stringify(batch) },
    });
    expect(r.status).toBe(200);
    expect(r.body[0].code).toBe(200);
    expect(r.body[1].code).toBe(400);
    expect(JSON.parse(r.body[1].body).error.message).toBe(
      '(#100) The parameter recipient is required',
    );
  });

  it('answers an unknown parameter (Meta ignores it) and logs it', async () => {
    await http(`${emu.url}/_emulator/requests/reset`, { json: {} });
    const r = await graph(withToken(`${f.page.id}?fields=name&colour=blue`, f.pageToken));
    expect(r.status).toBe(200);
    const log = await http(`${emu.url}/_emulator/requests?outside=1`);
    expect(log.body.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        node: 'Page',
        edge: '',
        params: ['colour', 'fields'],
        fields: ['name'],
        problems: [{ message: 'GET Page: param colour not in the extract' }],
      }),
    ]);
  });
});

describe('the request log', () => {
  it('keeps one entry per shape with a count, no token, and a copy in its file', async () => {
    await http(`${emu.url}/_emulator/requests/reset`, { json: {} });
    for (const psid of f.psids)
      await graph(withToken(`${f.page.id}/messages`, f.pageToken), {
        json: { recipient: { id: psid }, messaging_type: 'RESPONSE', message: { text: 'hi' } },
      });
    const log = (await http(`${emu.url}/_emulator/requests`)).body.requests as LoggedRequest[];
    expect(log).toEqual([
      {
        method: 'POST',
        node: 'Page',
        edge: 'messages',
        params: ['message', 'messaging_type', 'recipient'],
        enums: { messaging_type: ['RESPONSE'] },
        fields: [],
        problems: [],
        count: 2,
      },
    ]);
    const file = JSON.parse(readFileSync(join(dir, 'requests.json'), 'utf8')) as LoggedRequest[];
    expect(file.map((e) => e.edge)).toEqual(['messages']);
    expect(JSON.stringify(file)).not.toContain(f.pageToken);
    await http(`${emu.url}/_emulator/requests/reset`, { json: {} });
    expect((await http(`${emu.url}/_emulator/requests`)).body.requests).toEqual([]);
  });

  it('stops adding shapes past 2,000, so invented parameter names cannot grow it without end', () => {
    const log = new RequestLog(metaSpec());
    const target = { node: 'Page', id: '1', edge: '' };
    for (let i = 0; i < 2_005; i++)
      log.record(
        { method: 'GET', path: '1', params: { [`p${i}`]: '1' }, versionPrefix: '' },
        target,
        [],
        [],
      );
    log.record(
      { method: 'GET', path: '1', params: { p0: '1' }, versionPrefix: '' },
      target,
      [],
      [],
    );
    expect(log.list()).toHaveLength(2_000);
    expect(log.list()[0]?.count).toBe(2);
  });

  it('records the source commit of the extract it checks against', () => {
    expect(metaSpec().source).toMatchObject({
      repo: 'facebook/facebook-business-sdk-codegen',
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
  });
});
