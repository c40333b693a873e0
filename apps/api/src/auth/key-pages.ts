// The page a key-authenticated request acts on, for a key limited to some pages (auth/api-keys.ts): the
// route's `pageId` (path, query or body), or, for a route addressed by another entity's id, that entity's
// page (the contract's `pageOf`). Read before the handler, so a key never acts on a page it was not given.
import type { RouteMeta, RoutePageOf } from '@pagecast/contract';
import type { Sql } from '../db/client.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each entity's table, the route parameter that names it, and the 404 of one on a page the key lacks. */
const ENTITY_PAGES: Record<RoutePageOf, { table: string; param: string; notFound: string }> = {
  campaign: { table: 'campaigns', param: 'campaignId', notFound: 'Campaign not found' },
  tag: { table: 'tags', param: 'id', notFound: 'Tag not found' },
  template: { table: 'message_templates', param: 'id', notFound: 'Template not found' },
  'page-sync': { table: 'page_syncs', param: 'jobId', notFound: 'Sync job not found' },
};

/** The 404 a key gets for a page (or an entity of a page) it was not given: as for a page one does not manage. */
export const keyPageNotFound = (meta: RouteMeta): string =>
  meta.pageOf ? ENTITY_PAGES[meta.pageOf].notFound : 'Page not found';

type Parts = { params?: unknown; query?: unknown; body?: unknown };

const field = (v: unknown, name: string): unknown =>
  v && typeof v === 'object' ? (v as Record<string, unknown>)[name] : undefined;

/**
 * The social id of the page the request acts on; undefined when the route names none or the entity does not
 * exist (its handler then answers as for anyone: 400 or 404).
 */
export async function requestPage(
  db: Sql,
  meta: RouteMeta,
  parts: Parts,
): Promise<string | undefined> {
  if (meta.pageOf) {
    const { table, param } = ENTITY_PAGES[meta.pageOf];
    const id = field(parts.params, param);
    if (typeof id !== 'string' || !UUID.test(id)) return undefined;
    const { rows } = await db.query<{ fb_page_id: string }>(
      `select p.fb_page_id from ${table} e join pages p on p.id = e.page_id where e.id = $1`,
      [id],
    );
    return rows[0]?.fb_page_id;
  }
  if (!meta.pageScoped) return undefined;
  for (const part of [parts.params, parts.query, parts.body]) {
    const id = field(part, 'pageId');
    if (typeof id === 'string') return id;
  }
  return undefined;
}
