import type PgBoss from 'pg-boss';
import type { ModuleDeps } from '../modules/deps.js';

export * from './boss.js';

/**
 * Where job handlers are attached (`boss.work(queue, opts, handler)`). Deliberately empty: each queue's
 * worker arrives with the issue that builds it (page sync, campaign dispatch/batch, webhook ingest,
 * data deletion). A placeholder handler would silently complete jobs, so none is registered here.
 */
export async function registerWorkers(_boss: PgBoss, _deps: ModuleDeps): Promise<void> {
  // Intentionally no workers yet.
}
