// Access loss acted on early (issue #47 item 5): a page access re-check that finds the scheduling admin off
// the page holds their pending campaigns at once (not at the campaign's time), the scheduler does not start
// a held campaign, access back lifts the hold and it sends; a co-admin's campaigns on the page go on.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenCipher } from '../src/crypto/tokens.js';
import { adminsToVerifyBeforeStart } from '../src/modules/campaigns/dispatch/repo/start.js';
import {
  HOLD_ACCESS_LOST_REASON,
  HOLD_TOKEN_REFUSED_REASON,
} from '../src/modules/campaigns/reasons.js';
import { recheckAdminPages } from '../src/modules/sign-in/page-access-check.js';
import { emu, testGraph } from './support/emulator.js';
import { ACCOUNT_QUERY } from '../src/modules/sign-in/service.js';
import {
  createCampaignWorld,
  type CampaignWorld,
  type WorldPage,
} from './fixtures/campaign-world.js';
import { must } from './support/assert.js';
import { apiClient, bodyOf } from './support/client.js';
import { waitFor } from './support/wait.js';
import type { GraphClient } from '../src/graph/index.js';

let w: CampaignWorld;
let graph: GraphClient;
let ownerFbId: string;

beforeAll(async () => {
  w = await createCampaignWorld();
  graph = testGraph(w.emulator.url.replace(/\/$/, ''));
  ownerFbId = must(
    (
      await w.pool.query<{ fb: string }>('select fb_user_id as fb from admins where id = $1', [
        w.adminId,
      ])
    ).rows[0],
  ).fb;
  await w.startWorker();
});
afterAll(async () => {
  await graph?.close();
  await w?.close();
});

const deps = () => ({ pool: w.pool, graph, tokens: tokenCipher(w.t.config.encryptionKey) });

/** The owner's tasks on the page, on Facebook ([] removes them). */
async function setRole(fbPageId: string, tasks: string[]) {
  const res = await fetch(
    `${w.emulator.url.replace(/\/$/, '')}/_emulator/pages/${fbPageId}/roles/${ownerFbId}`,
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tasks }),
    },
  );
  expect(res.status).toBe(200);
}

/**
 * A co-admin of the page on Facebook who may message as it, linked with the page token Facebook gives them,
 * and their client.
 */
async function coAdmin(p: WorldPage) {
  const user = await emu<{ id: string; access_token: string }>(w.emulator, '/_emulator/users', {
    name: 'Co-admin',
    longLived: true,
  });
  const res = await fetch(
    `${w.emulator.url.replace(/\/$/, '')}/_emulator/pages/${p.fbPageId}/roles/${user.id}`,
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tasks: ['MESSAGING'] }),
    },
  );
  expect(res.status).toBe(200);
  const accounts = await graph.listAccounts(user.access_token, ACCOUNT_QUERY);
  const pageToken = must(accounts.find((a) => a.id === p.fbPageId)?.access_token);
  const adminId = randomUUID();
  await w.pool.query(`insert into admins (id, fb_user_id, name) values ($1, $2, 'Co-admin')`, [
    adminId,
    user.id,
  ]);
  await w.pool.query(
    `insert into page_admins (page_id, admin_id, tasks, page_token_enc) values ($1, $2, '{MESSAGING}', $3)`,
    [p.uuid, adminId, tokenCipher(w.t.config.encryptionKey).encrypt(pageToken)],
  );
  return {
    adminId,
    client: apiClient(w.t.app, await w.t.authHeader({ adminId, userId: user.id })),
  };
}

/** A pending campaign of `adminId` due in `inMs` (by SQL: the form allows whole minutes only). */
async function schedule(p: WorldPage, adminId: string, message: string, inMs: number) {
  const { rows } = await w.pool.query<{ id: string }>(
    `insert into campaigns (page_id, admin_id, name, description, message, type, scheduled_time)
     values ($1, $2, $3, 'Scheduled', $3, 'ACCOUNT_UPDATE', now() + $4 * interval '1 millisecond')
     returning id`,
    [p.uuid, adminId, message, inMs],
  );
  return must(rows[0]).id;
}

const row = async (id: string) =>
  must(
    (
      await w.pool.query<{
        status: string;
        held_at: Date | null;
        held_reason: string | null;
        scheduled_time: Date;
      }>('select status, held_at, held_reason, scheduled_time from campaigns where id = $1', [id])
    ).rows[0],
  );

const sentTexts = async (p: WorldPage) => (await w.outbox(p.fbPageId)).map((e) => e.text);

describe('campaign holds', () => {
  it("a re-check that finds the loss holds that admin's pending campaigns at once; held, it is not sent at its time; access back sends it", async () => {
    const p = await w.createPage({ inside: 2, outside: 0 });
    const co = await coAdmin(p);
    // Both due in 6 s: within the scheduler's 10 s lead, so the owner's is already prepared (snapshot and
    // batch jobs) when the hold comes.
    const own = await schedule(p, w.adminId, 'From the owner', 6_000);
    const theirs = await schedule(p, co.adminId, 'From the co-admin', 6_000);
    const later = await schedule(p, w.adminId, 'Owner, next week', 7 * 86_400_000);

    await setRole(p.fbPageId, []);
    const checkedAt = Date.now();
    expect(await recheckAdminPages(deps(), w.adminId)).toMatchObject({ kind: 'updated' });
    for (const id of [own, later]) {
      const r = await row(id);
      expect(r.status).toBe('pending');
      expect(r.held_reason).toBe(HOLD_ACCESS_LOST_REASON);
      // Within the same minute as the re-check (here: its own transaction).
      expect(Math.abs(must(r.held_at).getTime() - checkedAt)).toBeLessThan(60_000);
    }
    expect((await row(theirs)).held_at).toBeNull();

    // The co-admin sees the hold in the list and the detail (the owner no longer manages the page).
    const list = bodyOf(
      await co.client.campaigns.listCampaigns({ params: { pageId: p.fbPageId }, query: {} }),
      200,
    );
    expect(list.accessRecheckMinutes).toBe(60);
    const listed = must(list.data.find((c) => c.id === own));
    expect(listed.hold?.reason).toBe(HOLD_ACCESS_LOST_REASON);
    expect(listed.accessVerifiedAt).not.toBeNull();
    expect(list.data.find((c) => c.id === theirs)?.hold).toBeNull();
    const detail = bodyOf(
      await co.client.campaigns.getCampaign({ params: { campaignId: own } }),
      200,
    );
    expect(detail.campaign.hold).toMatchObject({ reason: HOLD_ACCESS_LOST_REASON });

    // Past its time: the co-admin's campaign went out, the held one neither started nor failed.
    const settled = (id: string) =>
      waitFor(
        async () => {
          const d = bodyOf(
            await co.client.campaigns.getCampaign({ params: { campaignId: id } }),
            200,
          );
          return ['completed', 'failed', 'cancelled'].includes(d.campaign.status) && d;
        },
        { timeoutMs: 30_000, what: `campaign ${id} settled` },
      );
    const done = await settled(theirs);
    expect(done.campaign.status, done.campaign.statusReason ?? '').toBe('completed');
    await waitFor(async () => Date.now() > (await row(own)).scheduled_time.getTime() + 2_000, {
      timeoutMs: 15_000,
    });
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await row(own)).status).toBe('pending');
    expect(await sentTexts(p)).toEqual(['From the co-admin', 'From the co-admin']);

    // Access back on Facebook: the next re-check lifts the holds; the one whose time passed starts at once.
    await setRole(p.fbPageId, ['MANAGE', 'MESSAGING', 'ANALYZE']);
    await recheckAdminPages(deps(), w.adminId);
    expect((await row(later)).held_at).toBeNull();
    const sent = await settled(own);
    expect(sent.campaign).toMatchObject({ status: 'completed', dispatchedCount: 2, hold: null });
    expect((await sentTexts(p)).filter((t) => t === 'From the owner')).toHaveLength(2);
    expect((await row(later)).status).toBe('pending');
    await w.client.campaigns.cancelCampaign({ params: { campaignId: later }, body: {} });
  });

  it('a refused sign-in holds them with its own reason, and the campaign worker asks for a re-check before a start', async () => {
    const p = await w.createPage({ inside: 1, outside: 0 });
    const soon = await schedule(p, w.adminId, 'Soon', 90_000);
    // Not verified for an hour: the worker (every 30 s) asks for this admin's re-check before the start.
    await w.pool.query(
      `update admins set access_verified_at = now() - interval '1 hour' where id = $1`,
      [w.adminId],
    );
    expect(await adminsToVerifyBeforeStart(w.pool, 120_000, 150_000)).toContain(w.adminId);
    await waitFor(
      async () =>
        (
          await w.pool.query(
            `select 1 from pgboss.job where name = 'page-access' and data->>'adminId' = $1`,
            [w.adminId],
          )
        ).rowCount === 1,
      { timeoutMs: 40_000, what: 'the pre-start re-check job' },
    );

    const stored = await w.pool.query<{ enc: string }>(
      'select user_token_enc as enc from admins where id = $1',
      [w.adminId],
    );
    const userToken = deps().tokens.decrypt(must(stored.rows[0]).enc);
    await fetch(`${w.emulator.url.replace(/\/$/, '')}/_emulator/tokens/${userToken}/revoke`, {
      method: 'POST',
    });
    expect(await recheckAdminPages(deps(), w.adminId)).toEqual({ kind: 'token_invalid' });
    expect((await row(soon)).held_reason).toBe(HOLD_TOKEN_REFUSED_REASON);
    // Refused, their token is not used for re-checks, so the worker asks for none.
    expect(await adminsToVerifyBeforeStart(w.pool, 120_000, 150_000)).not.toContain(w.adminId);
  });
});
