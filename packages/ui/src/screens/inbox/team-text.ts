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
  savedReplies: 'Saved replies',
  savedRepliesButton: 'Insert a saved reply',
  savedRepliesFilter: 'Find a saved reply',
  noSavedReplies: 'No saved replies yet.',
  noSavedReplyMatches: 'No saved reply matches.',
  manageSavedReplies: 'Manage saved replies',
  savedRepliesHint: 'Type / at the start of a reply to insert one.',
  savedRepliesDescription:
    'Answers every admin of this page can insert with / in the composer. {first_name} and {last_name} become the contact’s names; {first_name|there} says “there” when the name is unknown.',
  newSavedReply: 'New saved reply',
  editSavedReply: 'Edit saved reply',
  replyTitle: 'Title',
  replyBody: 'Reply',
  saveReply: 'Save reply',
  deleteReply: (title: string) => `Delete saved reply “${title}”`,
  editReply: (title: string) => `Edit saved reply “${title}”`,
  confirmDeleteReply: (title: string) => `Delete the saved reply “${title}”?`,
  replySaved: 'Reply saved for this page.',
  replyDeleted: 'Saved reply deleted.',
  replyFailed: 'Failed to save the reply.',
  askFilter: 'Ask to subscribe',
  askFilterLabel: 'Ask everyone in this view to subscribe to marketing messages',
  askFilterTitle: 'Ask to subscribe to marketing messages',
  askFilterCounting: 'Counting who can be asked…',
  askFilterWill: (n: number) =>
    n === 1
      ? 'Meta’s opt-in request will be sent to 1 contact of this view who wrote in the last 24 hours.'
      : `Meta’s opt-in request will be sent to ${n.toLocaleString('en-US')} contacts of this view who wrote in the last 24 hours.`,
  askFilterNobody: 'Nobody in this view can be asked right now.',
  askFilterRule:
    'Meta allows the request only within 24 hours of a contact’s last message, and once per topic a week.',
  askFilterSkipped: (s: {
    subscribed: number;
    askedThisWeek: number;
    windowClosed: number;
    notAsked: number;
  }) =>
    [
      s.subscribed ? `${s.subscribed.toLocaleString('en-US')} already subscribed` : null,
      s.askedThisWeek ? `${s.askedThisWeek.toLocaleString('en-US')} asked this week` : null,
      s.windowClosed
        ? `${s.windowClosed.toLocaleString('en-US')} wrote more than 24 hours ago`
        : null,
      s.notAsked
        ? `${s.notAsked.toLocaleString('en-US')} left for a next run (500 at most at once)`
        : null,
    ]
      .filter(Boolean)
      .join(' · '),
  askFilterConfirm: (n: number) =>
    n === 1 ? 'Ask 1 contact' : `Ask ${n.toLocaleString('en-US')} contacts`,
  askFilterDone: (asked: number, failed: number) =>
    `Asked ${asked.toLocaleString('en-US')} to subscribe${failed ? `; Meta refused ${failed.toLocaleString('en-US')}` : ''}.`,
  askFilterFailed: 'Failed to ask this view to subscribe.',
} as const;
