// Rules of user-tag assignment (spec §3, §7): the contact (PSID) and the tag must both belong to the
// page, which the admin must manage; add and remove are idempotent and both answer success.
import type { Tag } from '@pagecast/contract';
import { assertPageAdmin } from '../../auth/guards.js';
import { inTransaction, withStatementTimeout } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { pageContact } from '../contacts/index.js';
import { pageSubscribes, recordOutboundEvent } from '../outbound-webhooks/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/errors.js';
import type { RecipientQuery } from '../inbox/index.js';
import * as repo from './repo.js';

export const USER_TAG_MESSAGES = {
  added: 'Tag added successfully!',
  removed: 'Tag removed successfully!',
  tagNotFound: 'Tag not found',
} as const;

export interface UserTagInput {
  userId: string;
  tagId: string;
  pageId: string;
}

export type UserTagsService = ReturnType<typeof createUserTagsService>;

export function createUserTagsService({ pool: db }: Pick<ModuleDeps, 'pool'>) {
  async function pageContactAndTag(adminId: string, input: UserTagInput) {
    const found = await pageContact(db, adminId, input.pageId, input.userId);
    const tag = await repo.tagOnPage(db, found.page.id, input.tagId);
    if (!tag) throw new NotFoundError(USER_TAG_MESSAGES.tagNotFound);
    return { ...found, tag };
  }

  return {
    async getUserTags(adminId: string, fbPageId: string, psid: string): Promise<Tag[]> {
      const { page, contactId } = await pageContact(db, adminId, fbPageId, psid);
      const rows = await repo.contactTagList(db, contactId);
      return rows.map((tag) => ({ ...tag, pageId: page.fbPageId }));
    },

    async addUserTag(adminId: string, input: UserTagInput): Promise<void> {
      const { page, contactId, tag } = await pageContactAndTag(adminId, input);
      try {
        await inTransaction(db, async (tx) => {
          const added = await repo.addAssignment(tx, {
            pageId: page.id,
            contactId,
            tagId: input.tagId,
          });
          if (added)
            await recordOutboundEvent(tx, {
              pageUuid: page.id,
              type: 'contact.tagged',
              contactUuid: contactId,
              data: { tag },
            });
        });
      } catch (err) {
        // The tag (or contact) was deleted between the check and the insert.
        if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION)
          throw new NotFoundError(USER_TAG_MESSAGES.tagNotFound);
        throw err;
      }
    },

    /** One chunk of a bulk run by search (contract BulkUserTagsBody). */
    async bulkUserTags(
      adminId: string,
      input: {
        pageId: string;
        add: string[];
        remove: string[];
        match: RecipientQuery;
        after?: string | undefined;
        limit: number;
      },
    ): Promise<{ processed: number; nextAfter: string | null }> {
      const page = await assertPageAdmin(db, adminId, input.pageId, 'messaging');
      const wanted = [...new Set([...input.add, ...input.remove])];
      const names = await repo.pageTagNames(db, page.id, wanted);
      // A tag of another page, or one deleted meanwhile: nothing is changed.
      if (wanted.some((id) => !names.has(id)))
        throw new NotFoundError(USER_TAG_MESSAGES.tagNotFound);
      // A search tag of another page matches nobody (the filter reads this page's contacts only).
      let done: string[];
      try {
        // One statement that grows with the page's matches: bounded, and all or nothing with its events.
        done = await withStatementTimeout(db, async (tx) => {
          const { chunk, changes } = await repo.bulkAssign(tx, {
            pageUuid: page.id,
            match: input.match,
            after: input.after ?? null,
            limit: input.limit,
            add: input.add,
            remove: input.remove,
          });
          // Each assignment the chunk changed is an event, recorded with the change (asked once per type).
          for (const type of ['contact.tagged', 'contact.untagged'] as const) {
            const ofType = changes.filter((c) => c.added === (type === 'contact.tagged'));
            if (ofType.length === 0 || !(await pageSubscribes(tx, page.id, type))) continue;
            for (const c of ofType)
              await recordOutboundEvent(tx, {
                pageUuid: page.id,
                type,
                contactUuid: c.contactId,
                data: { tag: { id: c.tagId, name: names.get(c.tagId) ?? '' } },
              });
          }
          return chunk;
        });
      } catch (err) {
        if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION)
          throw new NotFoundError(USER_TAG_MESSAGES.tagNotFound);
        throw err;
      }
      return {
        processed: done.length,
        nextAfter: done.length === input.limit ? (done.at(-1) ?? null) : null,
      };
    },

    async removeUserTag(adminId: string, input: UserTagInput): Promise<void> {
      const { page, contactId, tag } = await pageContactAndTag(adminId, input);
      await inTransaction(db, async (tx) => {
        if (await repo.removeAssignment(tx, contactId, input.tagId))
          await recordOutboundEvent(tx, {
            pageUuid: page.id,
            type: 'contact.untagged',
            contactUuid: contactId,
            data: { tag },
          });
      });
    },
  };
}
