// Campaign workers SIGKILLed at random points in 10 campaign runs (real worker processes,
// test/fixtures/campaign-worker.ts; one or two at a time, a new one started after each kill): every recipient
// ends with exactly one outcome, the platform's outbox holds at most one message per recipient and campaign,
// and only rows the killed worker had attempted can be 'unknown'. The API receives the emulator's echoes: a
// send whose answer died with its worker is settled 'sent' by its echo (the recipient row in the message's
// metadata), so what stays 'unknown' never reached the platform; then, its window over, each 'unknown' row is
// read in its conversation through Graph: settled 'sent', or sent once more when the conversation proves it
// unsent, and none is left 'unknown'. The RNG is seeded: FAULT_SEED replays a run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../src/graph/index.js';
import { dispatchRepo } from '../../src/modules/campaigns/index.js';
import { testGraph } from '../../test/support/emulator.js';
import { receiveWebhooks } from '../../test/support/webhooks.js';
import { createCampaignWorld, type CampaignWorld } from '../../test/fixtures/campaign-world.js';
import { must } from '../../test/support/assert.js';
import { TEST_ENCRYPTION_KEY } from '../../test/helpers/app.js';
import {
  connectionsGone,
  killAllSpawned,
  spawnCampaignWorker,
  stopProcess,
  type CampaignWorkerProcess,
  type Spawned,
} from '../../test/fixtures/processes.js';
import { checkExactlyOnce, faultSeed, reportFigures, seededRandom, until } from './support.js';

const RUNS = 10;
const RATE = 200;
const CONVERSATIONS_RATE = 20;
// The reconciliation window (10 minutes in production) shortened: an 'unknown' row is read in its
// conversation 2 s after its attempt, instead of the test waiting real minutes.
const WORKER_OPTIONS = {
  batchSize: 50,
  staleAfterMs: 1500,
  heartbeatIntervalMs: 300,
  reconcileWindowMs: 2000,
  reconcileRetryMs: 500,
};

type Worker = Spawned & { id: string };

let w: CampaignWorld;
let graph: GraphClient;
const live: Worker[] = [];

beforeAll(async () => {
  w = await createCampaignWorld({ SEND_RATE_PER_PAGE: String(RATE), HIGH_VOLUME_SENDS: '1' });
  // A little latency per send so a kill lands with requests in flight.
  // Conversation reads (the reconciliation) at 20/s instead of Meta's 2, so each run's reads take seconds.
  Object.assign(w.emulator.world.behaviour, {
    latencyMs: 15,
    sendPerSecond: 0,
    conversationsPerSecond: CONVERSATIONS_RATE,
  });
  // The API on a real port, subscribed to the echoes, as in production.
  graph = testGraph(w.emulator.url);
  await receiveWebhooks(w.t.app, w.t.config, graph);
});
afterAll(async () => {
  for (const p of live.splice(0)) await stopProcess(p, 5000);
  if (spare) await stopProcess(spare, 1000);
  killAllSpawned();
  await graph?.close();
  await w?.close();
});

let spare: CampaignWorkerProcess | undefined;

const spawnWorker = (standby: boolean) =>
  spawnCampaignWorker({
    databaseUrl: w.t.database.url,
    graphApiUrl: w.emulator.url,
    encryptionKey: TEST_ENCRYPTION_KEY,
    dataDir: w.t.config.dataDir,
    rate: RATE,
    conversationsRate: CONVERSATIONS_RATE,
    options: WORKER_OPTIONS,
    standby,
  });

/** A new worker process: the warm spare when there is one (and a new spare behind it). */
async function startWorker(): Promise<Worker> {
  const next = spare ?? spawnWorker(true);
  spare = spawnWorker(true);
  await next.loaded;
  next.go();
  const worker = { ...next, id: await next.workerId };
  live.push(worker);
  return worker;
}

describe('campaign workers SIGKILLed at random points', () => {
  it(`${RUNS} campaign runs: every recipient has exactly one outcome, none sent twice`, async () => {
    const random = seededRandom(faultSeed('campaign-kills'));
    const pick = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    const totals = {
      runs: 0,
      recipients: 0,
      kills: 0,
      sent: 0,
      unknown: 0,
      failed: 0,
      duplicates: 0,
      losses: 0,
      /** Rows the dead workers had attempted: their answers were lost with them. */
      answersLost: 0,
      /** Of those, settled 'sent' by their echo, by their conversation, or sent once more. */
      reconciled: 0,
      settledByEcho: 0,
      settledByConversation: 0,
      resent: 0,
      /** 'unknown' after the reconciliation: left for review. */
      unresolved: 0,
    };
    const perRun: unknown[] = [];

    for (let run = 1; run <= RUNS; run++) {
      const runStarted = Date.now();
      const size = pick(200, 260); // 10 runs: at least 2,000 recipients
      const workers = pick(1, 2);
      while (live.length < workers) await startWorker();
      while (live.length > workers) await stopProcess(must(live.pop()), 5000);
      const page = await w.createPage({ inside: size, outside: 0 });
      await graph.subscribeApp(page.fbPageId, page.token, ['messages', 'message_echoes']);
      const text = `Kill run ${run}`;
      const id = await w.createCampaignNow(page.fbPageId, text, `Kill run ${run}`);
      // Progress = recipients with an outcome (a row flagged unknown after a kill counts: it will never be sent).
      const settledSoFar = async () => {
        const { rows } = await w.pool.query<{ n: number; done: boolean }>(
          `select (select count(*)::int from campaign_recipients
                    where campaign_id = $1 and state in ('sent', 'failed', 'unknown')) as n,
                  (select status <> 'processing' and status <> 'pending' from campaigns where id = $1) as done`,
          [id],
        );
        return must(rows[0]);
      };

      // One or two kills at random points of the dispatch, each followed by a new worker process.
      const kills = pick(1, 2);
      const points = Array.from({ length: kills }, () => pick(5, size - 30)).sort((a, b) => a - b);
      let killsThisRun = 0;
      const attemptedAtKill = new Set<string>();
      const claimedAtKill = new Set<string>();
      for (const point of points) {
        const progress = await until(
          `run ${run}: ${point} settled`,
          async () => {
            const p = await settledSoFar();
            return p.n >= point || p.done ? p : undefined;
          },
          60_000,
          10,
        );
        if (progress.done) break; // finished before this point: no kill left to make in this run
        const victim = must(live.splice(pick(0, live.length - 1), 1)[0]);
        victim.child.kill('SIGKILL');
        expect(await victim.exited).toBe('SIGKILL');
        totals.kills++;
        killsThisRun++;
        // Postgres finishes a statement the dead process had sent (e.g. marking a group attempted): only
        // once its connections are gone is the picture final.
        await connectionsGone((text, values) => w.pool.query(text, values), must(victim.child.pid));
        // Frozen now: what the dead worker held, attempted (sent_at set) or only claimed. A live worker's
        // sweeper may already have flagged its attempted rows 'unknown' (its heartbeat stopped 1.5 s ago).
        const { rows } = await w.pool.query<{ psid: string; attempted: boolean }>(
          `select psid, sent_at is not null as attempted from campaign_recipients
           where campaign_id = $1 and worker_id = $2
             and (state = 'sending' or (state = 'unknown' and sent_at is not null))`,
          [id, victim.id],
        );
        for (const r of rows) {
          if (!r.attempted) claimedAtKill.add(r.psid);
          else {
            attemptedAtKill.add(r.psid);
            // Queued again after an earlier kill, claimed and attempted by this victim: now it is this one's.
            claimedAtKill.delete(r.psid);
          }
        }
        await startWorker();
      }

      const status = await until(
        `run ${run}: campaign completed`,
        async () => {
          const { rows } = await w.pool.query<{ status: string }>(
            'select status from campaigns where id = $1',
            [id],
          );
          return rows[0]?.status === 'completed' ? rows[0] : undefined;
        },
        120_000,
        100,
      );
      expect(status.status).toBe('completed');
      // The last echoes may still be on their way: every message the platform has settles its row.
      const sentTo = async () =>
        new Set(
          (await w.outbox(page.fbPageId)).filter((e) => e.text === text).map((e) => e.recipient),
        );
      await until(
        `run ${run}: echoes applied`,
        async () => {
          const out = await sentTo();
          const { rows } = await w.pool.query<{ psid: string }>(
            `select psid from campaign_recipients where campaign_id = $1 and state = 'unknown'`,
            [id],
          );
          return rows.every((r) => !out.has(r.psid)) || undefined;
        },
        30_000,
        100,
      );
      // The reconciliation: every 'unknown' row read in its conversation once its window is over, settled
      // 'sent' or sent once more; done when none waits for a read or a resend.
      await until(
        `run ${run}: reconciled`,
        async () => {
          const { rows } = await w.pool.query<{ n: number }>(
            `select count(*)::int as n from campaign_recipients
              where campaign_id = $1
                and (state in ('queued', 'sending') or (state = 'unknown' and reconcile_reads < 5))`,
            [id],
          );
          return rows[0]?.n === 0 || undefined;
        },
        120_000,
        200,
      );
      const counts = await dispatchRepo.reconciliationCounts(w.pool, id);
      totals.settledByEcho += counts.byEcho;
      totals.settledByConversation += counts.byConversation;
      totals.resent += counts.resent;
      totals.unresolved += counts.forReview;
      const result = await checkExactlyOnce({
        pool: w.pool,
        emulatorUrl: w.emulator.url,
        fbPageId: page.fbPageId,
        campaignId: id,
        text,
        audience: page.contacts.map((c) => c.psid),
      });
      expect(result.failed).toBe(0);
      // Only a row the dead worker had attempted may be unknown; one it had only claimed was sent later.
      const { rows } = await w.pool.query<{ psid: string; state: string }>(
        'select psid, state from campaign_recipients where campaign_id = $1',
        [id],
      );
      const unknown = rows.filter((r) => r.state === 'unknown').map((r) => r.psid);
      expect(unknown.filter((p) => !attemptedAtKill.has(p))).toEqual([]);
      // What is still unknown never reached the platform: every send that did was proven by its echo.
      const delivered = await sentTo();
      expect(unknown.filter((p) => delivered.has(p))).toEqual([]);
      const state = new Map(rows.map((r) => [r.psid, r.state]));
      expect(
        [...claimedAtKill]
          .filter((p) => state.get(p) !== 'sent')
          .map((p) => `${p}: ${state.get(p)}`),
      ).toEqual([]);

      totals.runs++;
      totals.recipients += size;
      for (const k of ['sent', 'unknown', 'failed', 'duplicates', 'losses'] as const)
        totals[k] += result[k];
      totals.answersLost += attemptedAtKill.size;
      totals.reconciled += [...attemptedAtKill].filter((p) => state.get(p) === 'sent').length;
      perRun.push({
        run,
        size,
        workers,
        kills: killsThisRun,
        at: points,
        unknown: result.unknown,
        answersLost: attemptedAtKill.size,
        ms: Date.now() - runStarted,
      });
    }

    reportFigures('campaign-kills', { ...totals, killsSurvived: totals.kills, perRun });
    expect(totals).toMatchObject({ runs: RUNS, duplicates: 0, losses: 0, unresolved: 0 });
    expect(totals.kills).toBeGreaterThanOrEqual(RUNS);
  }, 900_000);
});
