// The campaign workers of one process: the scheduler loop (starts due campaigns, scheduler.ts), the
// 'campaign-batch' job handlers (send, batch.ts), the sweeper loop (heartbeat, crash recovery,
// completion, sweeper.ts) and the deliver-on-return loop (returns.ts). Any number of processes can run
// this; Postgres coordinates them (SKIP LOCKED claims, the page pacer row, heartbeats).
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Config } from '../../../config.js';
import { createGraphClient, type GraphClient } from '../../../graph/index.js';
import { heartbeat, retireWorker } from './repo/workers.js';
import { adminsToVerifyBeforeStart } from './repo/start.js';
import { RECONCILE_WINDOW_MS } from '../reasons.js';
import { ProgressPublisher, publishCampaignsSafely } from '../live.js';
import { PageSendPacer } from './page-send-pacer.js';
import { CAMPAIGN_BATCH_QUEUE, requestRecheck } from '../../../queues/index.js';
import { processCampaignBatch } from './batch.js';
import type { BatchContext, BatchTuning, CampaignBatchJob } from './context.js';
import { READ_RETRY_MS, reconcileUnknowns } from './reconcile.js';
import { sendReturns } from './returns.js';
import { prepareDueCampaigns, startDueCampaign } from './scheduler.js';
import { sweep } from './sweeper.js';
import { ActiveCampaigns, HeldRows, KeyedSemaphores, Semaphore } from './worker-state.js';

export interface CampaignWorkerOptions extends BatchTuning {
  /** Recipients per batch job. */
  batchSize: number;
  /** Batch jobs this process runs at once. A batch mostly waits on its page's pacer, holding nothing but
   *  its rows: enough slots let every page sending at once keep its pace (4 slots in each of 2 processes
   *  held ten pages to 0.55-0.80 of their rate). */
  batchConcurrency: number;
  /** Of those, batches of one campaign at once: more of them only contend for the same page's pace (with
   *  12, one paced page fell from 0.956 to 0.92 of its rate). */
  batchesPerCampaign: number;
  /** Send API requests in flight at once in this process. */
  maxInFlight: number;
  /** Share of the page rate the pacer targets (jitter margin). */
  rateHeadroom: number;
  schedulerIntervalMs: number;
  heartbeatIntervalMs: number;
  /** A worker whose heartbeat is older than this is dead: its 'sending' rows become 'unknown'. */
  staleAfterMs: number;
  /** How long an 'unknown' row waits for its echo before its conversation is read (reconcile.ts). */
  reconcileWindowMs: number;
  /** A conversation read that failed is tried again after this (at most RECONCILE_MAX_READS reads). */
  reconcileRetryMs: number;
  /** pg-boss polling of the batch queue (0.5 s is its minimum). */
  pollingIntervalSeconds: number;
}

export const DEFAULT_CAMPAIGN_WORKER_OPTIONS: CampaignWorkerOptions = {
  batchSize: 500,
  chunkSize: 100,
  lanes: 3,
  maxAttempts: 5,
  rateLimitPauseMs: 1000,
  lateToleranceMs: 10,
  batchConcurrency: 12,
  batchesPerCampaign: 4,
  maxInFlight: 96,
  rateHeadroom: 0.96,
  schedulerIntervalMs: 250,
  heartbeatIntervalMs: 1000,
  staleAfterMs: 10_000,
  reconcileWindowMs: RECONCILE_WINDOW_MS,
  reconcileRetryMs: READ_RETRY_MS,
  pollingIntervalSeconds: 0.5,
};

/** Campaigns due within this lead get their admin's access verified, unless it was in the last ~2.5 min. */
const PRE_START_CHECK_LEAD_MS = 120_000;
const PRE_START_CHECK_EVERY_MS = 30_000;

export interface CampaignWorkerDeps {
  config: Config;
  pool: pg.Pool;
  boss: PgBoss;
  decryptToken: (enc: string) => string;
  logger?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** Defaults to a Send client without internal retries (this worker decides what a failure means). */
  graph?: GraphClient;
}

export interface CampaignWorker {
  workerId: string;
  /** Stops claiming, lets in-flight chunks write their outcomes, then stops timers. */
  stop: () => Promise<void>;
}

export async function startCampaignWorker(
  deps: CampaignWorkerDeps,
  overrides: Partial<CampaignWorkerOptions> = {},
): Promise<CampaignWorker> {
  const options = { ...DEFAULT_CAMPAIGN_WORKER_OPTIONS, ...overrides };
  const pool: pg.Pool = deps.pool;
  const log = deps.logger ?? { warn: () => {}, error: () => {} };
  const workerId = randomUUID();
  const ownGraph = !deps.graph;
  const graph =
    deps.graph ??
    createGraphClient({
      baseUrl: deps.config.graphApiUrl as string,
      version: deps.config.graphApiVersion,
      appId: deps.config.fbAppId,
      appSecret: deps.config.fbAppSecret,
      maxRetries: 0,
      maxRateLimitRetries: 0,
      connections: options.maxInFlight,
    });
  const active = new ActiveCampaigns();
  const held = new HeldRows();
  let stopping = false;
  // Before the first claim: a row claimed by a worker without a heartbeat would look abandoned.
  await heartbeat(pool, workerId, active.ids());
  active.onChange = () =>
    void heartbeat(pool, workerId, active.ids()).catch((err: unknown) =>
      log.warn({ err }, 'heartbeat failed'),
    );

  const ctx: BatchContext = {
    pool,
    graph,
    pacer: new PageSendPacer(pool, deps.config.sendRatePerPage, options.rateHeadroom),
    decryptToken: deps.decryptToken,
    workerId,
    tuning: options,
    inFlight: new Semaphore(options.maxInFlight),
    active,
    held,
    isStopping: () => stopping,
    log,
  };

  const wakers = new Set<() => void>();
  const loops: Array<Promise<void>> = [];
  /** A self-rescheduling loop (never overlapping runs), ended by `stopping`. */
  const every = (ms: number, name: string, fn: () => Promise<void>) => {
    loops.push(
      (async () => {
        while (!stopping) {
          try {
            await fn();
          } catch (err) {
            if (!stopping) log.warn({ err }, `campaign ${name} failed`);
          }
          await new Promise<void>((resolve) => {
            const wake = () => {
              clearTimeout(t);
              wakers.delete(wake);
              resolve();
            };
            const t = setTimeout(wake, ms);
            wakers.add(wake);
          });
        }
      })(),
    );
  };

  every(options.schedulerIntervalMs, 'scheduler', async () => {
    let started;
    while (!stopping && (started = await startDueCampaign(pool, deps.boss, options.batchSize))) {
      await publishCampaignsSafely(pool, [started.id], log);
    }
    if (!stopping) await prepareDueCampaigns(pool, deps.boss, options.batchSize);
  });
  // Before a campaign's start, its admin's access is read again from Facebook (jobs/page-access.ts runs the
  // job; once per admin at a time): a loss found holds the campaign instead of failing it at its time.
  every(PRE_START_CHECK_EVERY_MS, 'pre-start access check', async () => {
    const admins = await adminsToVerifyBeforeStart(
      pool,
      PRE_START_CHECK_LEAD_MS,
      PRE_START_CHECK_LEAD_MS + PRE_START_CHECK_EVERY_MS,
    );
    for (const adminId of admins) await requestRecheck(deps.boss, adminId);
  });
  const sweeper = {
    pool,
    boss: deps.boss,
    workerId,
    active,
    held,
    staleAfterMs: options.staleAfterMs,
    reconcileWindowMs: options.reconcileWindowMs,
  };
  let tick = 0;
  every(options.heartbeatIntervalMs, 'sweeper', () => sweep(sweeper, tick++));
  // Campaign Analytics follows the campaigns this process sends over the live stream (changes only).
  const progress = new ProgressPublisher(pool);
  every(options.heartbeatIntervalMs, 'progress', () => progress.tick(active.ids()));
  // Deliver on return: contacts who wrote to the page get the campaign message kept waiting for them.
  every(options.heartbeatIntervalMs, 'returns', async () => {
    await sendReturns(ctx);
  });

  // 'Unknown' rows whose echo did not come in time: read in their conversation, settled or sent once more.
  every(options.heartbeatIntervalMs, 'reconcile', async () => {
    await reconcileUnknowns(ctx, {
      windowMs: options.reconcileWindowMs,
      readsPerSecond: deps.config.conversationsRatePerPage,
      retryMs: options.reconcileRetryMs,
    });
  });

  const running = new Set<Promise<void>>();
  const perCampaign = new KeyedSemaphores(options.batchesPerCampaign);
  const handler = (workId: () => string) => async (jobs: PgBoss.Job<CampaignBatchJob>[]) => {
    const run = (async () => {
      for (const job of jobs) {
        await perCampaign.acquire(job.data.campaignId);
        try {
          await processCampaignBatch(ctx, job.data);
        } finally {
          perCampaign.release(job.data.campaignId);
        }
      }
    })();
    running.add(run);
    try {
      await run;
    } finally {
      running.delete(run);
      // pg-boss would otherwise sleep out the rest of its polling interval before the next batch.
      if (!stopping) deps.boss.notifyWorker(workId());
    }
  };
  const workIds: string[] = [];
  for (let i = 0; i < options.batchConcurrency; i++) {
    let id = '';
    id = await deps.boss.work<CampaignBatchJob>(
      CAMPAIGN_BATCH_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds },
      handler(() => id),
    );
    workIds.push(id);
  }

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      stopping = true;
      for (const wake of [...wakers]) wake();
      for (const id of workIds) await deps.boss.offWork({ id }).catch(() => {});
      // Running handlers finish their chunk, write its outcomes and fail their job (pg-boss retries it).
      await Promise.allSettled([...running]);
      await Promise.all(loops);
      await retireWorker(pool, workerId).catch(() => {});
      if (ownGraph) await graph.close();
    })());
  return { workerId, stop };
}

/** Registers the campaign worker on a runtime's pg-boss and stops it before pg-boss stops. */
export async function registerCampaignWorker(
  boss: PgBoss,
  deps: Omit<CampaignWorkerDeps, 'boss'>,
  overrides: Partial<CampaignWorkerOptions> = {},
): Promise<CampaignWorker> {
  const worker = await startCampaignWorker({ ...deps, boss }, overrides);
  // pg-boss has no stop hook for handlers: wrap stop so in-flight chunks end cleanly first.
  const bossStop = boss.stop.bind(boss);
  boss.stop = async (options) => {
    await worker.stop();
    return bossStop(options);
  };
  return worker;
}
