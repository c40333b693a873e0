// A campaign prepared ahead of its time (audience snapshot and batch jobs made up to 10 s early) starts
// sending at its time: the worker wakes its idle batch pollers then, instead of leaving the jobs to their
// next poll. The worker here polls every 30 s, so only the wake-up can start the campaign in time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextPreparedStart } from '../src/modules/campaigns/dispatch-repo.js';
import { createCampaignWorld, waitFor, type CampaignWorld } from './fixtures/campaign-world.js';

let w: CampaignWorld;

beforeAll(async () => {
  w = await createCampaignWorld();
});
afterAll(async () => {
  await w?.close();
});

const scheduleIn = async (pageUuid: string, ms: number) =>
  (
    await w.pool.query<{ id: string }>(
      `insert into campaigns (page_id, name, description, message, type, scheduled_time)
       values ($1, 'Prepared', 'Start test', 'Hello at the time', 'ACCOUNT_UPDATE',
               now() + $2 * interval '1 millisecond')
       returning id`,
      [pageUuid, ms],
    )
  ).rows[0]?.id as string;

describe('a prepared campaign', () => {
  it('is sent at its time, not at the batch pollers’ next poll', async () => {
    const page = await w.createPage({ inside: 3, outside: 0 });
    // Registered before any job exists: each poller fetches once now, then sleeps 30 s.
    await w.startWorker({ pollingIntervalSeconds: 30, schedulerIntervalMs: 100 });
    const id = await scheduleIn(page.uuid, 3_000);
    const prepared = await waitFor(async () => {
      const { rows } = await w.pool.query<{ audience_count: number; status: string }>(
        'select audience_count, status from campaigns where id = $1',
        [id],
      );
      return rows[0]?.audience_count === 3 && rows[0];
    }, 5_000);
    expect(prepared.status).toBe('pending');
    const done = await waitFor(async () => {
      const { rows } = await w.pool.query<{ status: string; dispatched_count: number }>(
        'select status, dispatched_count from campaigns where id = $1',
        [id],
      );
      return rows[0]?.status === 'completed' && rows[0];
    }, 15_000);
    expect(done.dispatched_count).toBe(3);
    expect(await w.outbox(page.fbPageId)).toHaveLength(3);
  });

  it('nextPreparedStart: the time until the earliest prepared campaign within the window, else null', async () => {
    const page = await w.createPage({ inside: 1, outside: 0 });
    const pending = await scheduleIn(page.uuid, 60_000);
    // Not prepared yet (no audience snapshot): nothing to wake for.
    expect(await nextPreparedStart(w.pool, 120_000)).toBeNull();
    await w.pool.query('update campaigns set audience_count = 1 where id = $1', [pending]);
    const inMs = await nextPreparedStart(w.pool, 120_000);
    expect(inMs).toBeGreaterThan(55_000);
    expect(inMs).toBeLessThanOrEqual(60_000);
    // Beyond the window: null.
    expect(await nextPreparedStart(w.pool, 30_000)).toBeNull();
    await w.pool.query(`update campaigns set status = 'cancelled' where id = $1`, [pending]);
    expect(await nextPreparedStart(w.pool, 120_000)).toBeNull();
  });
});
