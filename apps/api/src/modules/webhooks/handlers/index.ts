// One handler per event kind (../events.ts).
import type { Sql } from '../../../db/client.js';
import type { ChangeEvent, MessagingEvent } from '../events.js';
import type { Handled, IngestPage } from './common.js';
import { handleEdit } from './edit.js';
import { handleMarketing } from './marketing.js';
import { handleMessage, handlePostback } from './message.js';
import { handleOptin } from './optin.js';
import { handleReaction } from './reaction.js';
import { handleReceipt } from './receipt.js';
import { handleReferral } from './referral.js';
import { handleTemplateStatus } from './template-status.js';

export type { Handled, IngestPage } from './common.js';

export function handle(
  tx: Sql,
  page: IngestPage,
  event: MessagingEvent | ChangeEvent,
): Promise<Handled> {
  switch (event.kind) {
    case 'message':
      return handleMessage(tx, page, event);
    case 'postback':
      return handlePostback(tx, page, event);
    case 'referral':
      return handleReferral(tx, page, event);
    case 'edit':
      return handleEdit(tx, page, event);
    case 'optin':
      return handleOptin(tx, page, event);
    case 'reaction':
      return handleReaction(tx, page, event);
    case 'receipt':
      return handleReceipt(tx, page, event);
    case 'template-status':
      return handleTemplateStatus(tx, page, event);
    case 'marketing':
      return handleMarketing(tx, page, event);
  }
}
