import { formatBubbleTime } from '@pagecast/contract';
import { Lock, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../primitives/button';
import { cn } from '../../primitives/cn';
import { fieldClasses } from '../../primitives/input';
import { TEAM_TEXT } from './team-text';

/** A private note in the conversation's timeline (never sent: the page's admins only). */
export interface InboxNote {
  id: string;
  body: string;
  createdAt: string;
  updatedAt: string;
  authorName: string | null;
  mine: boolean;
}

export interface NoteCardProps {
  note: InboxNote;
  maxLength: number;
  locale?: string;
  /** Resolves true once saved (the editor then closes). */
  onEdit?: (id: string, body: string) => Promise<boolean> | boolean;
  onDelete?: (id: string) => void;
}

/**
 * A note, styled apart from the chat bubbles (a yellow card across the timeline) so nobody takes it for a
 * message the contact saw. Its author may edit it in place or delete it.
 */
export function NoteCard({ note, maxLength, locale, onEdit, onDelete }: NoteCardProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note.body);
  const editorId = useId();
  const trimmed = draft.trim();
  const invalid = trimmed.length === 0 || trimmed.length > maxLength;
  const save = async () => {
    if (invalid || !onEdit) return;
    if (await onEdit(note.id, trimmed)) setEditing(false);
  };
  return (
    <article
      data-testid="note-card"
      aria-label={TEAM_TEXT.noteBadge}
      className="mx-auto w-full max-w-[85%] rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-2 text-sm text-amber-950 shadow-xs dark:border-amber-700/70 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <header className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
        <Lock aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="font-semibold">
          {note.mine ? TEAM_TEXT.you : (note.authorName ?? TEAM_TEXT.formerAdmin)}
        </span>
        <span className="text-amber-800 dark:text-amber-200">{TEAM_TEXT.noteBadge}</span>
        <span className="ml-auto flex items-center gap-1 text-amber-800 dark:text-amber-200">
          <time dateTime={note.createdAt}>{formatBubbleTime(note.createdAt, locale)}</time>
          {note.updatedAt !== note.createdAt ? <span>· {TEAM_TEXT.edited}</span> : null}
        </span>
      </header>
      {editing ? (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label htmlFor={editorId} className="sr-only">
            {TEAM_TEXT.editNote}
          </label>
          <textarea
            id={editorId}
            value={draft}
            autoFocus
            aria-invalid={invalid || undefined}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                setEditing(false);
                setDraft(note.body);
              }
            }}
            className={cn(fieldClasses, 'field-sizing-content min-h-16 bg-background py-2')}
          />
          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setEditing(false);
                setDraft(note.body);
              }}
            >
              {TEAM_TEXT.cancel}
            </Button>
            <Button type="submit" size="sm" disabled={invalid}>
              {TEAM_TEXT.saveNote}
            </Button>
          </div>
        </form>
      ) : (
        <p dir="auto" className="break-words whitespace-pre-wrap">
          <bdi>{note.body}</bdi>
        </p>
      )}
      {note.mine && !editing && (onEdit || onDelete) ? (
        <div className="mt-1 flex justify-end gap-1">
          {onEdit ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs text-amber-900 hover:bg-amber-100 dark:text-amber-100 dark:hover:bg-amber-900/50"
              onClick={() => {
                setDraft(note.body);
                setEditing(true);
              }}
            >
              <Pencil aria-hidden="true" /> {TEAM_TEXT.editNote}
            </Button>
          ) : null}
          {onDelete ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs text-amber-900 hover:bg-amber-100 dark:text-amber-100 dark:hover:bg-amber-900/50"
              onClick={() => onDelete(note.id)}
            >
              <Trash2 aria-hidden="true" /> {TEAM_TEXT.deleteNote}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
