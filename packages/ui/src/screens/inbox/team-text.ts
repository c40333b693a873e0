/** The inbox's texts for a team on one page: private notes and saved replies. */
export const TEAM_TEXT = {
  composerModes: 'Reply or private note',
  replyMode: 'Reply',
  noteMode: 'Private note',
  noteLabel: 'Private note',
  notePlaceholder: 'Write a note only the page’s admins will see…',
  noteBadge: 'Private note · only admins see this',
  addNote: 'Add note',
  noteTooLong: (over: number, max: number) =>
    `A note can be at most ${max.toLocaleString('en-US')} characters: remove ${over.toLocaleString('en-US')}.`,
  formerAdmin: 'A former admin',
  you: 'You',
  edited: 'edited',
  editNote: 'Edit note',
  deleteNote: 'Delete note',
  saveNote: 'Save',
  cancel: 'Cancel',
  noteSaved: 'Note added. Only the page’s admins see it.',
  noteFailed: 'Failed to save the note.',
  noteDeleted: 'Note deleted.',
  confirmDeleteNote: 'Delete this note? The other admins will no longer see it.',
} as const;
