import { sql } from 'drizzle-orm';
import { dz, textArray, type Sql } from '../db/client.js';
import { BOSS_SCHEMA, CAMPAIGN_BATCH_QUEUE, PAGE_SYNC_QUEUE } from './queues.js';

/**
 * Cancels queued (not yet running) jobs that belong to these pages or campaigns, whatever key their payload
 * uses for them. A running job is left alone: it sees the cancelled campaign or the missing page and stops.
 */
export async function cancelQueuedJobs(
  db: Sql,
  pages: Array<{ id: string; fbPageId: string }>,
  campaignIds: string[],
): Promise<number> {
  if (pages.length === 0 && campaignIds.length === 0) return 0;
  const exists = await dz(db).execute<{ ok: boolean }>(
    sql`select to_regclass(${`${BOSS_SCHEMA}.job`}) is not null as ok`,
  );
  if (!exists.rows[0]?.ok) return 0;
  const pageKeys = pages.flatMap((p) => [p.id, p.fbPageId]);
  const queues = [PAGE_SYNC_QUEUE, CAMPAIGN_BATCH_QUEUE];
  const res = await dz(db).execute(sql`
    update ${sql.raw(BOSS_SCHEMA)}.job
    set state = 'cancelled', completed_on = now()
    where name in (${sql.join(
      queues.map((q) => sql`${q}`),
      sql`, `,
    )})
      and state in ('created', 'retry')
      and (
        data->>'pageId' = any(${textArray(pageKeys)}::text[])
        or data->>'fbPageId' = any(${textArray(pageKeys)}::text[])
        or data->>'campaignId' = any(${textArray(campaignIds)}::text[])
        or data->>'syncId' in (
          select id::text from page_syncs where page_id::text = any(${textArray(pages.map((p) => p.id))}::text[])
        )
      )`);
  return res.rowCount ?? 0;
}
