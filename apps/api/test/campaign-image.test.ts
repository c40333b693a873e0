// A campaign's image on its standard sends (docs/campaigns.md "Image"): uploaded to Meta once (Attachment Upload
// API), then every recipient inside the window gets the image, then the text, each exactly once and in that
// order; each part's metadata names the row and the part; a worker killed between the two parts resumes with
// the text only; Meta refusing the upload stops the standard path with Meta's reason. Over HTTP against a
// real Postgres, pg-boss, campaign workers (in process and as separate processes) and the emulator.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { imageRefusedReason } from '../src/modules/campaigns/dispatch/image.js';
import { recipientMetadata } from '../src/modules/campaigns/recipient-metadata.js';
import { TEST_ENCRYPTION_KEY } from './helpers/app.js';
import { createCampaignWorld, type CampaignWorld } from './fixtures/campaign-world.js';
import { spawnCampaignWorker, stopProcess, type Spawned } from './fixtures/processes.js';
import { must } from './support/assert.js';
import { bodyOf } from './support/client.js';
import { emu, type OutboxEntry } from './support/emulator.js';
import { waitFor } from './support/wait.js';

let w: CampaignWorld;
const children: Spawned[] = [];

beforeAll(async () => {
  w = await createCampaignWorld();
});
afterEach(async () => {
  for (const child of children.splice(0)) await stopProcess(child);
});
afterAll(async () => {
  await w?.close();
});

const IMAGE = 'https://cdn.example.com/spring/sale.png';

async function createWithImage(fbPageId: string, imageUrl: string): Promise<string> {
  const res = await w.client.campaigns.createCampaign({
    body: {
      name: 'Spring sale',
      description: 'With a picture',
      pageId: fbPageId,
      tagId: null,
      time: new Date().toISOString(),
      sendNow: true,
      type: 'ACCOUNT_UPDATE',
      msg: 'Hi {first_name}, spring is here',
      imageUrl,
    },
  });
  return bodyOf(res, 201).id;
}

const statusOf = async (id: string) =>
  (await w.pool.query<{ status: string }>('select status from campaigns where id = $1', [id]))
    .rows[0]?.status;

const rowsOf = async (id: string) =>
  (
    await w.pool.query<{
      contact_id: string;
      psid: string;
      state: string;
      message_id: string | null;
      image_mid: string | null;
      error_message: string | null;
    }>(
      `select contact_id, psid, state, message_id, image_mid, error_message
         from campaign_recipients where campaign_id = $1`,
      [id],
    )
  ).rows;

/** Each recipient's sends in the order the emulator took them. */
function byRecipient(outbox: OutboxEntry[]): Map<string, OutboxEntry[]> {
  const out = new Map<string, OutboxEntry[]>();
  for (const e of [...outbox].sort((a, b) => a.time - b.time))
    out.set(e.recipient, [...(out.get(e.recipient) ?? []), e]);
  return out;
}

describe('an image on the standard sends', () => {
  it('is uploaded once, then each recipient gets the image, then the text, once each, each part named', async () => {
    await w.startWorker();
    const page = await w.createPage({ inside: 4, outside: 1 });
    const uploadsBefore = w.emulator.world.savedAttachments.size;
    const id = await createWithImage(page.fbPageId, IMAGE);
    await waitFor(async () => (await statusOf(id)) === 'completed', { timeoutMs: 30_000 });

    // One upload for the campaign, kept on it; every image part names it.
    expect(w.emulator.world.savedAttachments.size).toBe(uploadsBefore + 1);
    const { rows: campaign } = await w.pool.query<{
      image_attachment_id: string;
      dispatched_count: number;
    }>('select image_attachment_id, dispatched_count from campaigns where id = $1', [id]);
    const attachmentId = must(campaign[0]?.image_attachment_id);
    expect(w.emulator.world.savedAttachments.get(attachmentId)?.url).toBe(IMAGE);

    const rows = await rowsOf(id);
    const outbox = await w.outbox(page.fbPageId);
    const sends = byRecipient(outbox);
    const inside = rows.filter((r) => r.state === 'sent');
    expect(inside).toHaveLength(4);
    for (const r of inside) {
      const [image, text, ...more] = must(sends.get(r.psid));
      expect(more).toEqual([]);
      expect(image?.attachment).toEqual({ type: 'image', attachment_id: attachmentId, url: IMAGE });
      expect(image?.metadata).toBe(recipientMetadata(id, r.contact_id, 'image'));
      expect(image?.mid).toBe(r.image_mid);
      expect(text?.attachment).toBeUndefined();
      expect(text?.text).toMatch(/^Hi .+, spring is here$/);
      expect(text?.metadata).toBe(recipientMetadata(id, r.contact_id));
      expect(text?.mid).toBe(r.message_id);
      expect(must(text).time).toBeGreaterThanOrEqual(must(image).time);
    }
    // The contact outside the window (no template): skipped, no image either.
    const outside = rows.filter((r) => r.state !== 'sent');
    expect(outside.map((r) => r.state)).toEqual(['skipped']);
    expect(sends.has(must(outside[0]).psid)).toBe(false);
    // A recipient counts once, not per part.
    expect(campaign[0]?.dispatched_count).toBe(4);
  });

  it("Meta refusing the upload stops the standard path with Meta's reason: nothing is sent", async () => {
    await w.startWorker();
    const page = await w.createPage({ inside: 2, outside: 0 });
    // A host under .invalid never resolves: Meta cannot fetch the image.
    const id = await createWithImage(page.fbPageId, 'https://images.invalid/sale.png');
    await waitFor(async () => (await statusOf(id)) === 'completed', { timeoutMs: 30_000 });
    const rows = await rowsOf(id);
    const reason = imageRefusedReason('(#100) Failed to fetch the file from the url');
    expect(rows.map((r) => [r.state, r.error_message])).toEqual([
      ['failed', reason],
      ['failed', reason],
    ]);
    const { rows: c } = await w.pool.query<{ path_stops: Record<string, string> }>(
      'select path_stops from campaigns where id = $1',
      [id],
    );
    expect(c[0]?.path_stops).toEqual({ standard: reason });
    expect(await w.outbox(page.fbPageId)).toEqual([]);
  });

  it('the test send to the admin carries the image first, by its URL', async () => {
    const page = await w.createPage({ inside: 1, outside: 0 });
    // The admin writes to the page from Messenger; the webhook ingest stores the contact (mirrored here).
    const fbUserId = must(
      (
        await w.pool.query<{ fb_user_id: string }>('select fb_user_id from admins where id = $1', [
          w.adminId,
        ])
      ).rows[0],
    ).fb_user_id;
    const own = await emu(
      w.emulator,
      `/_emulator/pages/${page.fbPageId}/users/${fbUserId}/messages`,
      {
        text: 'Hello from the admin',
      },
    );
    await w.pool.query(
      `insert into contacts (page_id, psid, name, first_name, last_inbound_at)
       values ($1, $2, $3, 'Pat', now())`,
      [page.uuid, own.psid, own.name],
    );
    bodyOf(
      await w.client.campaigns.sendTestMessage({
        params: { pageId: page.fbPageId },
        body: { msg: 'Hi {first_name}', imageUrl: IMAGE },
      }),
      200,
    );
    const sent = await w.outbox(page.fbPageId);
    expect(sent.map((e) => [e.recipient, e.attachment ?? e.text])).toEqual([
      [own.psid, { type: 'image', url: IMAGE }],
      [own.psid, 'Hi Pat'],
    ]);
    // An address the rule refuses is refused before anything is sent.
    const bad = await w.client.campaigns.sendTestMessage({
      params: { pageId: page.fbPageId },
      body: { msg: 'Hi', imageUrl: 'http://cdn.example.com/sale.png' },
    });
    expect(bad.status).toBe(400);
    expect(await w.outbox(page.fbPageId)).toHaveLength(2);
  });
});

describe('a worker killed between the image and the text', () => {
  it('resumes with the text only: never the image twice, never the text without the image', async () => {
    // Two sends a second: the text part waits about half a second for its slot after the image part,
    // which is when the worker dies.
    const options = { batchSize: 50, staleAfterMs: 1500, heartbeatIntervalMs: 300 };
    const spawn = () => {
      const spawned = spawnCampaignWorker({
        databaseUrl: w.t.database.url,
        graphApiUrl: w.emulator.url,
        encryptionKey: TEST_ENCRYPTION_KEY,
        dataDir: w.t.config.dataDir,
        rate: 2,
        options,
      });
      children.push(spawned);
      return spawned;
    };
    const page = await w.createPage({ inside: 3, outside: 0 });
    const first = spawn();
    await first.workerId;
    const id = await createWithImage(page.fbPageId, IMAGE);
    // The first image part recorded, its text not sent yet.
    const between = await waitFor(
      async () => {
        const rows = await rowsOf(id);
        return rows.find((r) => r.image_mid && !r.message_id && r.state === 'sending');
      },
      { timeoutMs: 30_000, everyMs: 10 },
    );
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const atKill = byRecipient(await w.outbox(page.fbPageId));
    expect(atKill.get(between.psid)?.map((e) => (e.attachment ? 'image' : 'text'))).toEqual([
      'image',
    ]);

    const second = spawn();
    await second.workerId;
    await waitFor(async () => (await statusOf(id)) === 'completed', {
      timeoutMs: 60_000,
      everyMs: 200,
    });
    const rows = await rowsOf(id);
    const sends = byRecipient(await w.outbox(page.fbPageId));
    // The row between its parts got its text, and its image only once.
    const resumed = must(rows.find((r) => r.psid === between.psid));
    expect(resumed.state).toBe('sent');
    expect(sends.get(between.psid)?.map((e) => (e.attachment ? 'image' : 'text'))).toEqual([
      'image',
      'text',
    ]);
    expect(must(sends.get(between.psid))[0]?.mid).toBe(between.image_mid);
    // No recipient got an image twice, nor a text before (or without) its image.
    for (const r of rows) {
      const parts = (sends.get(r.psid) ?? []).map((e) => (e.attachment ? 'image' : 'text'));
      if (r.state === 'sent') expect(parts).toEqual(['image', 'text']);
      else expect(['unknown']).toContain(r.state);
      expect(parts.filter((p) => p === 'image').length).toBeLessThanOrEqual(1);
    }
  }, 120_000);
});
