// Meta's verdict on a utility template arrives as a page webhook in the Graph `changes` form:
//   entry[].changes[{ field: 'message_template_status_update',
//                     value: { event, message_template_id, message_template_name, message_template_language, reason } }]
// Meta's Messenger guide names the field `message_template_status_update`, its webhooks reference
// `messenger_template_status_update`: both are accepted. The value's shape is WhatsApp's (Meta documents none
// for Messenger); `event` is one of the ten statuses. Applied inside the webhook's transaction
// (webhooks/service.ts); a template not stored here is ignored (the Templates screen's re-read picks up
// templates made in Meta's own tools).
import type { Db } from '../../db/client.js';
import * as repo from './repo.js';
import { rejectionReason, templateStatus } from './sync.js';

export const TEMPLATE_STATUS_FIELD = 'message_template_status_update';
/** Every field name a template status change may arrive under. */
export const TEMPLATE_STATUS_FIELDS: readonly string[] = [
  TEMPLATE_STATUS_FIELD,
  'messenger_template_status_update',
];

export interface TemplateStatusChange {
  event?: string;
  message_template_id?: string | number;
  reason?: string | null;
}

/** True when a stored template changed. */
export async function applyTemplateStatus(
  db: Db,
  pageUuid: string,
  value: TemplateStatusChange,
): Promise<boolean> {
  const id = value.message_template_id;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof value.event !== 'string')
    return false;
  const status = templateStatus(value.event);
  return repo.setTemplateStatus(
    db,
    pageUuid,
    String(id),
    status,
    rejectionReason(status, value.reason),
  );
}
