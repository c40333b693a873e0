// Campaigns (docs/campaigns.md) over HTTP against a real Postgres, pg-boss and the emulator: the §5 rules, listing,
// audience preview, dispatch outcomes per recipient, platform failures, cancel, counters and CSV.
import {
  CAMPAIGN_MESSAGES as M,
  LIMITS,
  PURPOSE_MESSAGES,
  type CreateCampaignBody,
} from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLED_REASON, TOKEN_INVALID_REASON } from '../src/modules/campaigns/reasons.js';
import { startDueCampaign } from '../src/modules/campaigns/dispatch/scheduler.js';
import { recordCampaignEvent } from '../src/modules/campaigns/counters.js';
import { CREATION_LIMIT_MESSAGES } from '../src/modules/campaigns/create.js';
import { NOT_CANCELLABLE, TAG_NOT_ON_PAGE } from '../src/modules/campaigns/service.js';
import {
  createCampaignWorld,
  type CampaignWorld,
  type WorldPage,
} from './fixtures/campaign-world.js';
import { must } from './support/assert.js';
import { apiClient, bodyOf, invalid } from './support/client.js';
import { waitFor } from './support/wait.js';

let w: CampaignWorld;
let page: WorldPage;
let otherPage: WorldPage;

// A slow pace (20 sends/s per page) so a dispatch lasts long enough to cancel it mid-way.
beforeAll(async () => {
  w = await createCampaignWorld({ SEND_RATE_PER_PAGE: '20' });
  page = await w.createPage({ inside: 6, outside: 4 });
  otherPage = await w.createPage({ inside: 2, outside: 0, adminId: w.otherAdminId });
  await w.startWorker();
});
afterAll(async () => {
  await w?.close();
});

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const body = (over: Partial<CreateCampaignBody> = {}): CreateCampaignBody => ({
  name: 'Spring sale',
  description: 'Our spring campaign',
  pageId: page.fbPageId,
  tagId: null,
  time: inAnHour(),
  type: 'ACCOUNT_UPDATE',
  msg: 'Hello from the spring campaign',
  ...over,
});
const create = (over: Partial<CreateCampaignBody> = {}) =>
  w.client.campaigns.createCampaign({ body: body(over) });
/** A body the contract refuses (a field missing or of the wrong type), sent on purpose. */
const createInvalid = (over: Record<string, unknown>) =>
  w.client.campaigns.createCampaign({ body: invalid({ ...body(), ...over }) });
const rowsOf = async (campaignId: string) =>
  (
    await w.pool.query<{
      psid: string;
      state: string;
      messaging_type: string | null;
      tag: string | null;
      error_code: number | null;
      error_subcode: number | null;
      attempts: number;
      message_id: string | null;
      sent_at: Date | null;
      skip_reason: string | null;
    }>('select * from campaign_recipients where campaign_id = $1 order by psid', [campaignId])
  ).rows;
/** Starts now ('Send now': the server's clock), so the scheduler takes it at once. */
const dispatchNow = async (over: Partial<CreateCampaignBody> = {}) =>
  w.settled(bodyOf(await create({ sendNow: true, ...over }), 201).id);

describe('POST /api/v1/campaigns/create: spec §5 on the server', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['name missing', { name: undefined }, 'name', M.nameRequired],
    ['name blank', { name: '   ' }, 'name', M.nameRequired],
    ['name too short', { name: 'ab' }, 'name', M.nameTooShort],
    ['name too long', { name: 'x'.repeat(101) }, 'name', M.nameTooLong],
    ['description missing', { description: undefined }, 'description', M.descriptionRequired],
    ['description too short', { description: 'ab' }, 'description', M.descriptionTooShort],
    ['description too long', { description: 'x'.repeat(201) }, 'description', M.descriptionTooLong],
    ['time missing', { time: undefined }, 'time', M.dateTimeRequired],
    ['time not a date', { time: 'next tuesday' }, 'time', M.dateTimeInvalid],
    ['time not a string', { time: 12 }, 'time', M.dateTimeInvalid],
    [
      'time in a past minute',
      { time: new Date(Date.now() - 61_000).toISOString() },
      'time',
      M.dateTimeInPast,
    ],
    // The largest date JavaScript can hold: it answered 500 before the one-year horizon.
    ['time in an extended year', { time: '+275760-09-13T00:00:00.000Z' }, 'time', M.dateTimeTooFar],
    ['message missing', { msg: undefined }, 'msg', M.messageRequired],
    ['message too short', { msg: 'hi' }, 'msg', M.messageTooShort],
    ['message too long', { msg: 'x'.repeat(501) }, 'msg', M.messageTooLong],
    ['purpose unknown', { type: 'HUMAN_AGENT' }, 'type', PURPOSE_MESSAGES.invalid],
    ['tag id malformed', { tagId: 'not-a-uuid' }, 'tagId', M.tagInvalid],
  ];
  it.each(cases)(
    '%s -> 400 with the spec message on its field, nothing created',
    async (_n, over, field, message) => {
      const before = await w.countCampaigns();
      const res = await createInvalid(over);
      expect(bodyOf(res, 400).fieldErrors?.[field]).toEqual([message]);
      expect(await w.countCampaigns()).toBe(before);
    },
  );

  it('accepts a time in the current minute (truncated to the minute, UTC) and trims the texts', async () => {
    if (new Date().getUTCSeconds() >= 58) await new Promise((r) => setTimeout(r, 2500));
    const startOfMinute = new Date();
    startOfMinute.setUTCSeconds(0, 0);
    // A paused page (no token) so this campaign does not dispatch to the shared page during other tests.
    const quiet = await w.createPage({ inside: 1, outside: 0 });
    await w.pool.query('update pages set page_token_enc = null where id = $1', [quiet.uuid]);
    const res = await create({
      pageId: quiet.fbPageId,
      time: startOfMinute.toISOString(),
      name: '  Trimmed  ',
    });
    expect(bodyOf(res, 201)).toMatchObject({
      name: 'Trimmed',
      scheduledTime: startOfMinute.toISOString(),
    });
  });

  it("'Send now' goes at the server's time, whatever time the browser's clock gave", async () => {
    const quiet = await w.createPage({ inside: 1, outside: 0 });
    await w.pool.query('update pages set page_token_enc = null where id = $1', [quiet.uuid]);
    // A browser clock ten minutes behind: its "now" is in a past minute for the server.
    const behind = new Date(Date.now() - 600_000).toISOString();
    expect(bodyOf(await create({ pageId: quiet.fbPageId, time: behind }), 400).fieldErrors).toEqual(
      {
        time: [M.dateTimeInPast],
      },
    );
    const before = Date.now();
    const res = await create({ pageId: quiet.fbPageId, time: behind, sendNow: true });
    const at = Date.parse(bodyOf(res, 201).scheduledTime);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
    // Not a boolean: refused like any malformed field, nothing created.
    const count = await w.countCampaigns();
    const bad = await createInvalid({ pageId: quiet.fbPageId, sendNow: 'yes' });
    expect(Object.keys(bodyOf(bad, 400).fieldErrors ?? {})).toEqual(['sendNow']);
    expect(await w.countCampaigns()).toBe(count);
  });

  it('answers 201 with the pending campaign', async () => {
    const time = inAnHour();
    const res = await create({ time });
    expect(bodyOf(res, 201)).toMatchObject({
      pageId: page.fbPageId,
      name: 'Spring sale',
      description: 'Our spring campaign',
      message: 'Hello from the spring campaign',
      scheduledTime: time,
      type: 'ACCOUNT_UPDATE',
      tagId: null,
      tagName: null,
      status: 'pending',
      statusReason: null,
      audienceCount: 0,
      dispatchedCount: 0,
      deliveredCount: 0,
      interactedCount: 0,
      startedAt: null,
    });
  });

  it("rejects a tag that is not the page's (400 on tagId) and another admin's page (404)", async () => {
    const foreignTag = await w.createTag(otherPage, 'Foreign', []);
    for (const tagId of [foreignTag, '5f0c1a52-8a4f-4b4e-9d7c-0a1b2c3d4e5f']) {
      const res = await create({ tagId });
      expect(bodyOf(res, 400)).toEqual({
        message: TAG_NOT_ON_PAGE,
        fieldErrors: { tagId: [TAG_NOT_ON_PAGE] },
      });
    }
    expect((await create({ pageId: otherPage.fbPageId })).status).toBe(404);
    expect((await create({ pageId: '123456789' })).status).toBe(404);
    const anonymous = apiClient(w.t.app);
    expect((await anonymous.campaigns.createCampaign({ body: body() })).status).toBe(401);
  });
});

describe('per-page creation limits', () => {
  it(`${LIMITS.campaignsPerPagePerMinute} campaigns a minute per page, even when requests race: the rest 429, nothing extra created`, async () => {
    const p = await w.createPage({ inside: 1, outside: 0 });
    const count = async () =>
      (
        await w.pool.query<{ n: number }>(
          'select count(*)::int as n from campaigns where page_id = $1',
          [p.uuid],
        )
      ).rows[0]?.n;
    const answers = await Promise.all(
      Array.from({ length: LIMITS.campaignsPerPagePerMinute + 5 }, () =>
        create({ pageId: p.fbPageId }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.campaignsPerPagePerMinute);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body).toEqual({ message: CREATION_LIMIT_MESSAGES.perMinute });
    expect(refused[0]?.headers.get('retry-after')).toBe('60');
    expect(await count()).toBe(LIMITS.campaignsPerPagePerMinute);
    // Another page is not affected.
    expect((await create()).status).toBe(201);
  });

  it(`at most ${LIMITS.pendingCampaignsPerPage} campaigns waiting to start per page`, async () => {
    const p = await w.createPage({ inside: 1, outside: 0 });
    await w.pool.query(
      `insert into campaigns (page_id, name, description, message, type, scheduled_time, created_at)
       select $1, 'Queued ' || g, 'Waiting', 'Hello there', 'ACCOUNT_UPDATE', now() + interval '1 day',
              now() - interval '1 hour'
         from generate_series(1, $2::int) g`,
      [p.uuid, LIMITS.pendingCampaignsPerPage],
    );
    const res = await create({ pageId: p.fbPageId });
    expect(bodyOf(res, 429)).toEqual({ message: CREATION_LIMIT_MESSAGES.pending });
  });
});

describe('listing and audience preview', () => {
  it('lists newest first, 7 per page by default, with the paging meta', async () => {
    const fresh = await w.createPage({ inside: 1, outside: 0 });
    await w.pool.query('update pages set page_token_enc = null where id = $1', [fresh.uuid]);
    for (let i = 1; i <= 8; i++)
      expect((await create({ pageId: fresh.fbPageId, name: `Campaign ${i}` })).status).toBe(201);
    const list = (query: { page?: number; limit?: number } = {}, client = w.client) =>
      client.campaigns.listCampaigns({ params: { pageId: fresh.fbPageId }, query });
    const first = bodyOf(await list(), 200);
    expect(first.meta).toEqual({
      totalItems: 8,
      itemCount: 7,
      itemsPerPage: 7,
      totalPages: 2,
      currentPage: 1,
    });
    expect(first.data.map((c) => c.name)).toEqual(
      [8, 7, 6, 5, 4, 3, 2].map((i) => `Campaign ${i}`),
    );
    const second = bodyOf(await list({ page: 2 }), 200);
    expect(second.data.map((c) => c.name)).toEqual(['Campaign 1']);
    expect(second.meta).toMatchObject({ itemCount: 1, currentPage: 2 });
    expect((await list({ limit: 0 })).status).toBe(400);
    expect((await list({}, w.otherClient)).status).toBe(404);
  });

  it('previews who is inside the 24-hour window and who depends on the message tag', async () => {
    const preview = (query: { tagId?: string } = {}, client = w.client) =>
      client.campaigns.audiencePreview({ params: { pageId: page.fbPageId }, query });
    expect(bodyOf(await preview(), 200)).toEqual({
      total: 10,
      insideWindow: 6,
      outsideWindow: 4,
      subscribersOutside: 0,
      optedOut: 0,
      optedOutInside: 0,
    });
    const inside = page.contacts.filter((c) => c.inside).slice(0, 2);
    const outside = page.contacts.filter((c) => !c.inside).slice(0, 1);
    const tagId = await w.createTag(page, 'Preview', [...inside, ...outside]);
    expect(bodyOf(await preview({ tagId }), 200)).toEqual({
      total: 3,
      insideWindow: 2,
      outsideWindow: 1,
      subscribersOutside: 0,
      optedOut: 0,
      optedOutInside: 0,
    });
    const foreign = await w.createTag(otherPage, 'Elsewhere', []);
    expect((await preview({ tagId: foreign })).status).toBe(400);
    expect((await preview({}, w.otherClient)).status).toBe(404);
  });
});

describe('dispatch', () => {
  it("sends UPDATE to the tag's contacts inside the window and skips the others: no retired tag, no Graph call", async () => {
    const members = [
      ...page.contacts.filter((c) => c.inside).slice(0, 3),
      ...page.contacts.filter((c) => !c.inside).slice(0, 2),
    ];
    const tagId = await w.createTag(page, 'VIP', members);
    const before = (await w.outbox(page.fbPageId)).length;
    const d = await dispatchNow({
      tagId,
      type: 'POST_PURCHASE_UPDATE',
      msg: 'Your order shipped',
    });
    expect(d.campaign).toMatchObject({
      status: 'completed',
      tagName: 'VIP',
      audienceCount: 5,
      dispatchedCount: 3,
      failedCount: 0,
      skippedCount: 2,
    });
    expect(d.funnel).toMatchObject({
      audience: 5,
      dispatched: 3,
      failed: 0,
      skipped: 2,
      pending: 0,
      unknown: 0,
      skippedByReason: [{ reason: 'outside_window', count: 2 }],
    });
    const sent = (await w.outbox(page.fbPageId)).slice(before);
    expect(sent.map((e) => e.recipient).sort()).toEqual(
      members
        .filter((m) => m.inside)
        .map((m) => m.psid)
        .sort(),
    );
    // The content type chooses nothing on the wire: every send is a standard UPDATE without a tag.
    expect(sent.every((e) => e.messaging_type === 'UPDATE' && e.tag === null)).toBe(true);
    const rows = await rowsOf(d.campaign.id);
    for (const m of members) {
      expect(must(rows.find((r) => r.psid === m.psid))).toMatchObject(
        m.inside
          ? { state: 'sent', skip_reason: null }
          : { state: 'skipped', skip_reason: 'outside_window', sent_at: null, message_id: null },
      );
    }
  });

  it('a contact who writes after the campaign was scheduled is sent: the window is checked when the row is sent', async () => {
    const p = await w.createPage({ inside: 1, outside: 2 });
    const late = must(p.contacts.find((c) => !c.inside));
    // They write to the page (the webhook has stored it) before the campaign's rows are sent.
    const contact = must(w.emulator.world.pages.get(p.fbPageId)?.contacts.get(late.psid));
    contact.lastInboundAt = Date.now();
    await w.pool.query(
      `update contacts set last_inbound_at = now() where page_id = $1 and psid = $2`,
      [p.uuid, late.psid],
    );
    const d = await dispatchNow({ pageId: p.fbPageId });
    expect(d.campaign).toMatchObject({ dispatchedCount: 2, skippedCount: 1, failedCount: 0 });
    const out = await w.outbox(p.fbPageId);
    expect(out.map((e) => e.recipient)).toContain(late.psid);
  });

  it('sends to all users and records each refusal on its row: unavailable (551), unknown user (100/2018001); outside the window skipped', async () => {
    const unavailable = must(page.contacts.find((c) => c.inside));
    w.emulator.world.behaviour.unavailablePsids = [unavailable.psid];
    // A contact the platform does not know (e.g. deleted account) inside the window.
    const ghost = await w.pool.query<{ id: string }>(
      `insert into contacts (page_id, psid, name, last_inbound_at) values ($1, '9000000000000001', 'Ghost', now()) returning id`,
      [page.uuid],
    );
    try {
      const before = (await w.outbox(page.fbPageId)).length;
      const d = await dispatchNow();
      expect(d.campaign).toMatchObject({
        status: 'completed',
        audienceCount: 11,
        dispatchedCount: 5,
        failedCount: 2,
        skippedCount: 4,
      });
      const rows = await rowsOf(d.campaign.id);
      const byPsid = new Map(rows.map((r) => [r.psid, r]));
      expect(byPsid.get(unavailable.psid)).toMatchObject({
        state: 'failed',
        error_code: 551,
        messaging_type: 'UPDATE',
      });
      expect(byPsid.get('9000000000000001')).toMatchObject({
        state: 'failed',
        error_code: 100,
        error_subcode: 2018001,
      });
      for (const c of page.contacts.filter((x) => !x.inside)) {
        expect(byPsid.get(c.psid)).toMatchObject({
          state: 'skipped',
          skip_reason: 'outside_window',
        });
      }
      expect(d.funnel.failedByReason.map((r: { reason: string }) => r.reason).sort()).toEqual([
        'No matching user',
        'Recipient unavailable',
      ]);
      const sent = (await w.outbox(page.fbPageId)).slice(before);
      expect(sent.map((e) => e.recipient).sort()).toEqual(
        rows
          .filter((r) => r.state === 'sent')
          .map((r) => r.psid)
          .sort(),
      );
      // No request carried a tag, so none could be refused as a retired one (100/1893061).
      expect(sent.some((e) => e.tag !== null)).toBe(false);
    } finally {
      w.emulator.world.behaviour.unavailablePsids = [];
      await w.pool.query('delete from contacts where id = $1', [must(ghost.rows[0]).id]);
    }
  });

  it('retries temporary failures (1200) with backoff and sends each recipient once', async () => {
    const p = await w.createPage({ inside: 5, outside: 0 });
    Object.assign(w.emulator.world.behaviour, { failNext: 3, failCodes: [1200] });
    try {
      const d = await dispatchNow({ pageId: p.fbPageId });
      expect(d.campaign).toMatchObject({ status: 'completed', dispatchedCount: 5, failedCount: 0 });
      const out = await w.outbox(p.fbPageId);
      expect(out.map((e) => e.recipient).sort()).toEqual(p.contacts.map((c) => c.psid).sort());
      const attempts = (await rowsOf(d.campaign.id)).map((r) => r.attempts);
      expect(attempts.reduce((a, b) => a + b, 0)).toBe(8);
    } finally {
      Object.assign(w.emulator.world.behaviour, { failNext: 0, failCodes: [1200] });
    }
  });

  it('slows down on rate-limit answers (613) and still sends everyone exactly once', async () => {
    const p = await w.createPage({ inside: 12, outside: 0 });
    // The platform allows less than the configured pace: 613 answers follow.
    w.emulator.world.behaviour.sendPerSecond = 4;
    try {
      const d = await dispatchNow({ pageId: p.fbPageId });
      expect(d.campaign).toMatchObject({
        status: 'completed',
        dispatchedCount: 12,
        failedCount: 0,
      });
      const out = await w.outbox(p.fbPageId);
      expect(out).toHaveLength(12);
      expect(new Set(out.map((e) => e.recipient)).size).toBe(12);
    } finally {
      w.emulator.world.behaviour.sendPerSecond = 300;
    }
  });

  it('flags a send whose answer was lost (raw 5xx) as unknown instead of re-sending it', async () => {
    const p = await w.createPage({ inside: 4, outside: 0 });
    Object.assign(w.emulator.world.behaviour, { failNext: 1, failCodes: [502] });
    try {
      const d = await dispatchNow({ pageId: p.fbPageId });
      expect(d.campaign).toMatchObject({ status: 'completed', dispatchedCount: 3 });
      expect(d.campaign.statusReason).toBe(
        '1 recipient(s) flagged for review: the answer to their send was lost.',
      );
      expect(d.funnel).toMatchObject({
        audience: 4,
        dispatched: 3,
        unknown: 1,
        failed: 0,
        pending: 0,
      });
      const rows = await rowsOf(d.campaign.id);
      const unknown = rows.filter((r) => r.state === 'unknown');
      expect(unknown).toHaveLength(1);
      expect(must(unknown[0]).attempts).toBe(1);
    } finally {
      Object.assign(w.emulator.world.behaviour, { failNext: 0, failCodes: [1200] });
    }
  });

  it('fails the campaign with a clear reason when the page token is revoked, sending nothing more', async () => {
    const p = await w.createPage({ inside: 3, outside: 0 });
    await fetch(`${w.emulator.url.replace(/\/$/, '')}/_emulator/tokens/${p.token}/revoke`, {
      method: 'POST',
    });
    const d = await dispatchNow({ pageId: p.fbPageId });
    expect(d.campaign).toMatchObject({
      status: 'failed',
      statusReason: TOKEN_INVALID_REASON,
      dispatchedCount: 0,
    });
    expect(d.funnel).toMatchObject({ audience: 3, pending: 3, dispatched: 0, failed: 0 });
    expect(await w.outbox(p.fbPageId)).toHaveLength(0);
    // The token that failed is the scheduling admin's own: theirs is marked, to be renewed at sign-in.
    const { rows } = await w.pool.query(
      'select token_status from page_admins where page_id = $1 and admin_id = $2',
      [p.uuid, w.adminId],
    );
    expect(rows[0].token_status).toBe('invalid');
  });

  it('completes at once with a reason when the audience is empty', async () => {
    const tagId = await w.createTag(page, 'Nobody', []);
    const d = await dispatchNow({ tagId });
    expect(d.campaign).toMatchObject({ status: 'completed', audienceCount: 0 });
    expect(d.campaign.statusReason).toMatch(/No recipients/);
  });
});

describe('cancel', () => {
  it('cancels a pending campaign: it never dispatches; a second cancel is 409', async () => {
    const id = bodyOf(await create(), 201).id;
    const cancel = (client = w.client) =>
      client.campaigns.cancelCampaign({ params: { campaignId: id }, body: {} });
    expect((await cancel(w.otherClient)).status).toBe(404);
    expect(bodyOf(await cancel(), 200)).toMatchObject({
      id,
      status: 'cancelled',
      statusReason: CANCELLED_REASON,
    });
    expect(await cancel()).toMatchObject({ status: 409, body: { message: NOT_CANCELLABLE } });
    // Even once its time has come, the scheduler does not start it.
    await w.pool.query(
      `update campaigns set scheduled_time = now() - interval '1 minute' where id = $1`,
      [id],
    );
    let started;
    while ((started = await startDueCampaign(w.pool, w.boss, 200))) expect(started.id).not.toBe(id);
    expect((await rowsOf(id)).length).toBe(0);
  });

  it('stops a processing campaign: no message goes out after the cancel settles', async () => {
    const p = await w.createPage({ inside: 60, outside: 0 });
    const id = bodyOf(await create({ pageId: p.fbPageId, sendNow: true }), 201).id;
    await waitFor(async () => (await w.campaign(id)).campaign.dispatchedCount >= 3);
    const cancelled = await w.client.campaigns.cancelCampaign({
      params: { campaignId: id },
      body: {},
    });
    expect(cancelled.status).toBe(200);
    // Settled: no row in flight and no batch job left for it.
    await waitFor(async () => {
      const { rows } = await w.pool.query(
        `select (select count(*) from campaign_recipients where campaign_id = $1 and state = 'sending')::int
                + (select count(*) from pgboss.job where data->>'campaignId' = $1::text and state in ('created','retry','active'))::int as n`,
        [id],
      );
      return rows[0].n === 0;
    });
    const d = await w.campaign(id);
    expect(d.campaign.status).toBe('cancelled');
    const out = await w.outbox(p.fbPageId);
    expect(out.length).toBe(d.funnel.dispatched);
    expect(d.funnel.pending).toBe(60 - d.funnel.dispatched);
    expect(d.funnel.pending).toBeGreaterThan(0);
  });
});

describe('counters from webhooks, recipients and CSV', () => {
  let campaignId: string;
  let sentPsids: string[];

  beforeAll(async () => {
    const p = await w.createPage({ inside: 4, outside: 0 });
    await w.pool.query(`update contacts set name = $2 where id = $1`, [
      must(p.contacts[0]).uuid,
      '=HYPERLINK("http://x")',
    ]);
    await w.pool.query(`update contacts set name = $2 where id = $1`, [
      must(p.contacts[1]).uuid,
      'Doe, "Jr"',
    ]);
    const d = await dispatchNow({ pageId: p.fbPageId });
    campaignId = d.campaign.id;
    sentPsids = p.contacts.map((c) => c.psid);
    counterPageId = p.fbPageId;
  });
  let counterPageId: string;
  const fbPageId = () => counterPageId;

  it('counts a delivery once however often the webhook is replayed (watermark and read)', async () => {
    const ev = {
      kind: 'delivery' as const,
      pageId: fbPageId(),
      psid: must(sentPsids[0]),
      watermark: Date.now(),
      at: Date.now(),
    };
    expect(await recordCampaignEvent(w.t.database.pool, ev)).toBe(1);
    expect(await recordCampaignEvent(w.t.database.pool, ev)).toBe(0);
    await Promise.all(
      [1, 2, 3].map(() =>
        recordCampaignEvent(w.t.database.pool, { ...ev, psid: must(sentPsids[1]) }),
      ),
    );
    // A read implies delivery of everything up to its watermark.
    await recordCampaignEvent(w.t.database.pool, { ...ev, kind: 'read', psid: must(sentPsids[2]) });
    // A watermark before the send covers nothing.
    await recordCampaignEvent(w.t.database.pool, {
      ...ev,
      psid: must(sentPsids[3]),
      watermark: Date.now() - 3_600_000,
    });
    const d = await w.campaign(campaignId);
    expect(d.campaign.deliveredCount).toBe(3);
    expect(d.funnel.delivered).toBe(3);
  });

  it('counts a reply or postback within 7 days as one interaction', async () => {
    const ev = {
      kind: 'message' as const,
      pageId: fbPageId(),
      psid: must(sentPsids[0]),
      at: Date.now(),
    };
    expect(await recordCampaignEvent(w.t.database.pool, ev)).toBe(1);
    expect(await recordCampaignEvent(w.t.database.pool, { ...ev, kind: 'postback' })).toBe(0);
    expect(
      await recordCampaignEvent(w.t.database.pool, {
        ...ev,
        psid: must(sentPsids[1]),
        at: Date.now() + 8 * 86_400_000,
      }),
    ).toBe(0);
    expect(
      await recordCampaignEvent(w.t.database.pool, {
        ...ev,
        kind: 'postback',
        psid: must(sentPsids[2]),
      }),
    ).toBe(1);
    // The echo of the page's own message is not the contact interacting.
    expect(
      await recordCampaignEvent(w.t.database.pool, {
        ...ev,
        psid: must(sentPsids[3]),
        fromPage: true,
      }),
    ).toBe(0);
    expect((await w.campaign(campaignId)).campaign.interactedCount).toBe(2);
  });

  it("counts a reaction to the campaign message as its interaction, and a receipt by Meta's time of the message", async () => {
    const psid = must(sentPsids[3]);
    const { rows } = await w.pool.query<{
      message_id: string;
      contact_id: string;
      page_id: string;
    }>(
      `select r.message_id, r.contact_id, c.page_id from campaign_recipients r
         join contacts c on c.id = r.contact_id where r.campaign_id = $1 and c.psid = $2`,
      [campaignId, psid],
    );
    const sent = must(rows[0]);
    const ev = {
      kind: 'reaction' as const,
      pageId: fbPageId(),
      psid,
      mid: sent.message_id,
      at: Date.now(),
    };
    expect(await recordCampaignEvent(w.t.database.pool, { ...ev, mid: 'm_not_the_campaign' })).toBe(
      0,
    );
    expect(await recordCampaignEvent(w.t.database.pool, ev)).toBe(1);
    expect(await recordCampaignEvent(w.t.database.pool, ev)).toBe(0);
    expect((await w.campaign(campaignId)).campaign.interactedCount).toBe(3);

    // Meta's clock is 2 h behind this server's: its echo says the message went out then, and a delivery
    // watermarked an hour later (before this server's sent_at) still covers it.
    const metaSentAt = new Date(Date.now() - 2 * 3_600_000);
    await w.pool.query(
      `insert into messages (page_id, contact_id, mid, direction, text, sent_by, created_at, platform_at)
       values ($1, $2, $3, 'out', 'campaign', $4, now(), $5)`,
      [sent.page_id, sent.contact_id, sent.message_id, fbPageId(), metaSentAt],
    );
    expect(
      await recordCampaignEvent(w.t.database.pool, {
        kind: 'delivery',
        pageId: fbPageId(),
        psid,
        watermark: metaSentAt.getTime() + 3_600_000,
        at: Date.now(),
      }),
    ).toBe(1);
    expect((await w.campaign(campaignId)).campaign.deliveredCount).toBe(4);

    // In the inbox the campaign's message is labelled with its campaign.
    const thread = await w.client.inbox.getConversation({
      params: { pageId: fbPageId(), userId: psid },
    });
    const labelled = bodyOf(thread, 200).messages.find((m) => m.id === sent.message_id);
    expect(labelled?.campaign).toEqual({ id: campaignId, name: 'Spring sale' });
  });

  it('pages and filters recipients; another admin gets 404', async () => {
    const recipients = (query: { limit?: number; outcome?: 'failed' } = {}, client = w.client) =>
      client.campaigns.listCampaignRecipients({ params: { campaignId }, query });
    const res = bodyOf(await recipients({ limit: 3 }), 200);
    expect(res.meta).toEqual({
      totalItems: 4,
      itemCount: 3,
      itemsPerPage: 3,
      totalPages: 2,
      currentPage: 1,
    });
    expect(res.data[0]).toMatchObject({
      state: 'sent',
      messagingType: 'UPDATE',
      errorCode: null,
    });
    expect(bodyOf(await recipients({ outcome: 'failed' }), 200).meta.totalItems).toBe(0);
    expect((await recipients({}, w.otherClient)).status).toBe(404);
    const foreign = await w.otherClient.campaigns.getCampaign({ params: { campaignId } });
    expect(foreign.status).toBe(404);
  });

  it('exports the recipients as CSV with escaping and formula neutralisation', async () => {
    const csv = (client = w.client) =>
      client.campaigns.exportCampaignRecipients({ params: { campaignId } });
    const res = await csv();
    const text = bodyOf(res, 200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".*\.csv"/);
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")",`);
    expect(text).toContain(`"Doe, ""Jr""",`);
    expect((await csv(w.otherClient)).status).toBe(404);
  });
});
