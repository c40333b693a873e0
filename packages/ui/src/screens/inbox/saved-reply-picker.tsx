import type { ReactNode } from 'react';
import { cn } from '../../primitives/cn';
import { TEAM_TEXT } from './team-text';

/** A saved reply as the composer offers it. */
export interface SavedReplyOption {
  id: string;
  title: string;
  body: string;
}

/** The replies matching `query`: titles starting with it first, then titles or texts containing it. */
export function matchSavedReplies(replies: SavedReplyOption[], query: string): SavedReplyOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return replies;
  const starts = replies.filter((r) => r.title.toLowerCase().startsWith(q));
  const contains = replies.filter(
    (r) =>
      !starts.includes(r) &&
      (r.title.toLowerCase().includes(q) || r.body.toLowerCase().includes(q)),
  );
  return [...starts, ...contains];
}

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/**
 * The list of saved replies above the composer: a listbox whose active option the field driving it names
 * (aria-activedescendant), so the focus stays in that field while arrows move. A click inserts too.
 */
export function SavedReplyList({
  id,
  options,
  active,
  empty,
  onPick,
  onManage,
  filter,
}: {
  id: string;
  options: SavedReplyOption[];
  active: number;
  empty: boolean;
  onPick: (reply: SavedReplyOption) => void;
  onManage?: () => void;
  /** The search field of the button's list (the `/` list is filtered by the composer itself). */
  filter?: ReactNode;
}) {
  return (
    <div
      data-testid="saved-reply-list"
      className="absolute right-3 bottom-full left-3 z-20 mb-1 grid max-h-72 gap-1 overflow-hidden rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg"
    >
      {filter}
      <ul
        id={id}
        role="listbox"
        aria-label={TEAM_TEXT.savedReplies}
        className="min-h-0 overflow-y-auto"
      >
        {options.map((r, i) => (
          <li
            key={r.id}
            id={optionId(id, i)}
            role="option"
            aria-selected={i === active}
            // Keep the focus in the field: a mouse press would move it to the list.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(r)}
            className={cn(
              'cursor-pointer rounded-md px-2.5 py-1.5 text-sm',
              i === active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
            )}
          >
            <span className="block truncate font-medium">/{r.title}</span>
            <span className="block truncate text-xs text-muted-foreground">{r.body}</span>
          </li>
        ))}
      </ul>
      {options.length === 0 ? (
        <p className="px-2.5 py-1.5 text-sm text-muted-foreground">
          {empty ? TEAM_TEXT.noSavedReplies : TEAM_TEXT.noSavedReplyMatches}
        </p>
      ) : null}
      {onManage ? (
        <button
          type="button"
          onMouseDown={(e) => e.preventDefault()}
          onClick={onManage}
          className="rounded-md border-t border-border px-2.5 py-1.5 text-left text-sm font-medium text-primary hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          {TEAM_TEXT.manageSavedReplies}
        </button>
      ) : null}
    </div>
  );
}
