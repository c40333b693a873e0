// The contact edited a message: the new text replaces the stored one. An edit opens no window (Meta lists
// it nowhere among the actions that do).
import type { EditEvent } from '../events.js';
import { editMessage } from '../../inbox/index.js';
import type { Handler } from './common.js';

export const handleEdit: Handler<EditEvent> = async (tx, page, { psid, mid, text }) => {
  const edited = await editMessage(tx, { pageUuid: page.id, psid, mid, text });
  return {
    live: edited ? [{ type: 'edit', pageId: page.fbPageId, psid, messageId: mid, text }] : [],
  };
};
