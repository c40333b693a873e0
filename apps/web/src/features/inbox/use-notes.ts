// The open conversation's private notes: read with the chat, merged into its timeline by time, written from
// the composer's Private note tab, edited and deleted by their author. Other admins' changes arrive as
// `note` live events, which refetch this query (use-live-inbox.ts).
import type { ConversationNote } from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import { TEAM_TEXT, type InboxMessage, type InboxScreenProps } from '@pagecast/ui/screens/inbox';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { tsr } from '../../lib/api';
import { errorMessage, unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';

/** What the timeline shows of a note: an item the message list renders as a note card. */
export function noteItem(note: ConversationNote): InboxMessage {
  return {
    id: `note:${note.id}`,
    message: note.body,
    createdAt: note.createdAt,
    sentBy: 'note',
    note: {
      id: note.id,
      body: note.body,
      createdAt: note.createdAt,
      updatedAt: note.updatedAt,
      authorName: note.author?.name ?? null,
      mine: note.mine,
    },
  };
}

/**
 * Messages (oldest first) with the notes among them by time. While older messages are still to load, notes
 * older than the first loaded message wait for them (else they would sit at the top, out of place).
 */
export function withNotes(
  messages: InboxMessage[],
  notes: ConversationNote[],
  hasOlder: boolean,
): InboxMessage[] {
  if (notes.length === 0) return messages;
  const first = messages[0]?.createdAt;
  const shown = notes
    .filter((n) => !hasOlder || !first || n.createdAt >= first)
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const out: InboxMessage[] = [];
  let i = 0;
  for (const m of messages) {
    const at = Date.parse(m.createdAt);
    while (i < shown.length && Date.parse(shown[i]?.createdAt ?? '') <= at)
      out.push(noteItem(shown[i++] as ConversationNote));
    out.push(m);
  }
  for (; i < shown.length; i++) out.push(noteItem(shown[i] as ConversationNote));
  return out;
}

export type NotesProps = Pick<
  InboxScreenProps,
  'messages' | 'onWriteNote' | 'onEditNote' | 'onDeleteNote'
>;

export function useNotes(
  pageId: string,
  userId: string | null,
  messages: InboxMessage[],
  hasOlder: boolean,
): NotesProps {
  const queryClient = useQueryClient();
  const key = queryKeys.inbox.notes(pageId, userId ?? '');
  const params = { pageId, userId: userId ?? '' };
  const query = useQuery({
    queryKey: key,
    enabled: Boolean(userId),
    queryFn: async () => unwrap(await tsr.notes.listNotes.query({ params }), 200).notes,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const notes = query.data;
  const merged = useMemo(
    () => withNotes(messages, notes ?? [], hasOlder),
    [messages, notes, hasOlder],
  );
  /** A note written or edited: the notes are read again; a failure is toasted. True when it was saved. */
  const saveNote = async (save: () => Promise<void>): Promise<boolean> => {
    try {
      await save();
      void refresh();
      return true;
    } catch (err) {
      toast.error(errorMessage(err, TEAM_TEXT.noteFailed));
      return false;
    }
  };
  return {
    messages: merged,
    onWriteNote: (text) =>
      saveNote(async () => {
        const { note } = unwrap(
          await tsr.notes.createNote.mutate({ params, body: { body: text } }),
          201,
        );
        queryClient.setQueryData<ConversationNote[]>(key, (old) =>
          old && !old.some((n) => n.id === note.id) ? [...old, note] : old,
        );
      }),
    onEditNote: (id, body) =>
      saveNote(async () => {
        unwrap(
          await tsr.notes.updateNote.mutate({ params: { ...params, noteId: id }, body: { body } }),
          200,
        );
      }),
    onDeleteNote: (id) => {
      if (!window.confirm(TEAM_TEXT.confirmDeleteNote)) return;
      void (async () => {
        try {
          unwrap(await tsr.notes.deleteNote.mutate({ params: { ...params, noteId: id } }), 200);
          void refresh();
          toast.success(TEAM_TEXT.noteDeleted);
        } catch (err) {
          toast.error(errorMessage(err, TEAM_TEXT.noteFailed));
        }
      })();
    },
  };
}
