import { z } from 'zod';
import { c } from './c';
import {
  GraphId,
  IsoDateTime,
  Uuid,
  errors,
  meta,
  pageErrors,
  writeErrors,
  bodyErrors,
  pathParamErrors,
  apiKeyErrors,
} from './common';

/**
 * Private notes on a conversation: what the page's admins tell each other about a contact. Stored apart
 * from the messages, so a note never reaches the contact and never counts as a message (needs reply,
 * unread, the preview and the search read only messages).
 */
export const NOTE_LIMITS = { bodyMax: 2000 } as const;

export const NOTE_MESSAGES = {
  bodyRequired: 'Write the note first',
  bodyTooLong: `A note can be at most ${NOTE_LIMITS.bodyMax} characters`,
  notFound: 'Note not found',
  notYours: 'Only the admin who wrote a note can edit or delete it',
  contactNotFound: 'Contact not found',
} as const;

export const NoteBody = z.object({
  body: z
    .string({
      required_error: NOTE_MESSAGES.bodyRequired,
      invalid_type_error: NOTE_MESSAGES.bodyRequired,
    })
    .trim()
    .min(1, NOTE_MESSAGES.bodyRequired)
    .max(NOTE_LIMITS.bodyMax, NOTE_MESSAGES.bodyTooLong),
});

export const ConversationNote = z.object({
  id: Uuid,
  pageId: GraphId,
  /** The contact's PSID. */
  psid: GraphId,
  /** Null when its author no longer has an account here. */
  author: z.object({ adminId: Uuid, name: z.string() }).nullable(),
  /** Written by the signed-in admin (who alone may edit or delete it). */
  mine: z.boolean(),
  body: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type ConversationNote = z.infer<typeof ConversationNote>;

const chatParams = z.object({ pageId: GraphId, userId: GraphId });
const noteParams = chatParams.extend({ noteId: Uuid });

export const notesContract = c.router({
  listNotes: {
    method: 'GET',
    path: '/api/v1/chats/:pageId/user/:userId/notes',
    summary: "The conversation's private notes, oldest first (the page's admins only)",
    pathParams: chatParams,
    responses: {
      ...pageErrors,
      ...apiKeyErrors,
      ...pathParamErrors,
      200: z.object({ notes: z.array(ConversationNote) }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  createNote: {
    method: 'POST',
    path: '/api/v1/chats/:pageId/user/:userId/notes',
    summary: 'Write a private note on a conversation (never sent to the contact)',
    pathParams: chatParams,
    body: NoteBody,
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...pathParamErrors,
      201: z.object({ note: ConversationNote }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'inbox:send' }),
  },
  updateNote: {
    method: 'PATCH',
    path: '/api/v1/chats/:pageId/user/:userId/notes/:noteId',
    summary: 'Edit one of your own notes',
    pathParams: noteParams,
    body: NoteBody,
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...errors(403),
      ...pathParamErrors,
      200: z.object({ note: ConversationNote }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'inbox:send' }),
  },
  deleteNote: {
    method: 'DELETE',
    path: '/api/v1/chats/:pageId/user/:userId/notes/:noteId',
    summary: 'Delete one of your own notes',
    pathParams: noteParams,
    body: c.noBody(),
    responses: {
      ...pageErrors,
      ...apiKeyErrors,
      ...errors(403),
      ...bodyErrors,
      ...pathParamErrors,
      200: z.object({ success: z.literal(true) }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'inbox:send' }),
  },
});
