import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../shared/deps.js';
import { withAdmin } from '../shared/route-guard.js';
import { createNotesService } from './service.js';

const s = initServer();
const routes = contract.notes;

export const notesRouter = (deps: ModuleDeps) => {
  const notes = createNotesService(deps);
  return s.router(routes, {
    listNotes: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: { notes: await notes.listNotes(adminId, params.pageId, params.userId) },
    })),
    createNote: withAdmin(async ({ params, body }, { adminId }) => ({
      status: 201,
      body: { note: await notes.createNote(adminId, params.pageId, params.userId, body.body) },
    })),
    updateNote: withAdmin(async ({ params, body }, { adminId }) => ({
      status: 200,
      body: {
        note: await notes.updateNote(
          adminId,
          params.pageId,
          params.userId,
          params.noteId,
          body.body,
        ),
      },
    })),
    deleteNote: withAdmin(async ({ params }, { adminId }) => {
      await notes.deleteNote(adminId, params.pageId, params.userId, params.noteId);
      return { status: 200, body: { success: true } };
    }),
  });
};
