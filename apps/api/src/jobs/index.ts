import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { ModuleDeps } from '../modules/deps.js';
import { registerCampaignWorker } from './campaigns/worker.js';
import { registerDataDeletionWorker } from './data-deletion.js';
import { registerPageSyncWorker } from './page-sync.js';
import { registerWebhookIngestWorker } from './webhook-ingest.js';

export * from './boss.js';

/**
 * Where job handlers are attached (`boss.work(queue, opts, handler)`). Each queue's worker arrives with
 * the issue that builds it; a placeholder handler would silently complete jobs, so none is registered.
 */
export async function registerWorkers(
  boss: PgBoss,
  deps: ModuleDeps,
  logger?: Logger,
): Promise<void> {
  await registerDataDeletionWorker(boss, deps);
  if (deps.graph) await registerPageSyncWorker(boss, deps, {}, logger);
  await registerWebhookIngestWorker(boss, deps, {}, logger);
  if (deps.config.graphApiUrl) {
    await registerCampaignWorker(boss, {
      config: deps.config,
      db: deps.db,
      decryptToken: deps.tokens.decrypt,
      logger,
    });
  }
}
