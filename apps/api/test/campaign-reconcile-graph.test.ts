// Reconciliation by reading the conversation (modules/campaigns/dispatch/reconcile.ts): an 'unknown' recipient whose echo
// did not come is checked in the page's conversation through Graph. The page's message with the row's text
// settles it 'sent' (counted once); a conversation that shows no such message proves it unsent and it is sent
// once more, at most once even with two sweepers at once and a crash between marking and sending; a read
// that fails keeps it 'unknown' with why, and after 5 failed reads leaves it for review. These pages never
// subscribe to echoes: only the conversation can prove anything.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimForResend } from '../src/modules/campaigns/dispatch/repo/reconcile.js';
import { markAttempted } from '../src/modules/campaigns/dispatch/repo/send.js';
import { flagStaleSends } from '../src/modules/campaigns/dispatch/repo/workers.js';
import {
  CONVERSATION_READS_EXHAUSTED,
  CONVERSATION_UNMATCHABLE,
  CONVERSATION_UNREADABLE,
  RESEND_UNPROVEN,
  UNKNOWN_OUTCOME_MESSAGE,
} from '../src/modules/campaigns/reasons.js';
import type { CampaignWorker } from '../src/modules/campaigns/dispatch/worker.js';
import { createCampaignWorld, type CampaignWorld } from './fixtures/campaign-world.js';
import { bodyOf } from './support/client.js';
import { waitFor } from './support/wait.js';

let w: CampaignWorld;
const workers: CampaignWorker[] = [];

beforeAll(async () => {
  w = await createCampaignWorld();
});
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  Object.assign(w.emulator.world.behaviour, { failCodes: [], failNext: 0, failureRate: 0 });
});
afterAll(async () => {
  await w?.close();
});

interface Row {
  psid: string;
  contact_id: string;
  state: string;
  message_id: string | null;
  error_message: string | null;
  reconciled_by: string | null;
  resent: boolean;
  reconcile_reads: number;
}
const rowsOf = async (id: string) =>
  (
    await w.pool.query<Row>(
      `select psid, contact_id, state, message_id, error_message, reconciled_by,
              resent_at is not null as resent, reconcile_reads
         from campaign_recipients where campaign_id = $1 order by psid`,
      [id],
    )
  ).rows;
const start = async (options: Parameters<CampaignWorld['startWorker']>[0] = {}) => {
  const worker = await w.startWorker(options);
  workers.push(worker);
  return worker;
};
/** A completed campaign on a new page of `size` contacts whose first sends got the codes `codes`. */
async function campaignWithUnknowns(
  size: number,
  codes: number[],
  text: string,
  extra?: Parameters<CampaignWorld['createCampaignNow']>[3],
) {
  const page = await w.createPage({ inside: size, outside: 0 });
  // 2: Meta sent it, then answered an error; 500: a raw error before anything was sent. Both: 'unknown'.
  Object.assign(w.emulator.world.behaviour, { failCodes: codes, failNext: codes.length });
  const worker = await start();
  const id = await w.createCampaignNow(page.fbPageId, text, text, extra);
  await waitFor(async () => (await w.campaignRow(id))?.status === 'completed', {
    what: 'completed',
  });
  await worker.stop();
  Object.assign(w.emulator.world.behaviour, { failCodes: [], failNext: 0 });
  return { page, id };
}
const sentTimes = async (fbPageId: string) => {
  const counts = new Map<string, number>();
  for (const e of await w.outbox(fbPageId))
    counts.set(e.recipient, (counts.get(e.recipient) ?? 0) + 1);
  return counts;
};

describe('unknown recipients reconciled by reading the conversation', () => {
  it('a sent row is settled by the conversation; a proven-unsent one is sent once more', async () => {
    const { page, id } = await campaignWithUnknowns(5, [2, 500], 'Read back {first_name}');
    const before = await rowsOf(id);
    expect(before.filter((r) => r.state === 'unknown')).toHaveLength(2);
    expect(await w.campaignRow(id)).toMatchObject({ dispatched: 3 });
    const outboxBefore = await sentTimes(page.fbPageId);
    const delivered = before.find((r) => r.state === 'unknown' && outboxBefore.has(r.psid));
    const never = before.find((r) => r.state === 'unknown' && !outboxBefore.has(r.psid));

    await start({ reconcileWindowMs: 0, reconcileRetryMs: 500 });
    await waitFor(async () => (await rowsOf(id)).every((r) => r.state === 'sent'), {
      what: 'every unknown row settled',
      timeoutMs: 45_000,
    });
    const rows = await rowsOf(id);
    const outbox = await w.outbox(page.fbPageId);
    expect(rows.find((r) => r.psid === delivered?.psid)).toMatchObject({
      reconciled_by: 'conversation',
      resent: false,
      error_message: null,
      message_id: outbox.find((e) => e.recipient === delivered?.psid)?.mid,
    });
    expect(rows.find((r) => r.psid === never?.psid)).toMatchObject({ resent: true, state: 'sent' });
    // Personalised text: the conversation matched the first name's rendering.
    expect(outbox.find((e) => e.recipient === delivered?.psid)?.text).toMatch(/^Read back \S+/);
    // Each contact got the message exactly once; counted once each; nothing left for review.
    expect([...(await sentTimes(page.fbPageId)).values()]).toEqual([1, 1, 1, 1, 1]);
    await waitFor(async () => (await w.campaignRow(id))?.status_reason === null, {
      what: 'no one flagged for review',
    });
    expect(await w.campaignRow(id)).toMatchObject({ status: 'completed', dispatched: 5 });
    // The campaign detail shows it; another admin's id for it answers 404.
    const detail = bodyOf(
      await w.client.campaigns.getCampaign({ params: { campaignId: id } }),
      200,
    );
    expect(detail.funnel.reconciliation).toEqual({
      byEcho: 0,
      byConversation: 1,
      resent: 1,
      forReview: 0,
    });
    expect((await w.otherClient.campaigns.getCampaign({ params: { campaignId: id } })).status).toBe(
      404,
    );
  }, 60_000);

  it('a proven-unsent row is resent at most once: two sweepers at once, then a crash after marking', async () => {
    const { page, id } = await campaignWithUnknowns(3, [500], 'Once more');
    const unknown = (await rowsOf(id)).find((r) => r.state === 'unknown');
    expect(unknown).toBeDefined();
    const contact = unknown?.contact_id as string;
    // Two sweepers claim the resend at the same moment: one gets it.
    const [a, b] = await Promise.all([
      claimForResend(w.pool, id, [contact], '00000000-0000-4000-8000-00000000000a'),
      claimForResend(w.pool, id, [contact], '00000000-0000-4000-8000-00000000000b'),
    ]);
    expect(a.length + b.length).toBe(1);
    const holder =
      a.length === 1
        ? '00000000-0000-4000-8000-00000000000a'
        : '00000000-0000-4000-8000-00000000000b';
    // It marks the row attempted, then dies before its request (no heartbeat: the sweeper flags it).
    const attempts = new Map([[contact, (a[0] ?? b[0])?.attempts ?? 0]]);
    expect(await markAttempted(w.pool, id, [contact], holder, attempts)).toEqual(
      new Set([contact]),
    );
    await flagStaleSends(w.pool, 1000);
    expect((await rowsOf(id)).find((r) => r.contact_id === contact)).toMatchObject({
      state: 'unknown',
      resent: true,
      error_message: UNKNOWN_OUTCOME_MESSAGE,
    });
    // A second resend is impossible: the claim finds nothing, and the read leaves it for review.
    expect(await claimForResend(w.pool, id, [contact], holder)).toEqual([]);
    await start({ reconcileWindowMs: 0, reconcileRetryMs: 500 });
    await waitFor(
      async () =>
        (await rowsOf(id)).find((r) => r.contact_id === contact)?.error_message === RESEND_UNPROVEN,
      { what: 'left for review', timeoutMs: 20_000 },
    );
    expect((await sentTimes(page.fbPageId)).has(unknown?.psid as string)).toBe(false);
    expect((await rowsOf(id)).find((r) => r.contact_id === contact)?.state).toBe('unknown');
    expect(await w.campaignRow(id)).toMatchObject({ dispatched: 2 });
  }, 60_000);

  it.each([
    ['buttons', { buttons: [{ title: 'Shop now', url: 'https://shop.example.com/spring' }] }],
    // The image goes first: its answer lost, the text never followed, and the conversation shows nothing
    // of it. Were the image's echo lost too, a resend would send the image twice.
    ['an image', { imageUrl: 'https://cdn.example.com/spring/sale.png' }],
  ])(
    'a campaign with %s: a conversation without the text is no proof, so the row is left for review',
    async (_, extra) => {
      const { page, id } = await campaignWithUnknowns(3, [500], 'Not provable', extra);
      const unknown = (await rowsOf(id)).find((r) => r.state === 'unknown');
      expect(unknown).toBeDefined();
      const before = (await w.outbox(page.fbPageId)).length;
      await start({ reconcileWindowMs: 0, reconcileRetryMs: 500 });
      await waitFor(
        async () =>
          (await rowsOf(id)).find((r) => r.psid === unknown?.psid)?.error_message ===
          CONVERSATION_UNMATCHABLE,
        { what: 'left for review', timeoutMs: 20_000 },
      );
      // Read once, never sent again, not counted; the campaign says someone needs a look.
      await new Promise((r) => setTimeout(r, 1500));
      expect((await rowsOf(id)).find((r) => r.psid === unknown?.psid)).toMatchObject({
        state: 'unknown',
        resent: false,
        reconcile_reads: 5,
      });
      expect((await w.outbox(page.fbPageId)).length).toBe(before);
      expect(await w.campaignRow(id)).toMatchObject({ status: 'completed', dispatched: 2 });
      const detail = await w.campaign(id);
      expect(detail.funnel.reconciliation).toMatchObject({ resent: 0, forReview: 1 });
      // The detail shows what the campaign sends beside its text.
      expect(detail.campaign).toMatchObject(extra);
    },
    60_000,
  );

  it('a failed conversation read keeps the row unknown with why; after 5, it is left for review', async () => {
    const { page, id } = await campaignWithUnknowns(2, [500], 'Unreadable');
    const unknown = (await rowsOf(id)).find((r) => r.state === 'unknown');
    // Every conversation read fails (Meta's code 1200 on the Conversations API).
    Object.assign(w.emulator.world.behaviour, { failCodes: [1200], failureRate: 1 });
    await start({ reconcileWindowMs: 0, reconcileRetryMs: 100 });
    await waitFor(
      async () =>
        ((await rowsOf(id)).find((r) => r.psid === unknown?.psid)?.reconcile_reads ?? 0) >= 1,
      { what: 'a failed read', timeoutMs: 20_000 },
    );
    const first = (await rowsOf(id)).find((r) => r.psid === unknown?.psid);
    expect(first?.state).toBe('unknown');
    expect(first?.error_message?.startsWith(CONVERSATION_UNREADABLE)).toBe(true);
    await waitFor(
      async () =>
        (await rowsOf(id)).find((r) => r.psid === unknown?.psid)?.error_message ===
        CONVERSATION_READS_EXHAUSTED,
      { what: 'left for review after 5 reads', timeoutMs: 30_000 },
    );
    // Reads stop there, and nothing was sent: it stays unknown, flagged, not counted.
    Object.assign(w.emulator.world.behaviour, { failCodes: [], failureRate: 0 });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await rowsOf(id)).find((r) => r.psid === unknown?.psid)).toMatchObject({
      state: 'unknown',
      reconcile_reads: 5,
      resent: false,
    });
    expect((await sentTimes(page.fbPageId)).has(unknown?.psid as string)).toBe(false);
    expect(await w.campaignRow(id)).toMatchObject({ dispatched: 1 });
  }, 60_000);
});
