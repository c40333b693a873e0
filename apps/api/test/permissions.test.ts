// Permissions as Meta documents them (docs/product.md §6), over HTTP against a real Postgres, pg-boss, the
// campaign worker and the emulator, which enforces them per endpoint: the screen that needs a missing
// permission says which and how to grant it; a campaign whose utility path Meta refuses stops that path
// only; the Marketing Message API takes the admin's user token, not the page token.
import { PERMISSION_MESSAGES, type CreateCampaignBody } from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenCipher } from '../src/crypto/tokens.js';
import { UTILITY_PERMISSION_REASON } from '../src/modules/campaigns/reasons.js';
import {
  createCampaignWorld,
  type CampaignWorld,
  type WorldPage,
} from './fixtures/campaign-world.js';
import { must } from './support/assert.js';
import { bodyOf } from './support/client.js';

let w: CampaignWorld;
let encrypt: (plain: string) => string;

beforeAll(async () => {
  w = await createCampaignWorld({ MARKETING_WARMUP_MS: '0' });
  encrypt = tokenCipher(w.t.config.encryptionKey).encrypt;
  await w.startWorker();
});
afterAll(async () => {
  await w?.close();
});

const BASE = ['pages_show_list', 'pages_messaging', 'pages_read_engagement'];
const emu = async (path: string, body: unknown, method = 'POST') => {
  const res = await fetch(`${w.emulator.url.replace(/\/$/, '')}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return res.json() as Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
};
/** A utility template on `p` with one parameter, {{ref}}. */
const createTemplate = (p: WorldPage, name: string) =>
  w.client.templates.createTemplate({
    body: {
      pageId: p.fbPageId,
      name,
      language: 'en_US',
      body: 'Your order {{ref}} has shipped.',
    },
  });
/** A campaign sent now with the utility template `templateId` ({{ref}} filled with 'A-1'). */
const utilityCampaign = (p: WorldPage, templateId: string) => {
  const body: CreateCampaignBody = {
    name: 'Order updates',
    description: 'Utility',
    pageId: p.fbPageId,
    tagId: null,
    time: new Date().toISOString(),
    sendNow: true,
    type: 'POST_PURCHASE_UPDATE',
    msg: 'Hello from the shop',
    templateId,
    templateParams: { ref: { source: 'text', text: 'A-1' } },
  };
  return w.client.campaigns.createCampaign({ body });
};
const ownerOf = (p: WorldPage) =>
  must([...must(w.emulator.world.pages.get(p.fbPageId)).roles.keys()][0]);

/**
 * The page's owner signs in again granting only `scopes`: a user token and page token with exactly those
 * (as Facebook issues them), stored as sign-in stores them, with the grant recorded.
 */
async function grantOnly(p: WorldPage, scopes: string[], record = true) {
  const user = await emu(`/_emulator/users/${ownerOf(p)}/tokens`, { scopes, longLived: true });
  const res = await fetch(
    `${w.emulator.url.replace(/\/$/, '')}/v25.0/me/accounts?fields=id,access_token&access_token=${user.access_token}`,
  );
  const accounts = (await res.json()) as { data: Array<{ id: string; access_token: string }> };
  const pageToken = must(accounts.data.find((a) => a.id === p.fbPageId)).access_token;
  await w.pool.query('update page_admins set page_token_enc = $2 where page_id = $1', [
    p.uuid,
    encrypt(pageToken),
  ]);
  await w.pool.query(`update admins set user_token_enc = $2, granted_scopes = $3 where id = $1`, [
    w.adminId,
    encrypt(user.access_token as string),
    record ? ['public_profile', ...scopes] : null,
  ]);
}

describe('utility templates without pages_utility_messaging', () => {
  it('Templates says which permission and how to grant it: from the recorded grant, no Graph call', async () => {
    const p = await w.createPage({ inside: 0, outside: 0 });
    await grantOnly(p, BASE);
    const res = await createTemplate(p, 'order_update');
    expect(bodyOf(res, 422)).toEqual({ message: PERMISSION_MESSAGES.templates });
    expect(must(w.emulator.world.pages.get(p.fbPageId)).templates).toHaveLength(0);
  });

  it("and from Meta's (#200) when the grant was not recorded (a session from before)", async () => {
    const p = await w.createPage({ inside: 0, outside: 0 });
    await grantOnly(p, BASE, false);
    const params = { pageId: p.fbPageId };
    const res = await w.client.templates.refreshTemplates({ params, body: {} });
    expect(bodyOf(res, 422)).toEqual({ message: PERMISSION_MESSAGES.templates });
    // Nothing else breaks: the inbox still answers.
    expect((await w.client.inbox.getRecipients({ params, query: {} })).status).toBe(200);
  });

  it('a campaign naming a template is refused on the field when the grant says it is missing', async () => {
    const p = await w.createPage({ inside: 1, outside: 1 });
    await grantOnly(p, [...BASE, 'pages_utility_messaging']);
    const created = bodyOf(await createTemplate(p, 'order_note'), 201);
    await grantOnly(p, BASE);
    const before = await w.pool.query('select count(*)::int as n from campaigns');
    const res = await utilityCampaign(p, created.id);
    expect(bodyOf(res, 400).fieldErrors?.templateId).toEqual([PERMISSION_MESSAGES.templates]);
    expect((await w.pool.query('select count(*)::int as n from campaigns')).rows).toEqual(
      before.rows,
    );
  });

  it('a campaign stops its utility path with the reason; the in-window sends go on', async () => {
    const p = await w.createPage({ inside: 2, outside: 3 });
    await grantOnly(p, [...BASE, 'pages_utility_messaging']);
    const created = bodyOf(await createTemplate(p, 'order_status'), 201);
    await w.pool.query(`update message_templates set status = 'approved' where id = $1`, [
      created.id,
    ]);
    const fbTemplate = must(must(w.emulator.world.pages.get(p.fbPageId)).templates[0]);
    fbTemplate.status = 'APPROVED';
    // The permission is gone by send time (declined when the admin signed in again).
    await grantOnly(p, BASE, false);
    const campaign = bodyOf(await utilityCampaign(p, created.id), 201);
    const d = await w.settled(campaign.id);
    expect(d.campaign).toMatchObject({ status: 'completed', dispatchedCount: 2, failedCount: 3 });
    expect(d.campaign.statusReason).toContain(UTILITY_PERMISSION_REASON);
    const outbox = await w.outbox(p.fbPageId);
    expect(outbox.map((e) => e.messaging_type)).toEqual(['UPDATE', 'UPDATE']);
    const failed = await w.pool.query<{ error_message: string }>(
      `select error_message from campaign_recipients where campaign_id = $1 and state = 'failed'`,
      [campaign.id],
    );
    expect(failed.rows.map((r) => r.error_message)).toEqual(
      Array(3).fill(UTILITY_PERMISSION_REASON),
    );
    const stops = await w.pool.query<{ path_stops: Record<string, string> }>(
      'select path_stops from campaigns where id = $1',
      [campaign.id],
    );
    expect(stops.rows[0]?.path_stops).toEqual({ utility: UTILITY_PERMISSION_REASON });
  });
});

describe('marketing messages take the admin user token (Flow 2)', () => {
  const MARKETING = ['ads_management', 'marketing_messages_messenger'];

  it('without the marketing permissions: the setup says which, connecting is refused with how to grant them', async () => {
    const p = await w.createPage({ inside: 0, outside: 0 });
    const account = (await emu('/_emulator/ad-accounts', { userId: ownerOf(p) })).id as string;
    await grantOnly(p, BASE);
    const params = { pageId: p.fbPageId };
    const setup = bodyOf(await w.client.marketing.getMarketing({ params }), 200);
    expect(setup.missingPermissions).toEqual(MARKETING);
    // The ad account list is not asked of Meta, which would refuse it (#200): an empty list, no call.
    const adAccountCalls = async () => {
      const log = (await (
        await fetch(`${w.emulator.url.replace(/\/$/, '')}/_emulator/requests`)
      ).json()) as {
        requests: Array<{ edge: string; count: number }>;
      };
      return log.requests.filter((e) => e.edge === 'adaccounts').reduce((n, e) => n + e.count, 0);
    };
    const calls = await adAccountCalls();
    const accounts = await w.client.marketing.listAdAccounts({ params });
    expect(accounts.body).toEqual([]);
    expect(await adAccountCalls()).toBe(calls);
    const connect = () =>
      w.client.marketing.connectMarketing({ params, body: { adAccountId: account } });
    expect(bodyOf(await connect(), 422)).toEqual({
      message: PERMISSION_MESSAGES.marketing(MARKETING),
    });
    // Meta's own refusal of a user token without them reads the same (grant not recorded).
    await grantOnly(p, BASE, false);
    expect(bodyOf(await connect(), 422).message).toBe(PERMISSION_MESSAGES.marketing(MARKETING));
  });

  it('with them: the ad account is read with the user token; Meta refuses the page token there', async () => {
    const p = await w.createPage({ inside: 1, outside: 1 });
    const account = (await emu('/_emulator/ad-accounts', { userId: ownerOf(p) })).id as string;
    await grantOnly(p, [...BASE, ...MARKETING]);
    const params = { pageId: p.fbPageId };
    const setup = bodyOf(await w.client.marketing.getMarketing({ params }), 200);
    expect(setup.missingPermissions).toEqual([]);
    const res = await w.client.marketing.connectMarketing({
      params,
      body: { adAccountId: account },
    });
    expect(bodyOf(res, 200).adAccount?.id).toBe(account);
    // The page token alone is refused by Meta on the ad account (what Pagecast used to send).
    const pageToken = await fetch(
      `${w.emulator.url.replace(/\/$/, '')}/v25.0/${account}?access_token=${p.token}`,
    );
    expect(((await pageToken.json()) as { error: { code: number } }).error.code).toBe(3);
  });
});
