// Rules of saved replies (docs/inbox.md "Notes and saved replies"): any admin of the page with the
// messaging role lists and changes them; titles are unique on the page whatever their case; a page keeps at
// most SAVED_REPLY_LIMITS.perPage. The body rules (length, known placeholders) are the contract's.
import {
  SAVED_REPLY_LIMITS,
  SAVED_REPLY_MESSAGES as M,
  type SavedReply,
  type SavedReplyBody,
} from '@pagecast/contract';
import { assertPageAdmin } from '../../auth/guards.js';
import { inTransaction } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { ModuleDeps } from '../shared/deps.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors.js';
import * as repo from './repo.js';

const toReply = (row: repo.SavedReplyRow, fbPageId: string): SavedReply => ({
  id: row.id,
  pageId: fbPageId,
  title: row.title,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A taken title, as the 409 that names it. */
async function uniqueTitle<T>(title: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new ConflictError(M.duplicateTitle(title));
    throw err;
  }
}

export type SavedRepliesService = ReturnType<typeof createSavedRepliesService>;

export function createSavedRepliesService({ pool: db }: Pick<ModuleDeps, 'pool'>) {
  const pageOf = (adminId: string, fbPageId: string) =>
    assertPageAdmin(db, adminId, fbPageId, 'messaging');

  return {
    async list(adminId: string, fbPageId: string): Promise<SavedReply[]> {
      const page = await pageOf(adminId, fbPageId);
      return (await repo.listReplies(db, page.id)).map((r) => toReply(r, page.fbPageId));
    },

    async create(adminId: string, fbPageId: string, input: SavedReplyBody): Promise<SavedReply> {
      const page = await pageOf(adminId, fbPageId);
      const row = await uniqueTitle(input.title, () =>
        inTransaction(db, (tx) =>
          repo.insertReplyUnderCap(tx, { pageUuid: page.id, ...input }, SAVED_REPLY_LIMITS.perPage),
        ),
      );
      if (!row) throw new ConflictError(M.tooMany);
      return toReply(row, page.fbPageId);
    },

    async update(
      adminId: string,
      fbPageId: string,
      id: string,
      input: SavedReplyBody,
    ): Promise<SavedReply> {
      const page = await pageOf(adminId, fbPageId);
      const row = await uniqueTitle(input.title, () => repo.updateReply(db, page.id, id, input));
      if (!row) throw new NotFoundError(M.notFound);
      return toReply(row, page.fbPageId);
    },

    async remove(adminId: string, fbPageId: string, id: string): Promise<void> {
      const page = await pageOf(adminId, fbPageId);
      if (!(await repo.deleteReply(db, page.id, id))) throw new NotFoundError(M.notFound);
    },
  };
}
