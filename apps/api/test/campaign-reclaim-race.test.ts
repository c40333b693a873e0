// A worker that only looked dead (its heartbeat late: a stalled event loop, a slow heartbeat query) has its
// claimed, unmarked rows re-queued by the sweeper, and one of its own lanes may claim them again under the
// same worker id. The first claim's chunk must then neither send them (its mark would find them 'sending'
// under its worker id) nor write its answer over the second claim ("not ours: back to the queue" would
// re-queue a row whose message has gone out, and it would be sent twice). A row's claim is its worker id
// and its attempt number: the mark and the outcome write match both. A deterministic interleaving of the
// two claims' statements.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requeuedOutcome, sentOutcome } from '../src/modules/campaigns/dispatch/outcome.js';
import { startDueCampaign } from '../src/modules/campaigns/dispatch/scheduler.js';
import {
  claimRows,
  markAttempted,
  writeOutcomes,
} from '../src/modules/campaigns/dispatch/repo/send.js';
import { flagStaleSends, heartbeat } from '../src/modules/campaigns/dispatch/repo/workers.js';
import { createCampaignWorld, type CampaignWorld } from './fixtures/campaign-world.js';

let w: CampaignWorld;

beforeAll(async () => {
  w = await createCampaignWorld();
});
afterAll(async () => {
  await w?.close();
});

const rowsOf = async (id: string) =>
  (
    await w.pool.query<{
      contact_id: string;
      state: string;
      attempts: number;
      message_id: string | null;
    }>(
      `select contact_id, state, attempts, message_id from campaign_recipients
        where campaign_id = $1 order by contact_id`,
      [id],
    )
  ).rows;

describe('a row re-queued from a live worker and claimed again by it', () => {
  it('the first claim neither sends it nor re-queues it over the second', async () => {
    const page = await w.createPage({ inside: 3, outside: 0 });
    const id = await w.createCampaignNow(page.fbPageId, 'Claimed twice', 'Claimed twice');
    // No worker runs in this file: the test plays the worker's statements itself.
    expect((await startDueCampaign(w.pool, w.boss, 50))?.id).toBe(id);
    const worker = randomUUID();
    await heartbeat(w.pool, worker, [id]);

    const first = await claimRows(w.pool, id, 0, 3, worker);
    expect(first).toHaveLength(3);
    // Its heartbeat looks stale (staleMs 0): the claimed, unmarked rows go back to the queue...
    expect(await flagStaleSends(w.pool, 0)).toBe(3);
    // ...and another lane of the same worker claims them again.
    const second = await claimRows(w.pool, id, 0, 3, worker);
    expect(second.map((r) => r.attempts)).toEqual([2, 2, 2]);
    const ids = second.map((r) => r.contact_id);
    const claims = (rows: typeof first) => new Map(rows.map((r) => [r.contact_id, r.attempts]));

    // The second claim marks its rows and sends them.
    expect(await markAttempted(w.pool, id, ids, worker, claims(second))).toEqual(new Set(ids));
    // The first claim's chunk reaches them: not its rows any more, so nothing to send...
    expect(await markAttempted(w.pool, id, ids, worker, claims(first))).toEqual(new Set());
    // ...and its "not ours, back to the queue" answer changes nothing.
    const send = (contactId: string) => ({
      contactId,
      messagingType: 'UPDATE' as const,
      tag: null,
      attempts: 1,
    });
    await writeOutcomes(
      w.pool,
      id,
      worker,
      ids.map((c) => requeuedOutcome(send(c), 0, -1, Date.now())),
      claims(first),
    );
    expect((await rowsOf(id)).map((r) => r.state)).toEqual(['sending', 'sending', 'sending']);
    // The second claim's answers land: sent once each, counted once each.
    await writeOutcomes(
      w.pool,
      id,
      worker,
      ids.map((c, i) => sentOutcome(send(c), `m_${i}`, new Date())),
      claims(second),
    );
    expect((await rowsOf(id)).map((r) => [r.state, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
      ['sent', 2],
    ]);
    const { rows } = await w.pool.query<{ dispatched: number }>(
      'select dispatched_count as dispatched from campaigns where id = $1',
      [id],
    );
    expect(rows[0]?.dispatched).toBe(3);
  });
});
