// Data deletion (docs/data-deletion.md): the user's own request, Meta's callbacks (through the emulator's remove-app),
// the job, the status and the operator route — against a real Postgres, pg-boss and the emulator.
import { createHmac } from 'node:crypto';
import { contract } from '@pagecast/contract';
import { startEmulator, type Emulator } from '@pagecast/graph-emulator';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { tokenCipher } from '../src/crypto/tokens.js';
import { freePort } from '../src/db/embedded.js';
import {
  admins,
  campaignRecipients,
  campaigns,
  contacts,
  contactTags,
  deletionRequests,
  messages,
  pageAdmins,
  pages,
  pageSyncs,
  tags,
  webhookEvents,
} from '../src/db/schema/index.js';
import { createGraphClient, type GraphClient } from '../src/graph/index.js';
import { registerWorkers, startBoss, stopBoss } from '../src/jobs/index.js';
import { CAMPAIGN_BATCH_QUEUE, DATA_DELETION_QUEUE } from '../src/queues/index.js';
import { registerDataDeletionWorker } from '../src/jobs/data-deletion.js';
import { deleteAdminData, runDeletionJob } from '../src/modules/deletion/service.js';
import { apiClient, bodyOf, type ApiClient } from './support/client.js';
import { waitFor } from './support/wait.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';
import { sessionToken, testConfig } from './helpers/app.js';
import { graphRequestLog } from './helpers/graph-requests.js';
import { ingestConsumers } from '../src/runtime.js';

const OPERATOR_ID = '1999999999999999';
const WEB_ORIGIN = 'http://pagecast.test';

let database: TestDatabase;
let emulator: Emulator;
let graph: GraphClient;
let boss: PgBoss;
let config: Config;
let app: FastifyInstance;
/** The contract client without a session: every route here but the operator's is public. */
let api: ApiClient;
let workersOn = false;

const db = () => database.db;

function one<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('expected a row');
  return row;
}
const cipher = () => tokenCipher(config.encryptionKey);

async function startWorkers() {
  if (workersOn) return;
  workersOn = true;
  await registerWorkers(boss, {
    config,
    pool: database.pool,
    boss,
    graph,
    tokens: cipher(),
    afterCommit: ingestConsumers(database.pool),
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const appPort = await freePort(46000 + Math.floor(Math.random() * 4000));
  // The callback URLs Meta is configured with: Meta calls them, so they are the contract's paths.
  const base = `http://127.0.0.1:${appPort}`;
  emulator = await startEmulator({
    ...graphRequestLog(),
    port: 0,
    host: '127.0.0.1',
    seed: 'empty',
    dataDeletionCallbackUrl: `${base}${contract.system.dataDeletionCallback.path}`,
    deauthorizeCallbackUrl: `${base}${contract.system.deauthorizeCallback.path}`,
  });
  const emulatorUrl = emulator.url.replace(/\/$/, '');
  config = testConfig({
    GRAPH_API_URL: emulatorUrl,
    OPERATOR_USER_IDS: OPERATOR_ID,
    WEB_ORIGIN,
  });
  graph = createGraphClient({
    baseUrl: emulatorUrl,
    version: config.graphApiVersion,
    appId: config.fbAppId,
    appSecret: config.fbAppSecret,
    maxRetries: 0,
  });
  boss = await startBoss(database.url);
  app = await buildApp({ config, pool: database.pool, boss, graph });
  api = apiClient(app);
  await app.listen({ host: '127.0.0.1', port: appPort });
});

afterAll(async () => {
  await app?.close();
  if (boss) await stopBoss(boss, 2000);
  await graph?.close();
  await emulator?.close();
  await database?.drop();
});

// ---- the world --------------------------------------------------------------------------------------

async function control<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${emulator.url.replace(/\/$/, '')}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface SocialUser {
  id: string;
  access_token: string;
  adminId: string;
}

/** A user of the social network, signed in to Pagecast (admin row with an encrypted token). */
async function user(name: string): Promise<SocialUser> {
  const u = await control<{ id: string; access_token: string }>('/_emulator/users', { name });
  const rows = await db()
    .insert(admins)
    .values({ fbUserId: u.id, name, userTokenEnc: cipher().encrypt(u.access_token) })
    .returning({ id: admins.id });
  return { ...u, adminId: one(rows).id };
}

interface SeededPage {
  id: string;
  fbPageId: string;
}

/**
 * A page on the network (with contacts who wrote recently) and in Pagecast with everything a page holds:
 * contacts, messages, a tag and assignments, a finished campaign with recipients, a sync, a webhook event.
 */
async function page(owners: SocialUser[], name: string, contactCount = 4): Promise<SeededPage> {
  const p = await control<{
    id: string;
    access_token: string;
    contacts: Array<{ psid: string; name: string }>;
  }>('/_emulator/pages', {
    ownerId: one(owners).id,
    name,
    contacts: contactCount,
    coAdmins: owners.slice(1).map((o) => o.id),
  });
  const d = db();
  const row = one(
    await d
      .insert(pages)
      .values({
        fbPageId: p.id,
        name,
        pageTokenEnc: cipher().encrypt(p.access_token),
        syncScope: 'full',
      })
      .returning({ id: pages.id }),
  );
  const pageId = row.id;
  await d.insert(pageAdmins).values(
    owners.map((o) => ({
      pageId,
      adminId: o.adminId,
      tasks: ['MANAGE', 'MESSAGING'],
      pageTokenEnc: cipher().encrypt(p.access_token),
    })),
  );
  const contactRows = await d
    .insert(contacts)
    .values(
      p.contacts.map((c) => ({ pageId, psid: c.psid, name: c.name, lastInboundAt: new Date() })),
    )
    .returning({ id: contacts.id, psid: contacts.psid });
  await d.insert(messages).values(
    contactRows.flatMap((c, i) => [
      {
        pageId,
        contactId: c.id,
        mid: `m_${p.id}_${i}_in`,
        direction: 'in' as const,
        text: 'Hi',
        sentBy: c.psid,
      },
      {
        pageId,
        contactId: c.id,
        mid: `m_${p.id}_${i}_out`,
        direction: 'out' as const,
        text: 'Hello',
        sentBy: 'page',
      },
    ]),
  );
  const tag = one(
    await d.insert(tags).values({ pageId, name: 'VIP', description: 'Best' }).returning(),
  );
  await d
    .insert(contactTags)
    .values(contactRows.slice(0, 2).map((c) => ({ contactId: c.id, tagId: tag.id, pageId })));
  const campaign = one(
    await d
      .insert(campaigns)
      .values({
        pageId,
        adminId: one(owners).adminId,
        name: 'Done',
        message: 'Sent before',
        type: 'ACCOUNT_UPDATE',
        scheduledTime: new Date(Date.now() - 86_400_000),
        status: 'completed',
      })
      .returning(),
  );
  await d.insert(campaignRecipients).values(
    contactRows.map((c) => ({
      campaignId: campaign.id,
      contactId: c.id,
      psid: c.psid,
      state: 'sent' as const,
    })),
  );
  await d.insert(pageSyncs).values({ pageId, status: 'completed', processed: contactRows.length });
  await d.insert(webhookEvents).values({
    object: 'page',
    payload: {
      object: 'page',
      entry: [{ id: p.id, time: Date.now(), messaging: [{ message: { text: 'Hi' } }] }],
    },
  });
  return { id: pageId, fbPageId: p.id };
}

async function pendingCampaign(pg: SeededPage, admin: SocialUser, inMs: number) {
  const row = one(
    await db()
      .insert(campaigns)
      .values({
        pageId: pg.id,
        adminId: admin.adminId,
        name: 'Upcoming',
        message: 'Hello everyone',
        type: 'ACCOUNT_UPDATE',
        scheduledTime: new Date(Date.now() + inMs),
        status: 'pending',
      })
      .returning(),
  );
  const recipients = await db().select().from(contacts).where(eq(contacts.pageId, pg.id));
  await db()
    .insert(campaignRecipients)
    .values(recipients.map((c) => ({ campaignId: row.id, contactId: c.id, psid: c.psid })));
  return row;
}

/** Every row that belongs to a page, per table (and its webhook events). */
async function pageFootprint(pg: SeededPage) {
  const count = async (q: ReturnType<typeof sql>) =>
    (await db().execute<{ n: number }>(q)).rows[0]?.n ?? 0;
  return {
    page: await count(sql`select count(*)::int n from pages where id = ${pg.id}`),
    links: await count(sql`select count(*)::int n from page_admins where page_id = ${pg.id}`),
    contacts: await count(sql`select count(*)::int n from contacts where page_id = ${pg.id}`),
    messages: await count(sql`select count(*)::int n from messages where page_id = ${pg.id}`),
    tags: await count(sql`select count(*)::int n from tags where page_id = ${pg.id}`),
    contactTags: await count(
      sql`select count(*)::int n from contact_tags where page_id = ${pg.id}`,
    ),
    campaigns: await count(sql`select count(*)::int n from campaigns where page_id = ${pg.id}`),
    recipients: await count(
      sql`select count(*)::int n from campaign_recipients r join campaigns c on c.id = r.campaign_id where c.page_id = ${pg.id}`,
    ),
    syncs: await count(sql`select count(*)::int n from page_syncs where page_id = ${pg.id}`),
    webhookEvents: await count(
      sql`select count(*)::int n from webhook_events where payload->'entry' @> ${JSON.stringify([{ id: pg.fbPageId }])}::jsonb`,
    ),
  };
}

const EMPTY = {
  page: 0,
  links: 0,
  contacts: 0,
  messages: 0,
  tags: 0,
  contactTags: 0,
  campaigns: 0,
  recipients: 0,
  syncs: 0,
  webhookEvents: 0,
};

async function adminExists(u: SocialUser) {
  return (await db().select().from(admins).where(eq(admins.fbUserId, u.id))).length === 1;
}

async function requestsOf(u: SocialUser) {
  return db().select().from(deletionRequests).where(eq(deletionRequests.fbUserId, u.id));
}

/** The status of the user's latest request, as its person reaches it: by the confirmation code they got. */
async function statusOf(fbUserId: string) {
  const { rows } = await database.pool.query<{ code: string }>(
    `select confirmation_code as code from deletion_requests
      where fb_user_id = $1 order by requested_at desc limit 1`,
    [fbUserId],
  );
  return status(rows[0]?.code ?? 'none');
}

let statusCalls = 0;
/** The status page's call; each from an address of its own, as the tests poll it past its per-address limit. */
async function status(id: string) {
  const remoteAddress = `10.9.${Math.floor(++statusCalls / 250) % 250}.${statusCalls % 250}`;
  const res = await apiClient(app, {}, { remoteAddress }).user.deletionStatus({ params: { id } });
  return { code: res.status, body: res.body };
}
/** Whether the status says the data is deleted (false for any other answer). */
const isDeleted = ({ body }: Awaited<ReturnType<typeof status>>) =>
  'deleted' in body && body.deleted;

const deleteUser = (userId: string, accessToken: string) =>
  api.user.deleteUser({ body: { userId, accessToken } });

function signed(payload: Record<string, unknown>, secret = config.fbAppSecret): string {
  const body = Buffer.from(JSON.stringify({ algorithm: 'HMAC-SHA256', ...payload })).toString(
    'base64url',
  );
  return `${createHmac('sha256', secret).update(body).digest('base64url')}.${body}`;
}

/** Meta's callbacks, as Meta sends them: a form with the signed request. */
const dataDeletion = (signedRequest: string) =>
  api.system.dataDeletionCallback({ body: { signed_request: signedRequest } });
const deauthorize = (signedRequest: string) =>
  api.system.deauthorizeCallback({ body: { signed_request: signedRequest } });

const nowS = () => Math.floor(Date.now() / 1000);

// ---- tests --------------------------------------------------------------------------------------------

describe('data deletion', () => {
  it('cancels a pending campaign before answering, so it never sends; status moves to deleted', async () => {
    // Every worker of the product runs (campaign dispatch included), except the deletion job for now, so
    // the page is still there when its campaign falls due.
    await startWorkers();
    await boss.offWork(DATA_DELETION_QUEUE);
    const owner = await user('Campaign Owner');
    const pg = await page([owner], 'Soon Page', 3);
    const campaign = await pendingCampaign(pg, owner, 1500);
    const batchJob = await boss.send(
      CAMPAIGN_BATCH_QUEUE,
      { campaignId: campaign.id, batchNo: 0 },
      { startAfter: campaign.scheduledTime },
    );

    const res = await deleteUser(owner.id, owner.access_token);
    // The code of the request: what the status page is addressed by.
    const answer = bodyOf(res, 200);
    expect(answer).toEqual({
      success: true,
      confirmationCode: expect.stringMatching(/^DR[0-9A-F]{20}$/),
    });

    // Answered with the deletion job still queued: everything that could send is stopped already.
    const [c] = await db().select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(c).toMatchObject({ status: 'cancelled', statusReason: 'Data deletion requested' });
    const [p] = await db().select().from(pages).where(eq(pages.id, pg.id));
    expect(p).toMatchObject({ tokenStatus: 'revoked', pageTokenEnc: null });
    const [a] = await db().select().from(admins).where(eq(admins.id, owner.adminId));
    expect(a).toMatchObject({ tokenStatus: 'revoked', userTokenEnc: null });
    const job = await boss.getJobById(CAMPAIGN_BATCH_QUEUE, batchJob as string);
    expect(job?.state).toBe('cancelled');

    const request = one(await requestsOf(owner));
    expect(request.status).toBe('in_progress');
    expect(request.confirmationCode).toBe(answer.confirmationCode);
    expect(await statusOf(owner.id)).toEqual({
      code: 200,
      body: { userId: owner.id, message: 'Deletion in progress', deleted: false },
    });
    expect((await status(request.confirmationCode)).body).toMatchObject({ deleted: false });

    // Past the campaign's time (the dispatcher looks every 250 ms) nothing went out to the page's contacts.
    await waitFor(async () => Date.now() > campaign.scheduledTime.getTime() + 1500, {
      what: 'the campaign time',
    });
    const outbox = await control<{ count: number }>(`/_emulator/pages/${pg.fbPageId}/outbox`);
    expect(outbox.count).toBe(0);

    await registerDataDeletionWorker(
      boss,
      { pool: database.pool },
      { pollingIntervalSeconds: 0.5 },
    );
    const done = await waitFor(
      async () => {
        const s = await statusOf(owner.id);
        return isDeleted(s) ? s : undefined;
      },
      { what: 'the deletion job' },
    );
    expect(done).toEqual({
      code: 200,
      body: { userId: owner.id, message: 'Your data has been deleted', deleted: true },
    });
    expect(await pageFootprint(pg)).toEqual(EMPTY);
    expect(await adminExists(owner)).toBe(false);
  });

  it('a replayed data-deletion callback answers its first code and never deletes a user who came back', async () => {
    await startWorkers();
    const dan = await user('Dan');
    const pg = await page([dan], 'Dan Page');
    const request = signed({ user_id: dan.id, issued_at: nowS() });
    const first = await dataDeletion(request);
    const { confirmation_code: code } = bodyOf(first, 200);
    await waitFor(async () => isDeleted(await statusOf(dan.id)), { what: "dan's deletion" });
    expect(await pageFootprint(pg)).toEqual(EMPTY);

    // Dan signs up again; someone replays the captured callback within its 24 hours.
    await db().insert(admins).values({ fbUserId: dan.id, name: 'Dan again' });
    const replay = await dataDeletion(request);
    expect(bodyOf(replay, 200)).toMatchObject({ confirmation_code: code });
    await new Promise((r) => setTimeout(r, 500));
    expect(await adminExists(dan)).toBe(true);
    expect(await requestsOf(dan)).toHaveLength(1);
    // The same for deauthorize: a replay is a no-op.
    const deauth = signed({ user_id: dan.id, issued_at: nowS() + 1 });
    expect((await deauthorize(deauth)).status).toBe(200);
    await db().update(admins).set({ tokenStatus: 'valid' }).where(eq(admins.fbUserId, dan.id));
    expect((await deauthorize(deauth)).status).toBe(200);
    const [row] = await db().select().from(admins).where(eq(admins.fbUserId, dan.id));
    expect(row?.tokenStatus).toBe('valid');
  });

  it('a replay re-encoded (padding, the other base64 alphabet, other unused bits) is still a replay', async () => {
    await startWorkers();
    const eve = await user('Eve');
    await page([eve], 'Eve Page');
    // A payload whose signature has both URL-safe characters, so the other alphabet differs.
    let request = '';
    for (let i = 0; !/[-_]/.test(request.split('.')[0] ?? ''); i++)
      request = signed({ user_id: eve.id, issued_at: nowS(), n: i });
    const first = await dataDeletion(request);
    const { confirmation_code: code } = bodyOf(first, 200);
    await waitFor(async () => isDeleted(await statusOf(eve.id)), { what: "eve's deletion" });
    await db().insert(admins).values({ fbUserId: eve.id, name: 'Eve again' });

    const [sig, payload] = request.split('.') as [string, string];
    // 32 bytes make 43 characters: the last carries 2 unused bits, which decoders ignore.
    const last = sig.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const otherBits = alphabet[alphabet.indexOf(last) ^ 1] as string;
    const variants = [
      `${sig}=.${payload}`,
      `${sig.replaceAll('-', '+').replaceAll('_', '/')}.${payload}`,
      `${sig.slice(0, -1)}${otherBits}.${payload}`,
    ];
    for (const variant of variants) {
      const res = await dataDeletion(variant);
      expect(bodyOf(res, 200, variant), variant).toMatchObject({ confirmation_code: code });
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(await adminExists(eve)).toBe(true);
    expect(await requestsOf(eve)).toHaveLength(1);
  });

  it("removes exactly the user's data and keeps a co-admin's shared page with its data", async () => {
    await startWorkers();
    const alice = await user('Alice');
    const bob = await user('Bob');
    const alicesOwn = await page([alice], 'Alice Only');
    const shared = await page([alice, bob], 'Shared Page');
    const bobsOwn = await page([bob], 'Bob Only');
    const sharedCampaign = await pendingCampaign(shared, alice, 3_600_000);
    const sharedBefore = await pageFootprint(shared);
    const bobsBefore = await pageFootprint(bobsOwn);

    const res = await deleteUser(alice.id, alice.access_token);
    expect(res.status).toBe(200);
    await waitFor(async () => isDeleted(await statusOf(alice.id)), {
      what: "alice's deletion",
    });

    expect(await pageFootprint(alicesOwn)).toEqual(EMPTY);
    expect(await adminExists(alice)).toBe(false);
    expect(await pageFootprint(shared)).toEqual({ ...sharedBefore, links: 1 });
    expect(await pageFootprint(bobsOwn)).toEqual(bobsBefore);
    expect(await adminExists(bob)).toBe(true);
    // The shared page's campaign is the page's (Bob still runs it); it just no longer names Alice.
    const [c] = await db().select().from(campaigns).where(eq(campaigns.id, sharedCampaign.id));
    expect(c).toMatchObject({ status: 'pending', adminId: null });
    const [sp] = await db().select().from(pages).where(eq(pages.id, shared.id));
    expect(sp?.tokenStatus).toBe('valid');
    const [request] = await requestsOf(alice);
    expect(request).toMatchObject({ status: 'deleted' });
    expect(request?.completedAt).toBeInstanceOf(Date);

    // Running it again (the job retried, a duplicate request) is harmless.
    expect(await runDeletionJob(database.pool, alice.id)).toMatchObject({
      adminFound: false,
      deletedPages: 0,
    });
    const again = await deleteUser(alice.id, alice.access_token);
    expect(again.status).toBe(200);
    await waitFor(
      async () =>
        (await requestsOf(alice)).every((r) => r.status === 'deleted') &&
        (await requestsOf(alice)).length === 2,
      { what: 'the second request' },
    );
    expect(await pageFootprint(shared)).toEqual({ ...sharedBefore, links: 1 });
    expect(await pageFootprint(bobsOwn)).toEqual(bobsBefore);
  });

  it('empties a big page in chunks, then the page and the admin', async () => {
    const owner = await user('Chunky');
    const pg = await page([owner], 'Chunky Page', 11);
    const outcome = await deleteAdminData(database.pool, owner.id, { chunkSize: 3 });
    expect(outcome).toEqual({
      adminFound: true,
      deletedPages: 1,
      keptPages: 0,
      cancelledCampaigns: 0,
    });
    expect(await pageFootprint(pg)).toEqual(EMPTY);
    expect(await adminExists(owner)).toBe(false);
  });

  it("refuses another user's token and forged, altered or expired signed requests, deleting nothing", async () => {
    const carol = await user('Carol');
    const mallory = await user('Mallory');
    const pg = await page([carol], 'Carol Page');
    const campaign = await pendingCampaign(pg, carol, 3_600_000);
    const before = await pageFootprint(pg);

    const refusals = [
      await deleteUser(carol.id, mallory.access_token),
      await deleteUser(carol.id, 'not-a-real-token-at-all'),
      await dataDeletion(signed({ user_id: carol.id, issued_at: nowS() }, 'wrong-secret')),
      await dataDeletion(signed({ user_id: carol.id, issued_at: nowS(), algorithm: 'HMAC-SHA1' })),
      await dataDeletion(
        signed({ user_id: carol.id, issued_at: nowS() - 7200, expires: nowS() - 3600 }),
      ),
      await dataDeletion(signed({ user_id: carol.id, issued_at: nowS() - 3 * 86_400 })),
      await deauthorize(signed({ user_id: carol.id, issued_at: nowS() }, 'wrong-secret')),
    ];
    // A valid signature over one payload, glued to another user's payload.
    const genuine = signed({ user_id: mallory.id, issued_at: nowS() });
    const altered = `${genuine.split('.')[0]}.${Buffer.from(JSON.stringify({ algorithm: 'HMAC-SHA256', user_id: carol.id, issued_at: nowS() })).toString('base64url')}`;
    refusals.push(await dataDeletion(altered));
    for (const res of refusals) {
      expect(bodyOf(res, 401)).toHaveProperty('message');
    }
    // Raw: a form without signed_request, which the contract's body type cannot express.
    const malformed = await app.inject({
      method: 'POST',
      url: contract.system.dataDeletionCallback.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'nothing=here',
    });
    expect(malformed.statusCode).toBe(400);

    expect(await pageFootprint(pg)).toEqual(before);
    expect(await adminExists(carol)).toBe(true);
    expect(await requestsOf(carol)).toEqual([]);
    const [c] = await db().select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(c?.status).toBe('pending');
    const [a] = await db().select().from(admins).where(eq(admins.id, carol.adminId));
    expect(a?.tokenStatus).toBe('valid');
  });

  it("runs Meta's data-deletion and deauthorize callbacks from the emulator's remove-app", async () => {
    await startWorkers();
    const dave = await user('Dave');
    const pg = await page([dave], 'Dave Page');
    await pendingCampaign(pg, dave, 3_600_000);

    const removed = await control<{
      dataDeletion: { status: number; body: { url: string; confirmation_code: string } };
      deauthorize: { status: number; body: unknown };
    }>(`/_emulator/users/${dave.id}/remove-app`, {});
    expect(removed.dataDeletion.status).toBe(200);
    // Meta shows the person a link to their status by the code, never by their user id.
    expect(removed.dataDeletion.body.confirmation_code).toMatch(/^[A-Za-z0-9]+$/);
    expect(removed.dataDeletion.body.url).toBe(
      `${WEB_ORIGIN}/deletion-status/${removed.dataDeletion.body.confirmation_code}`,
    );
    expect(removed.deauthorize).toMatchObject({ status: 200, body: { success: true } });

    const code = removed.dataDeletion.body.confirmation_code;
    await waitFor(async () => isDeleted(await status(code)), { what: "dave's deletion" });
    expect((await status(code)).body).toEqual({
      userId: dave.id,
      message: 'Your data has been deleted',
      deleted: true,
    });
    expect(await pageFootprint(pg)).toEqual(EMPTY);
    expect(await adminExists(dave)).toBe(false);
  });

  it('deauthorize revokes the tokens and stops the campaigns of pages only the user manages', async () => {
    const erin = await user('Erin');
    const frank = await user('Frank');
    const own = await page([erin], 'Erin Page');
    const shared = await page([erin, frank], 'Erin and Frank');
    const ownCampaign = await pendingCampaign(own, erin, 3_600_000);
    const sharedCampaign = await pendingCampaign(shared, erin, 3_600_000);
    const before = await pageFootprint(own);

    const res = await deauthorize(signed({ user_id: erin.id, issued_at: nowS() }));
    expect(bodyOf(res, 200)).toEqual({ success: true });

    const [a] = await db().select().from(admins).where(eq(admins.id, erin.adminId));
    expect(a?.tokenStatus).toBe('revoked');
    const pageRows = await db().select().from(pages).where(eq(pages.id, own.id));
    expect(pageRows[0]?.tokenStatus).toBe('revoked');
    const [sp] = await db().select().from(pages).where(eq(pages.id, shared.id));
    expect(sp?.tokenStatus).toBe('valid');
    const [oc] = await db().select().from(campaigns).where(eq(campaigns.id, ownCampaign.id));
    expect(oc).toMatchObject({
      status: 'cancelled',
      statusReason: 'App access was removed in Facebook',
    });
    const [sc] = await db().select().from(campaigns).where(eq(campaigns.id, sharedCampaign.id));
    expect(sc?.status).toBe('pending');
    // Deauthorizing is not deleting: the data stays until a deletion request.
    expect(await pageFootprint(own)).toEqual(before);
    expect(await requestsOf(erin)).toEqual([]);
    // An unknown user is a no-op, still acknowledged.
    expect((await deauthorize(signed({ user_id: '777000777', issued_at: nowS() }))).status).toBe(
      200,
    );
  });

  it('the operator route refuses others and deletes in one go for an operator', async () => {
    const gina = await user('Gina');
    const harry = await user('Harry');
    const pg = await page([gina], 'Gina Page');
    const shared = await page([gina, harry], 'Gina and Harry');
    const sharedBefore = await pageFootprint(shared);
    const bearer = async (userId: string, role: 'admin' | 'operator') => ({
      authorization: `Bearer ${await sessionToken(app, database.pool, { adminId: harry.adminId, userId, role })}`,
    });
    /** The operator route on Gina, with this session (none when not given). */
    const deleteGina = (session?: { authorization: string }) =>
      apiClient(app, session).operator.deleteByUser({ params: { id: gina.id } });

    expect((await deleteGina()).status).toBe(401);
    expect((await deleteGina(await bearer(harry.id, 'admin'))).status).toBe(403);
    // An operator role in an old token is not enough once the id is no longer configured.
    expect((await deleteGina(await bearer(harry.id, 'operator'))).status).toBe(403);
    expect(await adminExists(gina)).toBe(true);

    const res = await deleteGina(await bearer(OPERATOR_ID, 'operator'));
    expect(bodyOf(res, 200)).toEqual({ success: true, deletedPages: 1 });
    expect(await pageFootprint(pg)).toEqual(EMPTY);
    expect(await pageFootprint(shared)).toEqual({ ...sharedBefore, links: 1 });
    expect(await adminExists(gina)).toBe(false);
    expect((await statusOf(gina.id)).body).toMatchObject({ deleted: true });

    const unknown = await deleteGina(await bearer(OPERATOR_ID, 'operator'));
    expect(unknown.status).toBe(404);
  });

  it('the status says nothing for an id without a request and rejects malformed ids', async () => {
    const nobody = await user('Nobody');
    // A user id is not a key of the status: it would tell anyone who asked for deletion.
    const asked = await user('Asked');
    await dataDeletion(signed({ user_id: asked.id, issued_at: nowS(), expires: nowS() + 60 }));
    expect((await statusOf(asked.id)).code).toBe(200);
    for (const id of [nobody.id, asked.id, '123456789', 'DRNOTACODE']) {
      expect(await status(id)).toEqual({
        code: 404,
        body: { message: 'No deletion request found for this user' },
      });
    }
    // Raw: an id with an (encoded) space, which the client would put in the path unencoded.
    const badId = contract.user.deletionStatus.path.replace(':id', 'bad%20id');
    expect((await app.inject({ method: 'GET', url: badId })).statusCode).toBe(400);
    // A Meta deletion request for a user Pagecast never saw completes at once: there is nothing to delete.
    const res = await dataDeletion(
      signed({ user_id: '555000555', issued_at: nowS(), expires: nowS() + 60 }),
    );
    expect(res.status).toBe(200);
    await waitFor(async () => isDeleted(await statusOf('555000555')), {
      what: 'the empty deletion',
    });
  });
});
