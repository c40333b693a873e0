// A page sync and a campaign on the same page at once, on the emulator, which plays Meta's high-volume mode
// (over 40 messages/s: the page's conversations listing fails). At the default pace the campaign never puts
// the page in the mode; at an opted-in high pace it does, and the sync backs off and finishes once it ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEND_RATE_PER_PAGE } from '../src/config.js';
import { startCampaignWorker } from '../src/modules/campaigns/dispatch/worker.js';
import {
  runPageSync,
  type PageSyncOptions,
  DEFAULT_PAGE_SYNC_OPTIONS,
} from '../src/jobs/page-sync.js';
import { tokenCipher } from '../src/crypto/tokens.js';
import {
  createCampaignWorld,
  type CampaignWorld,
  type WorldPage,
} from './fixtures/campaign-world.js';
import { must } from './support/assert.js';
import { maxInWindow } from './support/pace.js';
import { waitFor } from './support/wait.js';
import { testGraph } from './support/emulator.js';

let w: CampaignWorld;
const graph = () => testGraph(w.emulator.url.replace(/\/$/, ''));

beforeAll(async () => {
  w = await createCampaignWorld();
});
afterAll(() => w?.close());

const SYNC: PageSyncOptions = {
  ...DEFAULT_PAGE_SYNC_OPTIONS,
  pageSize: 25,
  minRateLimitWaitMs: 200,
  maxRateLimitWaitMs: 1_000,
};

/** Starts a sync of the page (as the pages module queues it) and runs it here to its end. */
async function sync(page: WorldPage) {
  const { rows } = await w.pool.query<{ id: string }>(
    `insert into page_syncs (page_id) values ($1) returning id`,
    [page.uuid],
  );
  const id = must(rows[0]).id;
  const g = graph();
  const done = runPageSync(
    {
      pool: w.t.database.pool,
      config: w.t.config,
      tokens: tokenCipher(w.t.config.encryptionKey),
      graph: g,
    },
    id,
    SYNC,
  ).finally(() => g.close());
  return { id, done };
}
const syncRow = async (id: string) =>
  must(
    (
      await w.pool.query<{ status: string; processed: number; rate_limit_hits: number }>(
        'select status, processed, rate_limit_hits from page_syncs where id = $1',
        [id],
      )
    ).rows[0],
  );
const campaignDone = async (id: string) => (await w.settled(id, 60_000)).campaign;
const inHighVolume = (page: WorldPage) =>
  w.emulator.world.highVolume.remainingMs(page.fbPageId, w.emulator.world.now()) > 0;

describe('page sync and a campaign on the same page', () => {
  it('at the default pace the page never enters high-volume mode, and both finish', async () => {
    expect(w.t.config.sendRatePerPage).toBe(DEFAULT_SEND_RATE_PER_PAGE);
    const worker = await w.startWorker();
    try {
      const page = await w.createPage({ inside: 150, outside: 0 });
      const campaignId = await w.createCampaignNow(page.fbPageId, 'Default pace');
      const s = await sync(page);
      await expect(s.done).resolves.toBe('completed');
      expect(await campaignDone(campaignId)).toMatchObject({
        status: 'completed',
        dispatchedCount: 150,
      });
      // A conversation the campaign writes to moves to the top of the listing, ahead of the sync's cursor, so
      // the walk may not meet it again: those are contacts the campaign was sent to, stored already.
      const row = await syncRow(s.id);
      expect(row.status).toBe('completed');
      expect(row.processed).toBeGreaterThan(0);
      expect(row.processed).toBeLessThanOrEqual(150);
      const { rows: stored } = await w.pool.query<{ n: number }>(
        'select count(*)::int as n from contacts where page_id = $1',
        [page.uuid],
      );
      expect(stored[0]?.n).toBe(150);
      const outbox = await w.outbox(page.fbPageId);
      expect(outbox).toHaveLength(150);
      // The mode lasts a minute after any second over 40: had the campaign tripped it, it would still be on.
      expect(maxInWindow(outbox.map((e) => e.time))).toBeLessThanOrEqual(40);
      expect(inHighVolume(page)).toBe(false);
    } finally {
      await worker.stop();
    }
  }, 90_000);

  it('at an opted-in high pace the sync waits out the mode instead of failing', async () => {
    const worker = await startCampaignWorker(
      {
        config: { ...w.t.config, sendRatePerPage: 150, highVolumeSends: true },
        pool: w.t.database.pool,
        boss: w.boss,
        decryptToken: tokenCipher(w.t.config.encryptionKey).decrypt,
      },
      { staleAfterMs: 3000 },
    );
    const offset = w.emulator.world.clockOffsetMs;
    try {
      const page = await w.createPage({ inside: 400, outside: 0 });
      const campaignId = await w.createCampaignNow(page.fbPageId, 'High volume');
      await waitFor(async () => inHighVolume(page), { timeoutMs: 30_000, everyMs: 20 });
      const s = await sync(page);
      // The sync meets the mode (its listing answers 613) and slows down rather than failing...
      await waitFor(async () => (await syncRow(s.id)).rate_limit_hits > 0, { timeoutMs: 30_000 });
      expect((await syncRow(s.id)).status).toBe('running');
      // ...Meta's campaign keeps sending meanwhile (the emulator's guess: sends are not refused)...
      expect(await campaignDone(campaignId)).toMatchObject({
        status: 'completed',
        dispatchedCount: 400,
      });
      // ...and once the mode is over (a minute later, the emulator's clock moved on) the sync finishes.
      w.emulator.world.clockOffsetMs = offset + 61_000;
      await expect(s.done).resolves.toBe('completed');
      expect(await syncRow(s.id)).toMatchObject({ status: 'completed', processed: 400 });
    } finally {
      w.emulator.world.clockOffsetMs = offset;
      await worker.stop();
    }
  }, 120_000);
});
