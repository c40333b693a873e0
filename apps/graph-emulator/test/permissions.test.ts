// The permission table (src/graph/permissions.ts): every Graph path Pagecast uses takes the token kinds and
// permissions Meta documents, and refuses others in Meta's words; the login dialog grants or declines each
// permission, and /me/permissions and debug_token report what was granted; the Human Agent app feature.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { GRAPH_PERMISSIONS, KNOWN_SCOPES } from '../src/graph/permissions.js';
import { fixture, http, send, start } from './helpers.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await start({ behaviour: { sendPerSecond: 0, templateApprovalMs: 0 } });
});
afterAll(() => emu.close());

const APP = '1000000000000001';
const graph = (path: string, token: string, json?: unknown, method?: string) =>
  http(`${emu.url}/v25.0/${path}${path.includes('?') ? '&' : '?'}access_token=${token}`, {
    ...(json !== undefined ? { json } : {}),
    ...(method ? { method } : {}),
  });
const control = (path: string, json: unknown = {}, method?: string) =>
  http(`${emu.url}/_emulator${path}`, { json, ...(method ? { method } : {}) });

/** A page whose owner granted exactly `scopes` (plus public_profile). */
async function worldWith(scopes: string[]) {
  const user = (await control('/users', { name: 'Grace Hopper', scopes, longLived: true })).body;
  const page = (await control('/pages', { ownerId: user.id, name: 'Shop', contacts: 2 })).body;
  const accounts = (await graph('me/accounts?fields=id,access_token', user.access_token)).body;
  const pageToken = accounts.data?.[0]?.access_token as string | undefined;
  return {
    user,
    page,
    userToken: user.access_token as string,
    pageToken: pageToken as string,
    psid: page.contacts[0].psid as string,
  };
}

const template = {
  name: 'order_ready',
  language: 'en_US',
  category: 'UTILITY',
  // Named parameters need the format said: POSITIONAL is Meta's default.
  parameter_format: 'NAMED',
  components: [
    {
      type: 'BODY',
      text: 'Your order {{order}} is ready.',
      example: { body_text_named_params: [{ param_name: 'order', example: '42' }] },
    },
  ],
};

describe('the permission table', () => {
  it('names a source for every row and knows every permission it uses', () => {
    for (const rule of Object.values(GRAPH_PERMISSIONS)) {
      expect(rule.source).toMatch(/^https:\/\/developers\.facebook\.com\//);
      for (const sets of Object.values(rule.tokens))
        for (const s of (sets ?? []).flat()) expect(KNOWN_SCOPES.has(s)).toBe(true);
    }
    expect(KNOWN_SCOPES.has('pages_utility_messaging')).toBe(true);
    expect(KNOWN_SCOPES.has('page_utility_messaging')).toBe(false);
  });

  it('templates and utility sends need pages_utility_messaging: (#200) without it', async () => {
    const w = await worldWith(['pages_show_list', 'pages_messaging', 'pages_read_engagement']);
    const list = await graph(`${w.page.id}/message_templates`, w.pageToken);
    expect(list.body.error).toMatchObject({
      code: 200,
      type: 'OAuthException',
      message: '(#200) Requires pages_utility_messaging permission to manage the object',
    });
    const create = await graph(`${w.page.id}/message_templates`, w.pageToken, template);
    expect(create.body.error.code).toBe(200);
    const utility = await send(emu, w.page.id, w.pageToken, {
      recipient: { id: w.psid },
      messaging_type: 'UTILITY',
      message: { template: { name: 'order_ready', language: { code: 'en_US' } } },
    });
    expect(utility.body.error).toMatchObject({ code: 200 });
    // A standard send in the window needs pages_messaging only.
    const standard = await send(emu, w.page.id, w.pageToken, {
      recipient: { id: w.psid },
      messaging_type: 'RESPONSE',
      message: { text: 'Hello' },
    });
    expect(standard.body.message_id).toEqual(expect.any(String));
  });

  it('with pages_utility_messaging the same calls go through', async () => {
    const w = await worldWith([
      'pages_show_list',
      'pages_messaging',
      'pages_read_engagement',
      'pages_utility_messaging',
    ]);
    const create = await graph(`${w.page.id}/message_templates`, w.pageToken, template);
    expect(create.body).toMatchObject({ status: 'APPROVED' });
    const utility = await send(emu, w.page.id, w.pageToken, {
      recipient: { id: w.psid },
      messaging_type: 'UTILITY',
      message: {
        template: {
          name: 'order_ready',
          language: { code: 'en_US' },
          components: [
            { type: 'body', parameters: [{ type: 'text', parameter_name: 'order', text: '7' }] },
          ],
        },
      },
    });
    expect(utility.body.message_id).toEqual(expect.any(String));
  });

  it('a page-only path refuses a user token with (#210)', async () => {
    const w = await worldWith(['pages_show_list', 'pages_messaging', 'pages_utility_messaging']);
    const r = await graph(`${w.page.id}/message_templates`, w.userToken);
    expect(r.body.error).toMatchObject({ code: 210 });
  });

  it('Marketing Message API: a page token is refused (#3), a user token with the Flow 2 permissions is not', async () => {
    const all = [
      'pages_show_list',
      'pages_messaging',
      'ads_management',
      'marketing_messages_messenger',
    ];
    const w = await worldWith(all);
    const account = (await control('/ad-accounts', { userId: w.user.id })).body.id as string;
    const byPage = await graph(`${account}/message_campaign`, w.pageToken, {
      name: 'Sale',
      page_id: w.page.id,
    });
    expect(byPage.body.error).toMatchObject({
      code: 3,
      message: '(#3) Application does not have the capability to make this API call.',
    });
    expect((await graph(account, w.pageToken)).body.error.code).toBe(3);
    const byUser = await graph(`${account}/message_campaign`, w.userToken, {
      name: 'Sale',
      page_id: w.page.id,
    });
    expect(byUser.body.id).toEqual(expect.any(String));
    // The page token still lists the page's subscription tokens.
    expect(
      (await graph(`${w.page.id}/notification_message_tokens`, w.pageToken)).body.data,
    ).toEqual([]);
  });

  it('Marketing Message API: a user token without marketing_messages_messenger gets (#200)', async () => {
    const w = await worldWith(['pages_show_list', 'pages_messaging', 'ads_management']);
    const account = (await control('/ad-accounts', { userId: w.user.id })).body.id as string;
    expect((await graph(account, w.userToken)).body.id).toBe(account);
    const r = await graph(`${account}/message_campaign`, w.userToken, {
      name: 'Sale',
      page_id: w.page.id,
    });
    expect(r.body.error).toMatchObject({
      code: 200,
      message: '(#200) Requires marketing_messages_messenger permission to manage the object',
    });
    const none = await worldWith(['pages_show_list', 'pages_messaging']);
    expect((await graph('me/adaccounts', none.userToken)).body.error).toMatchObject({
      code: 200,
      message: '(#200) Requires ads_read or ads_management permission to manage the object',
    });
  });

  it('Flow 1: a system user token with paid_marketing_messages creates campaigns', async () => {
    const w = await worldWith(['pages_show_list', 'pages_messaging']);
    const account = (await control('/ad-accounts', { userId: w.user.id })).body.id as string;
    const system = (
      await control('/system-users', { pageIds: [w.page.id], adAccountIds: [account] })
    ).body;
    const debug = await http(
      `${emu.url}/v25.0/debug_token?input_token=${system.access_token}&access_token=${APP}|pagecast-emulator-app-secret`,
    );
    expect(debug.body.data).toMatchObject({ type: 'SYSTEM_USER', is_valid: true, expires_at: 0 });
    const r = await graph(`${account}/message_campaign`, system.access_token, {
      name: 'Sale',
      page_id: w.page.id,
    });
    expect(r.body.id).toEqual(expect.any(String));
  });
});

describe('the login dialog grants or declines each permission', () => {
  const confirm = async (userId: string, scope: string, grant: string[], authType?: string) => {
    const body = new URLSearchParams({
      client_id: APP,
      redirect_uri: 'http://localhost:3000/cb',
      scope,
      state: 's',
      response_type: 'token',
      return_scopes: 'true',
      user_id: userId,
      choose: '1',
      ...(authType ? { auth_type: authType } : {}),
    });
    for (const g of grant) body.append('grant', g);
    const res = await fetch(`${emu.url}/dialog/oauth/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      redirect: 'manual',
    });
    return new URLSearchParams(new URL(res.headers.get('location') ?? '').hash.slice(1));
  };

  it('shows a box per permission; what is unticked is declined everywhere', async () => {
    const user = (await control('/users', { name: 'Ann Lee', installed: false })).body;
    const scope = 'pages_show_list,pages_messaging,pages_utility_messaging';
    const html = await (
      await fetch(
        `${emu.url}/dialog/oauth?client_id=${APP}&redirect_uri=http://localhost:3000/cb&scope=${scope}`,
      )
    ).text();
    expect(html).toContain('type="checkbox" class="scope" value="pages_utility_messaging" checked');
    const frag = await confirm(user.id, scope, ['pages_show_list', 'pages_messaging']);
    expect(frag.get('denied_scopes')).toBe('pages_utility_messaging');
    const token = frag.get('access_token') as string;
    const perms = (await graph('me/permissions', token)).body.data;
    expect(perms).toContainEqual({ permission: 'pages_utility_messaging', status: 'declined' });
    expect(perms).toContainEqual({ permission: 'pages_messaging', status: 'granted' });
    const debug = await http(
      `${emu.url}/v25.0/debug_token?input_token=${token}&access_token=${APP}|pagecast-emulator-app-secret`,
    );
    expect(debug.body.data.scopes).not.toContain('pages_utility_messaging');
    expect(debug.body.data.scopes).toContain('pages_messaging');

    // Asked again without auth_type=rerequest, a declined permission stays declined; with it, it is asked.
    const again = await confirm(user.id, scope, scope.split(','));
    expect(again.get('granted_scopes')).not.toContain('pages_utility_messaging');
    const rerequest = await confirm(user.id, scope, scope.split(','), 'rerequest');
    expect(rerequest.get('granted_scopes')).toContain('pages_utility_messaging');
  });

  it("refuses a permission Facebook does not know (Meta's docs also spell it page_utility_messaging)", async () => {
    const r = await fetch(
      `${emu.url}/dialog/oauth?client_id=${APP}&redirect_uri=http://localhost:3000/cb&scope=page_utility_messaging`,
    );
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('Invalid Scopes: page_utility_messaging');
  });
});

describe('the Human Agent app feature', () => {
  it('HUMAN_AGENT is refused (#10) until the app has the feature', async () => {
    const f = await fixture(emu, 1, { inboundAgoMs: 3 * 86_400_000 });
    const reply = () =>
      send(emu, f.page.id, f.pageToken, {
        recipient: { id: f.psids[0] },
        messaging_type: 'MESSAGE_TAG',
        tag: 'HUMAN_AGENT',
        message: { text: 'Sorry for the wait' },
      });
    expect((await http(`${emu.url}/_emulator/app/features`)).body).toEqual({ humanAgent: false });
    expect((await reply()).body.error).toMatchObject({
      code: 10,
      message: '(#10) Application does not have permission for this action',
    });
    await control('/app/features', { humanAgent: true }, 'PUT');
    try {
      expect((await reply()).body.message_id).toEqual(expect.any(String));
    } finally {
      await control('/app/features', { humanAgent: false }, 'PUT');
    }
  });

  it('starts with the feature when the app is started with it', async () => {
    const approved = await start({ appFeatures: { humanAgent: true } });
    try {
      expect((await http(`${approved.url}/_emulator/app/features`)).body).toEqual({
        humanAgent: true,
      });
    } finally {
      await approved.close();
    }
  });
});
