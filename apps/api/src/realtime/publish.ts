import type { LiveEvent } from '@pagecast/contract';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/client.js';
import { type AccessChanged, encodePayload, LIVE_CHANNEL, SESSION_CHANNEL } from './channel.js';

/** Where an event is published: a drizzle handle, or a pg pool or client (the campaign workers'). */
export type PublishTarget = Pick<Db, 'execute'> | Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * Publishes a live event to every API process (Postgres NOTIFY). Called with a transaction, the event is
 * delivered only if and when that transaction commits, so subscribers never see uncommitted data.
 */
export async function publish(
  db: PublishTarget,
  pageFbId: string,
  event: LiveEvent,
): Promise<void> {
  const payload = encodePayload(pageFbId, event);
  if ('execute' in db) await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
  else await db.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]);
}

/**
 * Tells every API process that an admin's page links or roles were rewritten, so their open live streams
 * re-check the page they follow. In a transaction, it goes out only if that commits.
 */
export async function announceAccessChanged(
  db: Pick<Db, 'execute'>,
  adminId: string,
): Promise<void> {
  const notice: AccessChanged = { accessOf: adminId };
  await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${JSON.stringify(notice)})`);
}
