// Meta's verdict on a utility template arrives as a page webhook in the Graph `changes` form:
//   entry[].changes[{ field: 'message_template_status_update',
//                     value: { event, message_template_id, message_template_name, message_template_language, reason } }]
// Meta's Messenger guide names the field `message_template_status_update`, its webhooks reference
// `messenger_template_status_update`: both are accepted. The value's shape is WhatsApp's (Meta documents none
// for Messenger); `event` is one of the ten statuses. Applied inside the webhook's transaction
// (webhooks/service.ts); a template not stored here is ignored (the Templates screen's re-read picks up
// templates made in Meta's own tools).
import type { Sql } from '../../db/client.js';
import * as repo from './repo.js';
import { rejectionReason, templateStatus, type TemplatePathListener } from './sync.js';

/**
 * The field's names: Meta's subscribed_fields enum and its utility guide say `message_template_status_update`
 * (the one subscribed), its webhooks reference lists `messenger_template_status_update`; either is applied.
 */
export const TEMPLATE_STATUS_FIELDS: ReadonlySet<unknown> = new Set([
  'message_template_status_update',
  'messenger_template_status_update',
]);

/** The change's value, as read by the webhook schema (webhooks/events.ts). */
export interface TemplateStatusChange {
  event?: string;
  message_template_id?: string | number;
  reason?: string | null;
}

/** True when a stored template changed; its new status is handed to `onPath`. */
export async function applyTemplateStatus(
  db: Sql,
  pageUuid: string,
  value: TemplateStatusChange,
  /** Meta's time of the verdict: one older than the stored status is ignored (a replay, out of order). */
  at: Date,
  onPath: TemplatePathListener,
): Promise<boolean> {
  const id = value.message_template_id;
  if (id === undefined || value.event === undefined) return false;
  const status = templateStatus(value.event);
  const changed = await repo.setTemplateStatus(
    db,
    pageUuid,
    String(id),
    status,
    rejectionReason(status, value.reason),
    at,
  );
  if (changed === null) return false;
  await onPath(db, [changed], status);
  return true;
}
