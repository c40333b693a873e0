// Meta's list of a page's templates is the truth: statuses follow it, templates made in Meta's own tools are
// picked up, and templates Meta no longer has are dropped. Run by the Templates screen's 'Refresh status'
// and at the end of every page sync (so a new admin sees the page's templates without asking).
import { templateParams, type TemplateButton, type TemplateStatus } from '@pagecast/contract';
import type { Db } from '../../db/client.js';
import type { GraphClient } from '../../graph/index.js';
import type { MessageTemplateNode } from '../../graph/types.js';
import * as repo from './repo.js';

/** Meta's status words to ours (anything not yet decided reads as pending). */
export function templateStatus(meta: string | undefined | null): TemplateStatus {
  const s = (meta ?? '').toUpperCase();
  if (s === 'APPROVED') return 'approved';
  if (s === 'REJECTED' || s === 'DISABLED' || s === 'PAUSED') return 'rejected';
  return 'pending';
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
    rejectedReason: status === 'rejected' ? (n.rejected_reason ?? null) : null,
  };
}

/** Re-reads the page's templates from Meta and stores what it says (throws the Graph error, if any). */
export async function syncPageTemplates(
  db: Db,
  graph: GraphClient,
  pageUuid: string,
  fbPageId: string,
  pageToken: string,
): Promise<void> {
  const nodes = await graph.listMessageTemplates(fbPageId, pageToken);
  const utility = nodes.filter((n) => (n.category ?? 'UTILITY').toUpperCase() === 'UTILITY');
  for (const n of utility) await repo.upsertTemplate(db, fromNode(pageUuid, n));
  await repo.deleteTemplatesNotIn(
    db,
    pageUuid,
    utility.map((n) => n.id),
  );
}
