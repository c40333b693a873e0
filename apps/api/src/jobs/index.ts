import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { ModuleDeps } from '../modules/shared/deps.js';
import { registerCampaignWorker } from '../modules/campaigns/index.js';
import { startDeliveryWorker } from '../modules/outbound-webhooks/index.js';
import { registerDataDeletionWorker } from './data-deletion.js';
import { registerPageAccessWorker } from './page-access.js';
import { registerPageSyncWorker } from './page-sync.js';
import { startWebhookSweeper } from './webhook-sweeper.js';

export * from './boss.js';

/**
 * Every worker of a process, attached to its pg-boss: data deletion, page sync and the page access
 * re-check (with a Graph client),
 * the webhook sweeper, outbound webhook deliveries, and campaign dispatch (with a Graph API to send to).
 */
export async function registerWorkers(
  boss: PgBoss,
  deps: ModuleDeps,
  logger?: Logger,
): Promise<void> {
  await registerDataDeletionWorker(boss, deps);
  if (deps.graph) {
    await registerPageSyncWorker(boss, deps, {}, logger);
    await registerPageAccessWorker(boss, deps, logger);
  }
  startWebhookSweeper(boss, deps, {}, logger);
  // Outbound webhooks go out from the workers only, never from a request; they stop with pg-boss.
  const deliveries = startDeliveryWorker({ ...deps, logger });
  boss.once('stopped', () => void deliveries.stop());
  if (deps.config.graphApiUrl) {
    await registerCampaignWorker(boss, {
      config: deps.config,
      pool: deps.pool,
      decryptToken: deps.tokens.decrypt,
      logger,
    });
  }
}
