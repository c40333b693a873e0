import type { LiveEvent } from '@pagecast/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { encodePayload, LIVE_CHANNEL } from './channel.js';

/**
 * Publishes a live event to every API process (Postgres NOTIFY). Called with a transaction, the event is
 * delivered only if and when that transaction commits, so subscribers never see uncommitted data.
 */
export async function publish(db: Db, pageFbId: string, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${encodePayload(pageFbId, event)})`);
}
