// Campaign dispatch across real worker processes (test/fixtures/campaign-worker.ts): a worker SIGKILLed at a
// random point mid-dispatch never causes a duplicate message or a silently skipped recipient, and two
// workers together never exceed the page's send rate (checked on the emulator's outbox timestamps).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENCRYPTION_KEY } from './helpers/app.js';
import { createCampaignWorld, type CampaignWorld } from './fixtures/campaign-world.js';
import { maxInWindow } from './support/pace.js';
import { waitFor } from './support/wait.js';
import { spawnCampaignWorker, stopProcess, type Spawned } from './fixtures/processes.js';

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

function spawnWorker(rate: number, options: Record<string, unknown>) {
  const spawned = spawnCampaignWorker({
    databaseUrl: w.t.database.url,
    graphApiUrl: w.emulator.url,
    encryptionKey: TEST_ENCRYPTION_KEY,
    dataDir: w.t.config.dataDir,
    rate,
    options,
  });
  children.push(spawned);
  return { child: spawned.child, ready: spawned.workerId, exited: spawned.exited };
}

const createNow = (pageId: string) =>
  w.createCampaignNow(pageId, 'One message per person', 'Crash test');
const statusOf = async (id: string) =>
  (await w.pool.query<{ status: string }>('select status from campaigns where id = $1', [id]))
    .rows[0]?.status;
const rowsOf = async (id: string) =>
  (
    await w.pool.query<{
      psid: string;
      state: string;
      message_id: string | null;
      worker_id: string | null;
    }>(
      'select psid, state, message_id, worker_id from campaign_recipients where campaign_id = $1',
      [id],
    )
  ).rows;

describe('campaign workers as separate processes', () => {
  it('a worker SIGKILLed at a random point mid-dispatch: after a restart each recipient got at most one message and has an outcome', async () => {
    // Slow sends (25 ms each) so the kill lands with requests in flight.
    Object.assign(w.emulator.world.behaviour, { latencyMs: 25, sendPerSecond: 0 });
    const page = await w.createPage({ inside: 300, outside: 0 });
    const options = { batchSize: 50, staleAfterMs: 1500, heartbeatIntervalMs: 300 };
    const first = spawnWorker(150, options);
    await first.ready;
    const id = await createNow(page.fbPageId);

    const killAt = 20 + Math.floor(Math.random() * 180);
    await waitFor(async () => (await w.outbox(page.fbPageId)).length >= killAt, {
      timeoutMs: 30_000,
      everyMs: 20,
    });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(await statusOf(id)).toBe('processing');
    const atKill = (await w.outbox(page.fbPageId)).length;
    // Rows the dead worker held: attempted (sent_at set before their group was sent) or only claimed.
    const held = await w.pool.query<{ psid: string; attempted: boolean }>(
      `select psid, sent_at is not null as attempted from campaign_recipients
       where campaign_id = $1 and state = 'sending'`,
      [id],
    );
    const attemptedAtKill = new Set(held.rows.filter((r) => r.attempted).map((r) => r.psid));
    const claimedAtKill = held.rows.filter((r) => !r.attempted).map((r) => r.psid);
    expect(atKill).toBeLessThan(300);

    const second = spawnWorker(150, options);
    await second.ready;
    await waitFor(async () => (await statusOf(id)) === 'completed', {
      timeoutMs: 60_000,
      everyMs: 200,
    });

    const outbox = await w.outbox(page.fbPageId);
    const perPsid = new Map<string, number>();
    for (const e of outbox) perPsid.set(e.recipient, (perPsid.get(e.recipient) ?? 0) + 1);
    expect(Math.max(...perPsid.values())).toBe(1);

    const rows = await rowsOf(id);
    expect(rows).toHaveLength(300);
    // Every recipient has an outcome; none is left queued or sending.
    expect(rows.filter((r) => !['sent', 'failed', 'unknown'].includes(r.state))).toEqual([]);
    const byPsid = new Map(rows.map((r) => [r.psid, r]));
    const midOf = new Map(outbox.map((e) => [e.recipient, e.mid]));
    for (const r of rows) {
      if (r.state === 'sent') expect(midOf.get(r.psid)).toBe(r.message_id);
      if (r.state === 'failed') expect(midOf.has(r.psid)).toBe(false);
    }
    // A message that went out is recorded as sent, or flagged 'unknown' when its answer died with the worker.
    for (const e of outbox) expect(['sent', 'unknown']).toContain(byPsid.get(e.recipient)?.state);
    // Only rows the dead worker had attempted can be unknown (flagged for review, never re-sent); rows it had
    // only claimed provably never went out, so they were queued again and sent by the new worker.
    const unknown = rows.filter((r) => r.state === 'unknown').map((r) => r.psid);
    for (const psid of unknown) expect(attemptedAtKill.has(psid)).toBe(true);
    for (const psid of claimedAtKill) expect(byPsid.get(psid)?.state).toBe('sent');
    expect(rows.filter((r) => r.state === 'failed')).toEqual([]);
  }, 120_000);

  it('two worker processes together never exceed the page rate (outbox timestamps)', async () => {
    Object.assign(w.emulator.world.behaviour, { latencyMs: 0, sendPerSecond: 0 });
    const page = await w.createPage({ inside: 150, outside: 0 });
    // Two batch slots each: with the default twelve, the first process to poll can take all 8 batches,
    // and the page's pace across processes, which this checks, would not be exercised.
    const options = { batchSize: 20, batchConcurrency: 2 };
    const a = spawnWorker(50, options);
    const b = spawnWorker(50, options);
    const ids = await Promise.all([a.ready, b.ready]);
    const id = await createNow(page.fbPageId);
    await waitFor(async () => (await statusOf(id)) === 'completed', {
      timeoutMs: 60_000,
      everyMs: 200,
    });

    const outbox = await w.outbox(page.fbPageId);
    expect(outbox).toHaveLength(150);
    expect(new Set(outbox.map((e) => e.recipient)).size).toBe(150);
    // At the senders (sent_at: each worker's clock right before its request) the pace holds exactly.
    const sent = await w.pool.query<{ t: number }>(
      `select (extract(epoch from sent_at) * 1000)::float8 as t from campaign_recipients where campaign_id = $1`,
      [id],
    );
    expect(maxInWindow(sent.rows.map((r) => Number(r.t)))).toBeLessThanOrEqual(50);
    // At the platform the emulator stamps arrival on this test's event loop, which it shares with the
    // test's polling: a stall on a loaded machine hands it requests sent on time in one burst (CI saw 53).
    // Unpaced, all 150 would land within a second; 10% covers that stall and nothing more.
    expect(maxInWindow(outbox.map((e) => e.time))).toBeLessThanOrEqual(55);
    // Both processes sent part of it.
    const workers = new Set((await rowsOf(id)).map((r) => r.worker_id));
    expect([...workers].sort()).toEqual([...ids].sort());
  }, 120_000);
});
