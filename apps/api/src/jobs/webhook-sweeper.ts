// The durable side of the webhook ingest: the HTTP process handles each stored delivery at once; this
// sweeper, in every worker process, picks up any delivery left unprocessed (its process died, or
// processing failed). Processing is idempotent, so two sweepers taking the same delivery is harmless.
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { ModuleDeps } from '../modules/shared/deps.js';
import { mediaPolicyOf, settleHeldReactions } from '../modules/inbox/index.js';
import { processWebhookEvent, purgeOldEvents, staleEventIds } from '../modules/webhooks/index.js';

export interface WebhookSweeperOptions {
  /** How often to look for unprocessed deliveries. */
  sweepMs: number;
  /** Deliveries younger than this are left to the process that received them. */
  staleAfterMs: number;
  /** How often to delete deliveries past their keeping time (webhooks/repo.ts#WEBHOOK_EVENTS_KEPT). */
  purgeMs: number;
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
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    (async () => {
      for (const id of await staleEventIds(deps.pool, opts.staleAfterMs)) {
        await processWebhookEvent(ingest, id);
      }
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
    clearInterval(timer);
    clearInterval(purge);
  });
}
