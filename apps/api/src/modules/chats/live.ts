// Where the inbox publishes its own events (a sent reply) onto the realtime bus (src/realtime).
import type { LiveEvent } from '@pagecast/contract';
import { publish } from '../../realtime/index.js';
import type { ModuleDeps } from '../deps.js';

export function publishLive(deps: ModuleDeps, pageFbId: string, event: LiveEvent): Promise<void> {
  return publish(deps.db, pageFbId, event);
}
