// The durable side of the webhook ingest: the HTTP process handles each stored delivery at once; this
// worker picks up any delivery left unprocessed (its process died, or processing failed) and also
// serves explicit 'webhook-ingest' jobs ({eventId}) for re-processing. Processing is idempotent.
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { ModuleDeps } from '../modules/deps.js';
import { staleEventIds } from '../modules/webhooks/repo.js';
import { processWebhookEvent } from '../modules/webhooks/service.js';
import { WEBHOOK_INGEST_QUEUE } from './queues.js';

export interface WebhookIngestOptions {
  /** How often to look for unprocessed deliveries. */
  sweepMs: number;
  /** Deliveries younger than this are left to the process that received them. */
  staleAfterMs: number;
}

export async function registerWebhookIngestWorker(
  boss: PgBoss,
  deps: ModuleDeps,
  options: Partial<WebhookIngestOptions> = {},
  logger?: Logger,
): Promise<void> {
  const opts: WebhookIngestOptions = { sweepMs: 15_000, staleAfterMs: 30_000, ...options };
  const ingest = { db: deps.db, graph: deps.graph, tokens: deps.tokens, logger };
  await boss.work<{ eventId: number }>(WEBHOOK_INGEST_QUEUE, async ([job]) => {
    if (job) await processWebhookEvent(ingest, Number(job.data.eventId));
  });
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    (async () => {
      for (const id of await staleEventIds(deps.db, opts.staleAfterMs)) {
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
