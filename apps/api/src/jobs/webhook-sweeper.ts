// The durable side of the webhook ingest: the HTTP process handles each stored delivery at once; this
// sweeper, in every worker process, picks up any delivery left unprocessed (its process died, or
// processing failed). Processing is idempotent, so two sweepers taking the same delivery is harmless.
import fastq from 'fastq';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { ModuleDeps } from '../modules/shared/deps.js';
import { mediaPolicyOf, settleHeldReactions } from '../modules/inbox/index.js';
import {
  INGEST_CONCURRENCY,
  type IngestDeps,
  processWebhookEvent,
  purgeOldEvents,
  staleEventIds,
} from '../modules/webhooks/index.js';

/** Stale deliveries read at a time. */
const SWEEP_PAGE = 100;

export interface WebhookSweeperOptions {
  /** How often to look for unprocessed deliveries. */
  sweepMs: number;
  /** Deliveries younger than this are left to the process that received them. */
  staleAfterMs: number;
  /** How often to delete deliveries past their keeping time (webhooks/repo.ts#WEBHOOK_EVENTS_KEPT). */
  purgeMs: number;
}

/**
 * One pass over the stale deliveries, oldest first, as many at once as the receiving process applies: a
 * backlog (a burst past the HTTP process's queue, or a dead process's) drains at ingest speed, not a page a
 * sweep. A delivery that fails again waits for the next pass. Returns how many were tried.
 */
export async function sweepStaleDeliveries(
  ingest: IngestDeps,
  staleAfterMs: number,
  stopped: () => boolean = () => false,
): Promise<number> {
  const apply = fastq.promise((id: number) => processWebhookEvent(ingest, id), INGEST_CONCURRENCY);
  let tried = 0;
  for (let after = 0; ;) {
    const ids = await staleEventIds(ingest.pool, staleAfterMs, SWEEP_PAGE, after);
    await Promise.all(ids.map((id) => apply.push(id)));
    tried += ids.length;
    if (ids.length < SWEEP_PAGE || stopped()) return tried;
    after = ids[ids.length - 1] as number;
  }
}

/** Starts the sweeper; it stops with pg-boss. */
export function startWebhookSweeper(
  boss: PgBoss,
  deps: ModuleDeps,
  options: Partial<WebhookSweeperOptions> = {},
  logger?: Logger,
): void {
  const opts: WebhookSweeperOptions = {
    sweepMs: 15_000,
    staleAfterMs: 30_000,
    purgeMs: 3_600_000,
    ...options,
  };
  const ingest = {
    pool: deps.pool,
    appId: deps.config.fbAppId,
    graph: deps.graph,
    tokens: deps.tokens,
    afterCommit: deps.afterCommit,
    logger,
    isMediaUrl: mediaPolicyOf(deps.config),
  };
  let sweeping = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    (async () => {
      await sweepStaleDeliveries(ingest, opts.staleAfterMs, () => stopped);
      // A reaction held for a message stored by a transaction that ran alongside its own
      // (inbox/messages-repo.ts#setReaction) goes on it now; shown from the next read of the thread.
      const applied = await settleHeldReactions(deps.pool);
      if (applied > 0) logger?.info({ applied }, 'held reactions put on their messages');
    })()
      .catch((err: unknown) => logger?.warn({ err }, 'webhook sweeper failed'))
      .finally(() => {
        sweeping = false;
      });
  }, opts.sweepMs);
  timer.unref();
  // The stored payloads hold what contacts wrote: kept only as long as they serve (a replay, a look at a
  // failure), then deleted in batches, oldest first. Every worker runs it; two at once delete apart.
  const purge = setInterval(() => {
    (async () => {
      let deleted = 0;
      for (let n = await purgeOldEvents(deps.pool); n > 0; n = await purgeOldEvents(deps.pool))
        deleted += n;
      if (deleted > 0) logger?.info({ deleted }, 'old webhook deliveries deleted');
    })().catch((err: unknown) => logger?.warn({ err }, 'webhook purge failed'));
  }, opts.purgeMs);
  purge.unref();
  boss.once('stopped', () => {
    stopped = true;
    clearInterval(timer);
    clearInterval(purge);
  });
}
