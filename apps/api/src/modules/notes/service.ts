// Rules of private notes (docs/inbox.md "Notes and saved replies"): any admin of the page with the messaging
// role reads and writes them, only the author edits or deletes one, and every change reaches the page's
// open inboxes as a `note` live event, published in the write's transaction (so only once it commits).
import { NOTE_MESSAGES as M, type ConversationNote, type LiveEvent } from '@pagecast/contract';
import type { PageRow } from '../../auth/guards.js';
import { inTransaction, type Sql } from '../../db/client.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import { publish } from '../../realtime/index.js';
import { pageContact } from '../contacts/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import * as repo from './repo.js';

export type NotesService = ReturnType<typeof createNotesService>;

export function createNotesService({ pool: db }: Pick<ModuleDeps, 'pool'>) {
  /** The page (404 unless the admin manages it with the messaging role) and its contact's uuid (404). */
  async function conversation(adminId: string, fbPageId: string, psid: string) {
    const { page, contactId } = await pageContact(db, adminId, fbPageId, psid);
    return { page, contactUuid: contactId };
  }

  const toNote = (
    row: repo.NoteRow,
    page: PageRow,
    psid: string,
    adminId: string,
  ): ConversationNote => ({
    id: row.id,
    pageId: page.fbPageId,
    psid,
    author:
      row.authorId && row.authorName !== null
        ? { adminId: row.authorId, name: row.authorName }
        : null,
    mine: row.authorId === adminId,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  const announce = (
    tx: Sql,
    page: PageRow,
    psid: string,
    noteId: string,
    action: Extract<LiveEvent, { type: 'note' }>['action'],
  ) =>
    publish(tx, page.fbPageId, {
      type: 'note',
      pageId: page.fbPageId,
      psid,
      noteId,
      action,
    });

  /** The note of this conversation, or 404; 403 when it is another admin's (it is visible to them). */
  async function ownNote(page: PageRow, contactUuid: string, noteId: string, adminId: string) {
    const note = await repo.findNote(db, page.id, contactUuid, noteId);
    if (!note) throw new NotFoundError(M.notFound);
    if (note.authorId !== adminId) throw new ForbiddenError(M.notYours);
    return note;
  }

  return {
    async listNotes(adminId: string, fbPageId: string, psid: string): Promise<ConversationNote[]> {
      const { page, contactUuid } = await conversation(adminId, fbPageId, psid);
      const rows = await repo.listNotes(db, page.id, contactUuid);
      return rows.map((r) => toNote(r, page, psid, adminId));
    },

    async createNote(
      adminId: string,
      fbPageId: string,
      psid: string,
      body: string,
    ): Promise<ConversationNote> {
      const { page, contactUuid } = await conversation(adminId, fbPageId, psid);
      const id = await inTransaction(db, async (tx) => {
        const noteId = await repo.insertNote(tx, {
          pageUuid: page.id,
          contactUuid,
          authorId: adminId,
          body,
        });
        await announce(tx, page, psid, noteId, 'created');
        return noteId;
      });
      const row = await repo.findNote(db, page.id, contactUuid, id);
      if (!row) throw new NotFoundError(M.notFound);
      return toNote(row, page, psid, adminId);
    },

    async updateNote(
      adminId: string,
      fbPageId: string,
      psid: string,
      noteId: string,
      body: string,
    ): Promise<ConversationNote> {
      const { page, contactUuid } = await conversation(adminId, fbPageId, psid);
      await ownNote(page, contactUuid, noteId, adminId);
      const updated = await inTransaction(db, async (tx) => {
        const ok = await repo.updateOwnNote(tx, noteId, adminId, body);
        if (ok) await announce(tx, page, psid, noteId, 'updated');
        return ok;
      });
      // Deleted between the check and the update.
      const row = updated ? await repo.findNote(db, page.id, contactUuid, noteId) : undefined;
      if (!row) throw new NotFoundError(M.notFound);
      return toNote(row, page, psid, adminId);
    },

    async deleteNote(
      adminId: string,
      fbPageId: string,
      psid: string,
      noteId: string,
    ): Promise<void> {
      const { page, contactUuid } = await conversation(adminId, fbPageId, psid);
      await ownNote(page, contactUuid, noteId, adminId);
      const deleted = await inTransaction(db, async (tx) => {
        const ok = await repo.deleteOwnNote(tx, noteId, adminId);
        if (ok) await announce(tx, page, psid, noteId, 'deleted');
        return ok;
      });
      if (!deleted) throw new NotFoundError(M.notFound);
    },
  };
}
