// SQL of the utility templates capability. A template belongs to a page (pages.id uuid); Meta's id
// (fb_template_id) is how its status webhooks and the re-read find it.
import {
  templateParameterFormat,
  type MessageTemplate,
  type TemplateButton,
  type TemplateStatus,
} from '@pagecast/contract';
import { sql } from 'drizzle-orm';
import { dz, type Sql } from '../../db/client.js';

interface TemplateRow {
  id: string;
  fb_page_id: string;
  fb_template_id: string;
  name: string;
  language: string;
  body: string;
  params: string[];
  buttons: TemplateButton[];
  status: TemplateStatus;
  rejected_reason: string | null;
  scheduled_campaigns: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `m.id, p.fb_page_id, m.fb_template_id, m.name, m.language, m.body, m.params, m.buttons, m.status,
  m.rejected_reason, m.created_at, m.updated_at,
  (select count(*)::int from campaigns c
    where c.template_id = m.id and c.status in ('pending', 'processing')) as scheduled_campaigns`;

export function toTemplate(r: TemplateRow): MessageTemplate {
  return {
    id: r.id,
    pageId: r.fb_page_id,
    name: r.name,
    language: r.language,
    body: r.body,
    parameterFormat: templateParameterFormat(r.params),
    params: r.params,
    buttons: r.buttons,
    status: r.status,
    rejectedReason: r.rejected_reason,
    scheduledCampaigns: r.scheduled_campaigns,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export async function listPageTemplates(db: Sql, pageUuid: string): Promise<MessageTemplate[]> {
  const { rows } = await db.query<TemplateRow>(
    `select ${COLUMNS} from message_templates m join pages p on p.id = m.page_id
      where m.page_id = $1 order by m.created_at desc, m.id`,
    [pageUuid],
  );
  return rows.map(toTemplate);
}

/** A template with the caller's tasks on its page; undefined when it is not on a page they manage. */
export async function findAdminTemplate(
  db: Sql,
  adminId: string,
  templateId: string,
): Promise<
  (MessageTemplate & { pageUuid: string; fbTemplateId: string; tasks: string[] }) | undefined
> {
  const { rows } = await db.query<TemplateRow & { page_uuid: string; tasks: string[] }>(
    `select ${COLUMNS}, m.page_id as page_uuid, pa.tasks
       from message_templates m join pages p on p.id = m.page_id
       join page_admins pa on pa.page_id = m.page_id and pa.admin_id = $2
      where m.id = $1`,
    [templateId, adminId],
  );
  const r = rows[0];
  return r
    ? { ...toTemplate(r), pageUuid: r.page_uuid, fbTemplateId: r.fb_template_id, tasks: r.tasks }
    : undefined;
}

/** The page's template by id, as a campaign names it. */
export async function findPageTemplate(
  db: Sql,
  pageUuid: string,
  templateId: string,
): Promise<MessageTemplate | undefined> {
  const { rows } = await db.query<TemplateRow>(
    `select ${COLUMNS} from message_templates m join pages p on p.id = m.page_id
      where m.id = $1 and m.page_id = $2`,
    [templateId, pageUuid],
  );
  return rows[0] ? toTemplate(rows[0]) : undefined;
}

export async function templateExists(
  db: Sql,
  pageUuid: string,
  name: string,
  language: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from message_templates where page_id = $1 and name = $2 and language = $3',
    [pageUuid, name, language],
  );
  return rows.length > 0;
}

export interface TemplateInsert {
  pageUuid: string;
  fbTemplateId: string;
  name: string;
  language: string;
  body: string;
  params: string[];
  buttons: TemplateButton[];
  status: TemplateStatus;
  rejectedReason: string | null;
}

/**
 * Inserts or refreshes a template by Meta's id (a status webhook may have stored it first: the answer to
 * the create and the webhook race). Returns it.
 */
export async function upsertTemplate(db: Sql, t: TemplateInsert): Promise<MessageTemplate> {
  const { rows } = await db.query<TemplateRow>(
    `with m as (
       insert into message_templates (page_id, fb_template_id, name, language, body, params, buttons, status,
                                      rejected_reason, status_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
       on conflict (fb_template_id) do update set
         body = excluded.body, params = excluded.params, buttons = excluded.buttons,
         status = excluded.status, rejected_reason = excluded.rejected_reason, status_at = now(),
         updated_at = now()
       returning *)
     select ${COLUMNS} from m join pages p on p.id = m.page_id`,
    [
      t.pageUuid,
      t.fbTemplateId,
      t.name,
      t.language,
      t.body,
      t.params,
      JSON.stringify(t.buttons),
      t.status,
      t.rejectedReason,
    ],
  );
  return toTemplate(rows[0] as TemplateRow);
}

/**
 * Meta's verdict from a status webhook: the stored template's id when it changed, null when no template of
 * the page has that id or nothing changed. Runs on `db` as given: the webhook applies it inside its
 * transaction.
 */
export async function setTemplateStatus(
  db: Sql,
  pageUuid: string,
  fbTemplateId: string,
  status: TemplateStatus,
  rejectedReason: string | null,
  at: Date,
): Promise<string | null> {
  const { rows } = await dz(db).execute<{ id: string }>(sql`
    update message_templates set status = ${status}, rejected_reason = ${rejectedReason}, status_at = ${at},
           updated_at = now()
     where page_id = ${pageUuid} and fb_template_id = ${fbTemplateId}
       and (status, rejected_reason) is distinct from (${status}::text, ${rejectedReason}::text)
       -- A verdict older than the status (a replay, or a retry overtaken by a later one) changes nothing.
       and (status_at is null or status_at <= ${at})
    returning id`);
  return rows[0]?.id ?? null;
}

/** The page's templates Meta no longer lists (deleted in Meta's tools): their ids. */
export async function templatesNotIn(
  db: Sql,
  pageUuid: string,
  fbTemplateIds: string[],
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from message_templates where page_id = $1 and not (fb_template_id = any($2::text[]))`,
    [pageUuid, fbTemplateIds],
  );
  return rows.map((r) => r.id);
}

/** Drops these templates of the page. */
export async function deleteTemplates(db: Sql, pageUuid: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(`delete from message_templates where page_id = $1 and id = any($2::uuid[])`, [
    pageUuid,
    ids,
  ]);
}

/**
 * Deletes the template unless a scheduled campaign sends it: 'deleted', 'in_use' or 'gone'. One statement,
 * so a campaign scheduled meanwhile is seen.
 */
export async function deleteUnusedTemplate(
  db: Sql,
  templateId: string,
): Promise<'deleted' | 'in_use' | 'gone'> {
  const { rows } = await db.query<{ deleted: boolean; in_use: boolean }>(
    `with used as (
       select exists (select 1 from campaigns where template_id = $1 and status in ('pending', 'processing')) as v),
     d as (
       delete from message_templates where id = $1 and not (select v from used) returning id)
     select exists (select 1 from d) as deleted, (select v from used) as in_use`,
    [templateId],
  );
  const r = rows[0];
  return r?.deleted ? 'deleted' : r?.in_use ? 'in_use' : 'gone';
}

/** Is a scheduled campaign sending this template? */
export async function templateInUse(db: Sql, templateId: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from campaigns where template_id = $1 and status in ('pending', 'processing') limit 1`,
    [templateId],
  );
  return rows.length > 0;
}
