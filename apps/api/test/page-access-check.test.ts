// Page access follows Facebook between sign-ins: the re-check reads /me/accounts again with the admin's
// stored user token; a page they were removed from is unlinked (404), a downgraded role answers 403, and a
// user token Facebook refuses marks their tokens for renewal at the next sign-in.
import type { Emulator } from '@pagecast/graph-emulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_MESSAGES } from '../src/auth/page-access.js';
import { tokenCipher } from '../src/crypto/tokens.js';
import type { GraphClient } from '../src/graph/index.js';
import { pageAccessSchedule, sweep } from '../src/jobs/page-access.js';
import { recheckAdminPages } from '../src/modules/sign-in/page-access-check.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { apiClient, bodyOf } from './support/client.js';
import { emu, startTestEmulator, testGraph } from './support/emulator.js';

let emulator: Emulator;
let graph: GraphClient;
let t: TestApp;
let signIns = 0;

beforeAll(async () => {
  emulator = await startTestEmulator();
  graph = testGraph(emulator.url);
  t = await createTestApp({ env: { GRAPH_API_URL: emulator.url.replace(/\/$/, '') }, graph });
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
  await emulator?.close();
});

const deps = () => ({
  pool: t.database.pool,
  graph,
  tokens: tokenCipher(t.config.encryptionKey),
});

/** A user owning two pages, signed in for real; returns ids and a bearer header. */
async function owner() {
  const user = await emu<{ id: string }>(emulator.url, '/_emulator/users', { name: 'Owner' });
  const pageIds: string[] = [];
  for (const name of ['Kept Page', 'Lost Page']) {
    pageIds.push(
      (await emu<{ id: string }>(emulator.url, '/_emulator/pages', { ownerId: user.id, name })).id,
    );
  }
  const { access_token: accessToken } = await emu<{ access_token: string }>(
    emulator.url,
    `/_emulator/users/${user.id}/tokens`,
    {},
  );
  // Each sign-in from its own remote address (sign-in is limited per address).
  const anonymous = apiClient(t.app, {}, { remoteAddress: `10.8.0.${++signIns}` });
  const res = await anonymous.signIn.registerUserAdmin({
    body: { name: 'Owner', userId: user.id, accessToken },
  });
  const { jwt } = bodyOf(res, 200);
  const { rows } = await t.database.db.execute<{ id: string }>(
    sql`select id from admins where fb_user_id = ${user.id}`,
  );
  return {
    userId: user.id,
    adminId: rows[0]?.id as string,
    kept: pageIds[0] as string,
    lost: pageIds[1] as string,
    headers: { authorization: `Bearer ${jwt}` },
    accessToken,
  };
}

const pageOf = (pageId: string, headers: Record<string, string>) =>
  apiClient(t.app, headers).pages.getPage({ params: { pageId } });

describe('page access re-check', () => {
  it('unlinks a page the admin was removed from and applies a downgraded role', async () => {
    const o = await owner();
    expect((await pageOf(o.lost, o.headers)).status).toBe(200);
    // On Facebook: removed from one page, only ANALYZE left on the other.
    const world = emulator.world;
    world.pages.get(o.lost)?.roles.delete(o.userId);
    world.pages.get(o.kept)?.roles.set(o.userId, ['ANALYZE']);

    expect(await recheckAdminPages(deps(), o.adminId)).toEqual({ kind: 'updated', unlinked: 1 });
    expect((await pageOf(o.lost, o.headers)).status).toBe(404);
    const kept = await pageOf(o.kept, o.headers);
    expect(bodyOf(kept, 200).canMessage).toBe(false);
    const inbox = await apiClient(t.app, o.headers).inbox.getRecipients({
      params: { pageId: o.kept },
    });
    // 403 is not among the route's declared answers (pageErrors), so it is read untyped.
    expect(inbox.status).toBe(403);
    expect(inbox.body).toEqual({ message: ROLE_MESSAGES.messaging });
  });

  it('asks Meta again for the webhooks of a page whose features are off or were never confirmed', async () => {
    const o = await owner();
    const features = async () =>
      (
        await t.database.db.execute<{ on: number }>(sql`
          select count(*) filter (where f.subscribed)::int as on from page_webhook_features f
            join pages p on p.id = f.page_id where p.fb_page_id = ${o.kept}`)
      ).rows[0]?.on;
    expect(await features()).toBe(7);
    // Meta lost the subscription and the page's verdicts are gone (as for a page never confirmed).
    emulator.world.pages.get(o.kept)?.subscribedApps.clear();
    await t.database.db.execute(sql`
      delete from page_webhook_features f using pages p
       where p.id = f.page_id and p.fb_page_id = ${o.kept}`);
    expect(await recheckAdminPages(deps(), o.adminId)).toEqual({ kind: 'updated', unlinked: 0 });
    expect(await features()).toBe(7);
    expect(emulator.world.pages.get(o.kept)?.subscribedApps.get('1000000000000001')).toContain(
      'messages',
    );
  });

  it('a call that reached no verdict never overwrites one Meta gave, and fills only what was never asked', async () => {
    const { saveWebhookFeatures, webhookFeaturesOff } =
      await import('../src/modules/webhooks/repo.js');
    const o = await owner();
    const db = t.database.db;
    const pageUuid = (
      await db.execute<{ id: string }>(sql`select id from pages where fb_page_id = ${o.kept}`)
    ).rows[0]?.id as string;
    await db.execute(sql`
      delete from page_webhook_features where page_id = ${pageUuid} and feature = 'marketing_reads'`);
    await db.execute(sql`
      update page_webhook_features set subscribed = false, reason = 'permission', permission = 'pages_messaging'
       where page_id = ${pageUuid} and feature = 'optins'`);
    const failed = (feature: 'inbox' | 'optins' | 'marketing_reads') => ({
      feature,
      subscribed: false,
      reason: 'failed',
      permission: null,
      error: 'Graph API network error: socket hang up',
    });
    await saveWebhookFeatures(
      t.database.pool,
      o.kept,
      [failed('inbox'), failed('optins'), failed('marketing_reads')],
      { keepKnown: true },
    );
    expect(
      (await webhookFeaturesOff(t.database.pool, pageUuid)).map((f) => [
        f.feature,
        f.reason,
        f.permission,
      ]),
    ).toEqual([
      ['optins', 'permission', 'pages_messaging'],
      ['marketing_reads', 'failed', null],
    ]);
  });

  it('a user token Facebook refuses marks the admin and their page tokens invalid and ends their sessions', async () => {
    const o = await owner();
    const stored = await t.database.db.execute<{ enc: string }>(
      sql`select user_token_enc as enc from admins where id = ${o.adminId}`,
    );
    const userToken = deps().tokens.decrypt(stored.rows[0]?.enc as string);
    await fetch(`${emulator.url.replace(/\/$/, '')}/_emulator/tokens/${userToken}/revoke`, {
      method: 'POST',
    });
    expect(await recheckAdminPages(deps(), o.adminId)).toEqual({ kind: 'token_invalid' });
    const { rows } = await t.database.db.execute<{ admin: string; links: string[] }>(sql`
      select a.token_status as admin, array_agg(pa.token_status) as links
        from admins a join page_admins pa on pa.admin_id = a.id
       where a.id = ${o.adminId} group by a.token_status`);
    expect(rows[0]).toEqual({ admin: 'invalid', links: ['invalid', 'invalid'] });
    // Nothing is unlinked on a token error (both links are still there, above): the pages are unknown,
    // not lost. But the sessions end: the JWT is refused from now on.
    expect((await pageOf(o.kept, o.headers)).status).toBe(401);
    const ended = await t.database.db.execute<{ reason: string | null }>(
      sql`select end_reason as reason from sessions where admin_id = ${o.adminId}`,
    );
    expect(ended.rows.map((r) => r.reason)).toEqual(['token_refused']);
  });

  it('the scheduled sweep re-checks every admin with a valid token, one failure not stopping the rest', async () => {
    const o = await owner();
    emulator.world.pages.get(o.lost)?.roles.delete(o.userId);
    const result = await sweep(deps());
    expect(result.checked).toBeGreaterThanOrEqual(1);
    expect(result.failed).toBe(0);
    expect((await pageOf(o.lost, o.headers)).status).toBe(404);
  });

  it("the sweep's schedule follows PAGE_ACCESS_RECHECK_MINUTES: even gaps under an hour, whole hours above", () => {
    expect(pageAccessSchedule(60)).toBe('17 * * * *');
    expect(pageAccessSchedule(15)).toBe('*/15 * * * *');
    expect(pageAccessSchedule(45)).toBe('*/30 * * * *');
    expect(pageAccessSchedule(1)).toBe('* * * * *');
    expect(pageAccessSchedule(360)).toBe('17 */6 * * *');
    expect(pageAccessSchedule(1440)).toBe('17 0 * * *');
  });
});
