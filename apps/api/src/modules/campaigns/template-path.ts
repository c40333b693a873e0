// The campaign's `status_reason` while its utility template cannot be sent. Templates store Meta's verdict and
// hand the change to `noteTemplatePath` (given to them by their callers: templates rank below campaigns);
// campaign dispatch replaces or clears the reason as it sends.
import type { Sql } from '../../db/client.js';

/**
 * The campaign's utility template can no longer be sent (its status at Meta changed): the template path stops,
 * standard messages inside the window go on. Set on its pending and processing campaigns when the status
 * arrives (webhook or re-read), cleared when Meta approves it again.
 */
export const TEMPLATE_PATH_REASONS = {
  pending: 'Meta is reviewing the utility template again',
  in_appeal: 'Meta rejected the utility template and the appeal is not decided',
  rejected: 'Meta rejected the utility template',
  paused: 'Meta paused the utility template',
  disabled: 'Meta disabled the utility template',
  limit_exceeded: 'Meta holds the utility template back: the page is over its template limit',
  archived: 'The utility template was archived at Meta',
  pending_deletion: 'The utility template is being deleted at Meta',
  deleted: 'The utility template was deleted at Meta',
} as const;
const UNTIL_APPROVED =
  ': until Meta approves it again, contacts outside the 24-hour window are skipped. Messages inside the window still go. See Templates.';
const FOR_GOOD =
  ': contacts outside the 24-hour window are skipped. Messages inside the window still go. Choose another template in a new campaign for them.';

/** The campaign's `status_reason` while its template cannot be sent (null: it can). */
export function templatePathReason(status: string): string | null {
  if (!(status in TEMPLATE_PATH_REASONS)) return null;
  const what = TEMPLATE_PATH_REASONS[status as keyof typeof TEMPLATE_PATH_REASONS];
  const gone = status === 'deleted' || status === 'pending_deletion' || status === 'archived';
  return what + (gone ? FOR_GOOD : UNTIL_APPROVED);
}
/** Every template-path reason (so a later verdict replaces or clears only these, never another reason). */
export const TEMPLATE_PATH_REASON_TEXTS: string[] = Object.keys(TEMPLATE_PATH_REASONS).map(
  (s) => templatePathReason(s) as string,
);

/**
 * A template's status (or its deletion) on its pending and processing campaigns: the reason their template
 * path stopped, or none once Meta approves it again. Only a template-path reason (or none) is replaced, never
 * another one. The path itself follows the status at send time (`template_ok` in dispatch/repo/send.ts). Runs
 * on `db` as given, so a webhook applies it inside its transaction; a deletion is noted before the rows go.
 */
export async function noteTemplatePath(
  db: Sql,
  templateIds: readonly string[],
  status: string,
): Promise<void> {
  if (templateIds.length === 0) return;
  await db.query(
    `update campaigns set status_reason = $2
      where template_id = any($1::uuid[]) and status in ('pending', 'processing')
        and (status_reason is null or status_reason = any($3::text[]))
        and status_reason is distinct from $2`,
    [templateIds, templatePathReason(status), TEMPLATE_PATH_REASON_TEXTS],
  );
}
