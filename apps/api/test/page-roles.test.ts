// Facebook page roles: what an admin may do on a page follows their tasks there, and whatever they do is
// done with their own page token. An ANALYZE-only co-admin reads the page's insights and nothing else.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_MESSAGES } from '../src/auth/page-access.js';
import { tokenCipher } from '../src/crypto/tokens.js';
import { CREATOR_LOST_ACCESS_REASON } from '../src/modules/campaigns/reasons.js';
import { RECONNECT_MESSAGE } from '../src/modules/shared/page-graph.js';
import {
  createCampaignWorld,
  type CampaignWorld,
  type WorldPage,
} from './fixtures/campaign-world.js';
import { must } from './support/assert.js';
import { apiClient, bodyOf, type ApiClient } from './support/client.js';
import { waitFor } from './support/wait.js';

let w: CampaignWorld;
let page: WorldPage;
let analyst: ApiClient;

/**
 * A co-admin of `page` with these tasks (and, for messaging ones, a page token of their own), and the
 * contract client as them.
 */
async function coAdmin(p: WorldPage, tasks: string[], withToken = false) {
  const adminId = randomUUID();
  const userId = String(1_700_000_000_000_000 + Math.floor(Math.random() * 1e9));
  await w.pool.query(`insert into admins (id, fb_user_id, name) values ($1, $2, 'Co-admin')`, [
    adminId,
    userId,
  ]);
  await w.pool.query(
    `insert into page_admins (page_id, admin_id, tasks, page_token_enc) values ($1, $2, $3, $4)`,
    [p.uuid, adminId, tasks, withToken ? encryptedPageToken(p) : null],
  );
  return { adminId, client: apiClient(w.t.app, await w.t.authHeader({ adminId, userId })) };
}

const encryptedPageToken = (p: WorldPage) => tokenCipher(w.t.config.encryptionKey).encrypt(p.token);

beforeAll(async () => {
  w = await createCampaignWorld();
  page = await w.createPage({ inside: 3, outside: 0 });
  const a = await coAdmin(page, ['ANALYZE']);
  analyst = a.client;
  await w.startWorker();
});
afterAll(async () => {
  await w?.close();
});

const counts = async () =>
  (
    await w.pool.query<{ campaigns: number; tags: number; links: number }>(
      `select (select count(*)::int from campaigns) as campaigns, (select count(*)::int from tags) as tags,
              (select count(*)::int from contact_tags) as links`,
    )
  ).rows[0];

describe('an ANALYZE-only co-admin', () => {
  it('reads the page, its Home overview, campaigns and tags, but not who the recipients are', async () => {
    const id = await w.createCampaignNow(page.fbPageId, 'Hello from the owner');
    const pageId = page.fbPageId;
    expect(bodyOf(await analyst.pages.getPage({ params: { pageId } }), 200).canMessage).toBe(false);
    expect(bodyOf(await w.client.pages.getPage({ params: { pageId } }), 200).canMessage).toBe(true);
    const reads = {
      overview: () => analyst.pages.getOverview({ params: { pageId } }),
      campaigns: () => analyst.campaigns.listCampaigns({ params: { pageId }, query: {} }),
      campaign: () => analyst.campaigns.getCampaign({ params: { campaignId: id } }),
      tags: () => analyst.tags.listTags({ params: { pageId } }),
    };
    for (const [name, read] of Object.entries(reads)) bodyOf(await read(), 200, name);
    // Names and PSIDs go to the roles that may message them (the owner reads both).
    const people = {
      recipients: (c: typeof analyst) =>
        c.campaigns.listCampaignRecipients({ params: { campaignId: id }, query: {} }),
      csv: (c: typeof analyst) =>
        c.campaigns.exportCampaignRecipients({ params: { campaignId: id } }),
    };
    for (const [name, read] of Object.entries(people)) {
      const res = await read(analyst);
      expect(res.status, name).toBe(403);
      expect(res.body, name).toEqual({ message: ROLE_MESSAGES.messaging });
      expect((await read(w.client)).status, name).toBe(200);
    }
  });

  it('gets 403 with what to do for the inbox, tags and campaigns, and nothing changes', async () => {
    const psid = must(page.contacts[0]).psid;
    const tagId = await w.createTag(page, 'Regulars', []);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const own = bodyOf(
      await w.client.campaigns.createCampaign({
        body: {
          name: 'Owner campaign',
          description: 'Scheduled by the owner',
          pageId: page.fbPageId,
          tagId: null,
          time: later,
          type: 'ACCOUNT_UPDATE',
          msg: 'See you soon',
        },
      }),
      201,
    );
    const before = await counts();
    const outboxBefore = (await w.outbox(page.fbPageId)).length;
    const pageId = page.fbPageId;
    const chat = { params: { pageId, userId: psid } };
    const calls = {
      recipients: () => analyst.inbox.getRecipients({ params: { pageId }, query: {} }),
      conversation: () => analyst.inbox.getConversation({ ...chat, query: {} }),
      send: () => analyst.inbox.sendMessage({ ...chat, body: { message: 'hi' } }),
      events: () => analyst.inbox.events({ params: { pageId } }),
      addUserTag: () => analyst.userTags.addUserTag({ body: { userId: psid, tagId, pageId } }),
      createTag: () =>
        analyst.tags.createTag({ body: { name: 'Analysts', description: 'Not theirs', pageId } }),
      sync: () => analyst.pages.syncPage({ params: { pageId }, body: {} }),
      audience: () => analyst.campaigns.audiencePreview({ params: { pageId }, query: {} }),
      createCampaign: () =>
        analyst.campaigns.createCampaign({
          body: {
            name: 'Analyst campaign',
            description: 'Should not exist',
            pageId,
            tagId: null,
            time: later,
            type: 'ACCOUNT_UPDATE',
            msg: 'Buy now',
          },
        }),
      cancel: () => analyst.campaigns.cancelCampaign({ params: { campaignId: own.id }, body: {} }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body).toEqual({ message: ROLE_MESSAGES.messaging });
    }
    expect(await counts()).toEqual(before);
    expect(await w.outbox(page.fbPageId)).toHaveLength(outboxBefore);
    const [{ status }] = (
      await w.pool.query<{ status: string }>('select status from campaigns where id = $1', [own.id])
    ).rows as [{ status: string }];
    expect(status).toBe('pending');
  });

  it('another admin of a different page still gets 404, not 403 (the page is not leaked)', async () => {
    const res = await w.otherClient.inbox.getRecipients({
      params: { pageId: page.fbPageId },
      query: {},
    });
    expect(res.status).toBe(404);
  });

  it('a role with neither messaging nor insights cannot open the page', async () => {
    const { client } = await coAdmin(page, ['CREATE_CONTENT']);
    const res = await client.pages.getPage({ params: { pageId: page.fbPageId } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: ROLE_MESSAGES.analytics });
  });
});

describe("the page's ad account: for roles that may advertise", () => {
  it('a MESSAGING-only co-admin gets 403 to list, connect or disconnect it; the setup stays readable', async () => {
    const { client } = await coAdmin(page, ['MESSAGING'], true);
    const params = { pageId: page.fbPageId };
    const adAccount = async () =>
      (
        await w.pool.query(
          'select marketing_ad_account_id, marketing_ad_account_name from pages where id = $1',
          [page.uuid],
        )
      ).rows;
    const before = await adAccount();
    const calls = {
      list: () => client.marketing.listAdAccounts({ params }),
      connect: () =>
        client.marketing.connectMarketing({ params, body: { adAccountId: 'act_1234567' } }),
      disconnect: () => client.marketing.disconnectMarketing({ params }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect(res.status, name).toBe(403);
      expect(res.body, name).toEqual({ message: ROLE_MESSAGES.advertise });
    }
    expect(await adAccount()).toEqual(before);
    bodyOf(await client.marketing.getMarketing({ params }), 200);
  });

  it('an ADVERTISE co-admin may list the ad accounts', async () => {
    const { client } = await coAdmin(page, ['ADVERTISE']);
    bodyOf(await client.marketing.listAdAccounts({ params: { pageId: page.fbPageId } }), 200);
  });
});

describe('own page tokens', () => {
  it("an inbox reply uses the admin's own token: without one it asks to reconnect, though the owner's is valid", async () => {
    const p = await w.createPage({ inside: 2, outside: 0 });
    const { client } = await coAdmin(p, ['MESSAGING']);
    const psid = must(p.contacts[0]).psid;
    const res = await client.inbox.sendMessage({
      params: { pageId: p.fbPageId, userId: psid },
      body: { message: 'Hi there' },
    });
    expect(bodyOf(res, 409)).toEqual({ message: RECONNECT_MESSAGE });
    expect(await w.outbox(p.fbPageId)).toHaveLength(0);
  });

  it('a campaign whose page no admin may message as any more stops with the reason, sending nothing', async () => {
    const p = await w.createPage({ inside: 2, outside: 0 });
    await coAdmin(p, ['ANALYZE']);
    // The owner lost messaging on Facebook (their tasks now ANALYZE only): nobody left may send.
    await w.pool.query(`update page_admins set tasks = '{ANALYZE}' where page_id = $1`, [p.uuid]);
    const created = await w.client.campaigns.createCampaign({
      body: {
        name: 'Orphan campaign',
        description: 'No messaging admin',
        pageId: p.fbPageId,
        tagId: null,
        time: new Date().toISOString(),
        sendNow: true,
        type: 'ACCOUNT_UPDATE',
        msg: 'Nobody may send this',
      },
    });
    // Creating needs messaging too: set up by SQL as if it had been scheduled before the change.
    expect(created.status).toBe(403);
    await expectScheduledBeforeToFail(p, 'Orphan', 'Nobody may send this');
  });

  it("a campaign whose admin was removed from the page stops, though a co-admin could send: never on another's token", async () => {
    const p = await w.createPage({ inside: 2, outside: 0 });
    // A co-admin who may message as the page, with a valid token of their own.
    await coAdmin(p, ['MESSAGING'], true);
    // The scheduling admin loses the page on Facebook after scheduling (the re-check removes the link;
    // removed first here, so no worker can start the campaign in between).
    await w.pool.query('delete from page_admins where page_id = $1 and admin_id = $2', [
      p.uuid,
      w.adminId,
    ]);
    await expectScheduledBeforeToFail(p, 'Removed admin', 'Not on a co-admin token');
  });

  /**
   * A campaign scheduled before the admin's access changed (written by SQL: creating it now would be
   * refused) fails with the creator-lost-access reason, and nothing reaches the page's outbox.
   */
  async function expectScheduledBeforeToFail(
    p: { uuid: string; fbPageId: string },
    name: string,
    message: string,
  ) {
    const { rows } = await w.pool.query<{ id: string }>(
      `insert into campaigns (page_id, admin_id, name, description, message, type, scheduled_time)
       values ($1, $2, $3, 'Scheduled before', $4, 'ACCOUNT_UPDATE', now())
       returning id`,
      [p.uuid, w.adminId, name, message],
    );
    const id = must(rows[0]).id;
    const status = await waitFor(
      async () => {
        const r = await w.pool.query<{ status: string; status_reason: string | null }>(
          'select status, status_reason from campaigns where id = $1',
          [id],
        );
        const row = must(r.rows[0]);
        return row.status === 'failed' && row;
      },
      { timeoutMs: 30_000 },
    );
    expect(status.status_reason).toBe(CREATOR_LOST_ACCESS_REASON);
    expect(await w.outbox(p.fbPageId)).toHaveLength(0);
  }
});
