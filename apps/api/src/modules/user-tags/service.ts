// Rules of user-tag assignment (spec §3, §7): the contact (PSID) and the tag must both belong to the
// page, which the admin must manage; add and remove are idempotent and both answer success.
import type { Tag } from '@pagecast/contract';
import { assertPageAdmin } from '../../auth/guards.js';
import { NotFoundError } from '../../errors.js';
import { pageContact } from '../contacts/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/errors.js';
import { withStatementTimeout } from '../../db/client.js';
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
    if (!(await repo.tagExistsOnPage(db, found.page.id, input.tagId))) {
      throw new NotFoundError(USER_TAG_MESSAGES.tagNotFound);
    }
    return found;
  }

  return {
    async getUserTags(adminId: string, fbPageId: string, psid: string): Promise<Tag[]> {
      const { page, contactId } = await pageContact(db, adminId, fbPageId, psid);
      const rows = await repo.contactTagList(db, contactId);
      return rows.map((tag) => ({ ...tag, pageId: page.fbPageId }));
    },

    async addUserTag(adminId: string, input: UserTagInput): Promise<void> {
      const { page, contactId } = await pageContactAndTag(adminId, input);
      try {
        await repo.addAssignment(db, { pageId: page.id, contactId, tagId: input.tagId });
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
      const known = await repo.pageTagIds(db, page.id, wanted);
      // A tag of another page, or one deleted meanwhile: nothing is changed.
      if (wanted.some((id) => !known.has(id)))
        throw new NotFoundError(USER_TAG_MESSAGES.tagNotFound);
      // A search tag of another page matches nobody (the filter reads this page's contacts only).
      let done: string[];
      try {
        // One statement that grows with the page's matches: bounded, and all or nothing.
        done = await withStatementTimeout(db, (tx) =>
          repo.bulkAssign(tx, {
            pageUuid: page.id,
            match: input.match,
            after: input.after ?? null,
            limit: input.limit,
            add: input.add,
            remove: input.remove,
          }),
        );
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
      const { contactId } = await pageContactAndTag(adminId, input);
      await repo.removeAssignment(db, contactId, input.tagId);
    },
  };
}
