// The inbox's queue (docs/inbox.md "The queue"): read marks, status, assignment, the bulk resolve and the
// page's setting, each answered with the contact as listed and published to the page's open inboxes. The
// statements are the contacts module's (contacts/queue-repo.ts) and the setting the pages module's.
import {
  QUEUE_MESSAGES,
  type ConversationStatusBody,
  type InboxSettings,
  type PageMessagingAdmin,
  type Recipient,
} from '@pagecast/contract';
import { assertPageAdmin, pageAccessError } from '../../auth/guards.js';
import { inTransaction, type Sql } from '../../db/client.js';
import { UnprocessableError, ValidationError } from '../../errors.js';
import * as contacts from '../contacts/index.js';
import { pageSubscribes, recordOutboundEvent } from '../outbound-webhooks/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import { inboxSettings } from '../page-rows/index.js';
import { conversations, type Publish } from './conversation.js';
import { toRecipient } from './mappers.js';
import * as repo from './repo.js';

/** Each call is page-scoped, as InboxService's. */
export interface QueueService {
  /** The admin has seen the conversation: its unread count goes to 0 (live for the page's other admins). */
  markRead(adminId: string, pageId: string, psid: string): Promise<void>;
  /** Resolve, reopen or snooze (until a future time, or until the contact writes: `until` null). */
  setStatus(
    adminId: string,
    pageId: string,
    psid: string,
    body: ConversationStatusBody,
  ): Promise<Recipient>;
  /** Assign to a messaging admin of the page, by their social user id (null: unassign). */
  assign(adminId: string, pageId: string, psid: string, userId: string | null): Promise<Recipient>;
  listAssignees(adminId: string, pageId: string): Promise<PageMessagingAdmin[]>;
  /** Resolve every open conversation no message can reach any more; how many. */
  resolveUnreachable(adminId: string, pageId: string): Promise<number>;
  queueCounts(
    adminId: string,
    pageId: string,
  ): Promise<{ needsReply: number; unread: number; mine: number }>;
  settings(
    adminId: string,
    pageId: string,
    change?: InboxSettings,
  ): Promise<{ resolveOnReply: boolean }>;
}

type QueueChangeKind = 'resolved' | 'snoozed' | 'reopened' | 'assigned';

/** An admin's queue write, with its conversation.updated event in the same transaction when it moved. */
async function changeQueue(
  db: Sql,
  change: QueueChangeKind,
  write: (tx: Sql) => Promise<contacts.QueueChange | null>,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const row = await write(tx);
    if (row?.moved)
      await recordOutboundEvent(tx, {
        pageUuid: row.pageUuid,
        type: 'conversation.updated',
        contactUuid: row.contactUuid,
        data: { change, by: 'admin' },
      });
    return row !== null;
  });
}

const STATUS_CHANGE = { open: 'reopened', resolved: 'resolved', snoozed: 'snoozed' } as const;

export function createQueueService(deps: ModuleDeps, publish: Publish): QueueService {
  const { pool: db } = deps;
  const { pageAndContact, requireContact, announce, missing } = conversations(db, publish);
  return {
    async markRead(adminId, pageId, psid) {
      const changed = await contacts.markContactRead(db, adminId, pageId, psid);
      // Also the 404 when no such page / contact for this admin (nothing changed then).
      const contact = requireContact((await pageAndContact(adminId, pageId, psid, false)).contact);
      // The page's other admins see the count go.
      if (changed)
        await publish(pageId, { type: 'contact', pageId, recipient: toRecipient(contact) }).catch(
          () => undefined,
        );
    },

    async setStatus(adminId, pageId, psid, body) {
      let until: Date | null = null;
      if (body.status === 'snoozed' && body.until !== null) {
        until = new Date(body.until);
        if (until.getTime() <= Date.now()) {
          await assertPageAdmin(db, adminId, pageId, 'messaging');
          throw new ValidationError(QUEUE_MESSAGES.snoozePast, {
            until: [QUEUE_MESSAGES.snoozePast],
          });
        }
      }
      const changed = await changeQueue(db, STATUS_CHANGE[body.status], (tx) =>
        contacts.setContactStatus(tx, adminId, pageId, psid, body.status, until),
      );
      if (!changed) return missing(adminId, pageId, psid);
      return announce(adminId, pageId, psid);
    },

    async assign(adminId, pageId, psid, userId) {
      const changed = await changeQueue(db, 'assigned', (tx) =>
        contacts.assignContact(tx, adminId, pageId, psid, userId),
      );
      if (!changed) {
        // Not the admin's page or no such contact: 404; else the assignee is not a messaging admin.
        requireContact((await pageAndContact(adminId, pageId, psid, false)).contact);
        throw new UnprocessableError(QUEUE_MESSAGES.notMessagingAdmin);
      }
      return announce(adminId, pageId, psid);
    },

    async listAssignees(adminId, pageId) {
      const admins = await repo.listAssignees(db, adminId, pageId);
      if (admins.length === 0) throw await pageAccessError(db, adminId, pageId, 'messaging');
      return admins;
    },

    async resolveUnreachable(adminId, pageId) {
      const done = await inTransaction(db, async (tx) => {
        const r = await contacts.resolveUnreachable(
          tx,
          adminId,
          pageId,
          deps.config.features.humanAgent,
        );
        if (
          r &&
          r.resolved.length > 0 &&
          (await pageSubscribes(tx, r.pageUuid, 'conversation.updated'))
        )
          for (const c of r.resolved)
            await recordOutboundEvent(tx, {
              pageUuid: r.pageUuid,
              type: 'conversation.updated',
              contactUuid: c.contactUuid,
              data: { change: 'resolved', by: 'admin' },
            });
        return r;
      });
      if (!done) throw await pageAccessError(db, adminId, pageId, 'messaging');
      // Few rows in practice (the bulk action is per page); a large batch still reaches every inbox.
      for (const { psid } of done.resolved) await announce(adminId, pageId, psid);
      return done.resolved.length;
    },

    async queueCounts(adminId, pageId) {
      const counts = await repo.queueCounts(db, adminId, pageId);
      if (!counts) throw await pageAccessError(db, adminId, pageId, 'messaging');
      return counts;
    },

    async settings(adminId, pageId, change) {
      const s = await inboxSettings(db, adminId, pageId, change);
      if (!s) throw await pageAccessError(db, adminId, pageId, 'messaging');
      return s;
    },
  };
}
