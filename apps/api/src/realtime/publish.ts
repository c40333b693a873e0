import type { LiveEvent } from '@pagecast/contract';
import { sql } from 'drizzle-orm';
import { dz, type Sql } from '../db/client.js';
import { type AccessChanged, encodePayload, LIVE_CHANNEL, SESSION_CHANNEL } from './channel.js';

/**
 * Publishes a live event to every API process (Postgres NOTIFY). Called with a transaction, the event is
 * delivered only if and when that transaction commits, so subscribers never see uncommitted data.
 */
export async function publish(db: Sql, pageFbId: string, event: LiveEvent): Promise<void> {
  await dz(db).execute(sql`select pg_notify(${LIVE_CHANNEL}, ${encodePayload(pageFbId, event)})`);
}

/**
 * Tells every API process that an admin's page links or roles were rewritten, so their open live streams
 * re-check the page they follow and their page access caches drop the admin's entries. In a transaction, it
 * goes out only if that commits. The caller first calls auth's pageAccessChanging, so that this process's
 * caches read the database from then until the notice arrives.
 */
export async function announceAccessChanged(db: Sql, adminId: string): Promise<void> {
  const notice: AccessChanged = { accessOf: adminId };
  await dz(db).execute(sql`select pg_notify(${SESSION_CHANNEL}, ${JSON.stringify(notice)})`);
}
