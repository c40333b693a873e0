// The durable side of the webhook ingest: the HTTP process handles each stored delivery at once; this
// sweeper, in every worker process, picks up any delivery left unprocessed (its process died, or
// processing failed). Processing is idempotent, so two sweepers taking the same delivery is harmless.
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { ModuleDeps } from '../modules/deps.js';
import { staleEventIds } from '../modules/webhooks/index.js';
import { processWebhookEvent } from '../modules/webhooks/index.js';

export interface WebhookSweeperOptions {
  /** How often to look for unprocessed deliveries. */
  sweepMs: number;
  /** Deliveries younger than this are left to the process that received them. */
  staleAfterMs: number;
}

/** Starts the sweeper; it stops with pg-boss. */
export function startWebhookSweeper(
  boss: PgBoss,
  deps: ModuleDeps,
  options: Partial<WebhookSweeperOptions> = {},
  logger?: Logger,
): void {
  const opts: WebhookSweeperOptions = { sweepMs: 15_000, staleAfterMs: 30_000, ...options };
  const ingest = {
    pool: deps.pool,
    graph: deps.graph,
    tokens: deps.tokens,
    afterCommit: deps.afterCommit,
    logger,
  };
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    (async () => {
      for (const id of await staleEventIds(deps.pool, opts.staleAfterMs)) {
        await processWebhookEvent(ingest, id);
      }
    })()
      .catch((err: unknown) => logger?.warn({ err }, 'webhook sweeper failed'))
      .finally(() => {
        sweeping = false;
      });
  }, opts.sweepMs);
  timer.unref();
  boss.once('stopped', () => clearInterval(timer));
}
