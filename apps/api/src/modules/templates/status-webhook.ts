// Meta's verdict on a utility template arrives as a page webhook in the Graph `changes` form:
//   entry[].changes[{ field: 'messenger_template_status_update',
//                     value: { event, message_template_id, message_template_name, message_template_language, reason } }]
// Applied inside the webhook's transaction (webhooks/service.ts); a template not stored here is ignored (the
// Templates screen's re-read picks up templates made in Meta's own tools).
import type { Db } from '../../db/client.js';
import * as repo from './repo.js';
import { templateStatus } from './sync.js';

export const TEMPLATE_STATUS_FIELD = 'messenger_template_status_update';

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
  const reason =
    status === 'rejected' && typeof value.reason === 'string' && value.reason !== 'NONE'
      ? value.reason.slice(0, 200)
      : null;
  return repo.setTemplateStatus(db, pageUuid, String(id), status, reason);
}
