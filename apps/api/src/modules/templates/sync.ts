// Meta's list of a page's templates is the truth: statuses follow it, templates made in Meta's own tools are
// picked up, and templates Meta no longer has are dropped. Run by the Templates screen's 'Refresh status'
// and at the end of every page sync (so a new admin sees the page's templates without asking).
import {
  templateParams,
  templateStatusOf,
  type TemplateButton,
  type TemplateStatus,
} from '@pagecast/contract';
import type { Sql } from '../../db/client.js';
import type { GraphClient } from '../../graph/index.js';
import type { MessageTemplateNode } from '../../graph/types.js';
import * as repo from './repo.js';

/**
 * What a template's new status (or its deletion) means for the campaigns that send it: their status reason.
 * Campaigns own that table and rank above templates, so the caller hands it in (campaigns' `noteTemplatePath`);
 * it runs on the same `db`, inside the same transaction when there is one.
 */
export type TemplatePathListener = (
  db: Sql,
  templateIds: readonly string[],
  status: TemplateStatus | 'deleted',
) => Promise<void>;

/** Meta's status word (one of its ten) to ours; a word Meta adds later reads as pending. */
export function templateStatus(meta: string | undefined | null): TemplateStatus {
  return templateStatusOf(meta);
}

/** Meta's rejection reason as stored: only for a rejected template, never Meta's 'NONE', at most 200 chars. */
export function rejectionReason(status: TemplateStatus, reason: unknown): string | null {
  return status === 'rejected' && typeof reason === 'string' && reason && reason !== 'NONE'
    ? reason.slice(0, 200)
    : null;
}

/** A template Meta lists, as stored here (one made in Meta's own tools included). */
export function fromNode(pageUuid: string, n: MessageTemplateNode): repo.TemplateInsert {
  const body = n.components?.find((c) => c.type.toUpperCase() === 'BODY')?.text ?? '';
  const buttons: TemplateButton[] = (
    n.components?.find((c) => c.type.toUpperCase() === 'BUTTONS')?.buttons ?? []
  )
    .filter((b) => b.type.toUpperCase() === 'URL' && b.text && b.url)
    .map((b) => ({ type: 'URL', text: b.text as string, url: b.url as string }));
  const status = templateStatus(n.status);
  return {
    pageUuid,
    fbTemplateId: n.id,
    name: n.name,
    language: n.language,
    body,
    params: templateParams(body),
    buttons,
    status,
    rejectedReason: rejectionReason(status, n.rejected_reason),
  };
}

/**
 * Re-reads the page's templates from Meta and stores what it says, each status handed to `onPath` (throws the
 * Graph error, if any).
 */
export async function syncPageTemplates(
  db: Sql,
  graph: GraphClient,
  pageUuid: string,
  fbPageId: string,
  pageToken: string,
  onPath: TemplatePathListener,
): Promise<void> {
  const nodes = await graph.listMessageTemplates(fbPageId, pageToken);
  const utility = nodes.filter((n) => (n.category ?? 'UTILITY').toUpperCase() === 'UTILITY');
  for (const n of utility) {
    const t = await repo.upsertTemplate(db, fromNode(pageUuid, n));
    await onPath(db, [t.id], t.status);
  }
  // Their campaigns keep the template's name but lose the link: say why their template path stopped first.
  const gone = await repo.templatesNotIn(
    db,
    pageUuid,
    utility.map((n) => n.id),
  );
  await onPath(db, gone, 'deleted');
  await repo.deleteTemplates(db, pageUuid, gone);
}
