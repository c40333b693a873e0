// Rules of the tags capability (spec §2 Manage Tags, §3 Tag, §5 Tag creation). The body rules are the
// contract's (both rule sets, applied by ts-rest before a handler runs); here: page access, per-page
// case-insensitive names and the pending-campaign guard on delete.
import type { Tag, TagListItem } from '@pagecast/contract';
import { assertPageAdmin, pageAccessError } from '../../auth/guards.js';
import { allows, ROLE_MESSAGES } from '../../auth/page-access.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.js';
import type { ModuleDeps } from '../shared/deps.js';
import * as repo from './repo.js';

export const TAG_MESSAGES = {
  created: 'Tag created successfully!',
  updated: 'Tag updated successfully!',
  deleted: 'Tag deleted successfully!',
  notFound: 'Tag not found',
} as const;

export const duplicateTagMessage = (name: string) =>
  `A tag named "${name}" already exists on this page`;
export const pendingCampaignMessage = (campaign: string) =>
  `Tag is used by the pending campaign "${campaign}"`;

const toTag = (row: { id: string; name: string; description: string }, fbPageId: string): Tag => ({
  id: row.id,
  name: row.name,
  description: row.description,
  pageId: fbPageId,
});

export type TagsService = ReturnType<typeof createTagsService>;

export function createTagsService({ pool: db }: Pick<ModuleDeps, 'pool'>) {
  async function adminTag(adminId: string, tagId: string) {
    const tag = await repo.findAdminTag(db, adminId, tagId);
    if (!tag) throw new NotFoundError(TAG_MESSAGES.notFound);
    // Renaming or deleting a tag changes the inbox: a messaging task.
    if (!allows(tag.tasks, 'messaging')) throw new ForbiddenError(ROLE_MESSAGES.messaging);
    return tag;
  }

  return {
    async listTags(adminId: string, fbPageId: string): Promise<TagListItem[]> {
      const rows = await repo.listAdminPageTagsWithCounts(db, adminId, fbPageId);
      if (!rows) throw await pageAccessError(db, adminId, fbPageId, 'analytics');
      return rows.map(({ count, id, name, description }) => ({
        tag: { id, name, description },
        count,
      }));
    },

    async createTag(
      adminId: string,
      input: { pageId: string; name: string; description: string },
    ): Promise<Tag> {
      const page = await assertPageAdmin(db, adminId, input.pageId, 'messaging');
      const row = await repo.insertTag(db, {
        pageId: page.id,
        name: input.name,
        description: input.description,
      });
      if (!row) throw new ConflictError(duplicateTagMessage(input.name));
      return toTag(row, page.fbPageId);
    },

    async updateTag(
      adminId: string,
      tagId: string,
      input: { name: string; description: string },
    ): Promise<Tag> {
      const tag = await adminTag(adminId, tagId);
      let row;
      try {
        row = await repo.updateTag(db, tagId, input);
      } catch (err) {
        if (pgErrorCode(err) === UNIQUE_VIOLATION)
          throw new ConflictError(duplicateTagMessage(input.name));
        throw err;
      }
      // Deleted by another admin between the check and the update.
      if (!row) throw new NotFoundError(TAG_MESSAGES.notFound);
      return toTag(row, tag.fbPageId);
    },

    async deleteTag(adminId: string, tagId: string): Promise<void> {
      await adminTag(adminId, tagId);
      const result = await repo.deleteTagUnlessPending(db, tagId);
      if ('pendingCampaign' in result)
        throw new ConflictError(pendingCampaignMessage(result.pendingCampaign));
      if ('gone' in result) throw new NotFoundError(TAG_MESSAGES.notFound);
    },
  };
}
