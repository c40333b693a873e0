// The composer's reply stored once Meta took it, with its outbound webhook events in the same transaction:
// message.sent (its echo, which may come first, leaves the event to this), and conversation.updated when
// the reply resolved the conversation (the page's resolve-on-reply).
import { inTransaction, type Sql } from '../../db/client.js';
import { recordOutboundEvent } from '../outbound-webhooks/index.js';
import * as messages from './messages-repo.js';
import type * as repo from './repo.js';

export async function storeReply(
  db: Sql,
  r: {
    pageUuid: string;
    contactUuid: string;
    /** The conversation's status before the reply was resolved. */
    wasResolved: boolean;
    /** The contact as listed now, in the transaction. */
    find: (tx: Sql) => Promise<{ contact: repo.ContactRow | null } | null>;
    mid: string;
    text: string;
    sentBy: string;
    sentAt: Date;
  },
): Promise<messages.MessageRow | undefined> {
  return inTransaction(db, async (tx) => {
    const [stored] = await messages.storeMessages(tx, r.pageUuid, r.contactUuid, [
      {
        mid: r.mid,
        direction: 'out',
        text: r.text,
        sentBy: r.sentBy,
        createdAt: r.sentAt,
        // Typed by the admin: a person's reply (clears Needs reply; may resolve, docs/inbox.md).
        byPerson: true,
      },
    ]);
    await recordOutboundEvent(tx, {
      pageUuid: r.pageUuid,
      type: 'message.sent',
      contactUuid: r.contactUuid,
      data: {
        message: {
          mid: r.mid,
          text: r.text,
          attachments: [],
          sentAt: r.sentAt.toISOString(),
          source: 'inbox',
          campaignId: null,
        },
      },
    });
    if (!r.wasResolved && (await r.find(tx))?.contact?.status === 'resolved')
      await recordOutboundEvent(tx, {
        pageUuid: r.pageUuid,
        type: 'conversation.updated',
        contactUuid: r.contactUuid,
        data: { change: 'resolved', by: 'admin' },
      });
    return stored;
  });
}
