import { MessageSquareText } from 'lucide-react';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Button } from '../../primitives/button';
import { fieldClasses } from '../../primitives/input';
import { cn } from '../../primitives/cn';
import {
  matchSavedReplies,
  optionId,
  SavedReplyList,
  type SavedReplyOption,
} from './saved-reply-picker';
import { TEAM_TEXT } from './team-text';

/** `/` and what follows, alone in the field: the list filters by it (titles are at most 40 characters). */
const SLASH = /^\/[^\n]{0,40}$/;

export interface SavedReplyPicker {
  /** Handles the key if the list is open (arrows, Enter inserts, Escape closes); true when it did. */
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => boolean;
  /** The composer field's part of the pattern: it names the list and its active option. */
  fieldProps: Record<string, string | undefined>;
  popup: ReactNode;
  button: ReactNode;
}

/**
 * Saved replies in the composer: typing `/` at the start of a reply opens the list filtered by what follows,
 * and the button opens it with a search field of its own (a combobox). Inserting fills the placeholders
 * (`fill`) and puts the text in the field, ready to edit or send.
 */
export function useSavedReplyPicker(options: {
  replies: SavedReplyOption[] | undefined;
  enabled: boolean;
  text: string;
  setText: (text: string) => void;
  fill: (body: string) => string;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
  onManage?: () => void;
}): SavedReplyPicker {
  const { replies, enabled, text, setText, fill, fieldRef, onManage } = options;
  const listId = useId();
  const [buttonOpen, setButtonOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const available = enabled && replies !== undefined;
  const slash = available && !buttonOpen && SLASH.test(text) && dismissed !== text;
  const open = available && (slash || buttonOpen);
  const query = buttonOpen ? filter : slash ? text.slice(1) : '';
  const matches = useMemo(() => matchSavedReplies(replies ?? [], query), [replies, query]);
  const current = Math.min(active, Math.max(0, matches.length - 1));
  useEffect(() => setActive(0), [query, open]);

  // The field takes the focus back a frame after a pick; reopening the list before that frame cancels it, or
  // the late focus would blur the list's filter and close it again.
  const focusFrame = useRef<number | null>(null);
  const cancelFocusField = () => {
    if (focusFrame.current !== null) cancelAnimationFrame(focusFrame.current);
    focusFrame.current = null;
  };
  const focusField = () => {
    cancelFocusField();
    focusFrame.current = requestAnimationFrame(() => {
      focusFrame.current = null;
      const el = fieldRef.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    });
  };
  const closeButtonList = () => {
    setButtonOpen(false);
    setFilter('');
  };
  const pick = (reply: SavedReplyOption) => {
    const filled = fill(reply.body);
    const rest = slash ? '' : text.trimEnd();
    setText(rest ? `${rest} ${filled}` : filled);
    closeButtonList();
    focusField();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>): boolean => {
    if (!open) return false;
    const n = matches.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (n > 0) setActive((current + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
      return true;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      const chosen = matches[current];
      if (!chosen) return buttonOpen;
      e.preventDefault();
      pick(chosen);
      return true;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      if (buttonOpen) {
        closeButtonList();
        focusField();
      } else setDismissed(text);
      return true;
    }
    return false;
  };
  const activeId = matches[current] ? optionId(listId, current) : undefined;

  return {
    onKeyDown,
    fieldProps: available
      ? {
          'aria-autocomplete': 'list',
          'aria-controls': slash ? listId : undefined,
          'aria-activedescendant': slash ? activeId : undefined,
        }
      : {},
    popup: open ? (
      <SavedReplyList
        id={listId}
        options={matches}
        active={current}
        empty={(replies ?? []).length === 0}
        onPick={pick}
        onManage={
          onManage
            ? () => {
                closeButtonList();
                onManage();
              }
            : undefined
        }
        filter={
          buttonOpen ? (
            <input
              role="combobox"
              aria-label={TEAM_TEXT.savedRepliesFilter}
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeId}
              autoFocus
              value={filter}
              placeholder={TEAM_TEXT.savedRepliesFilter}
              onChange={(e) => setFilter(e.target.value)}
              onKeyDown={(e) => void onKeyDown(e)}
              onBlur={(e) => {
                // Leaving the list (not for one of its own buttons) closes it.
                if (!e.currentTarget.parentElement?.contains(e.relatedTarget)) closeButtonList();
              }}
              className={cn(fieldClasses, 'h-9')}
            />
          ) : null
        }
      />
    ) : null,
    button: available ? (
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={TEAM_TEXT.savedRepliesButton}
        aria-haspopup="listbox"
        aria-expanded={buttonOpen}
        title={TEAM_TEXT.savedRepliesHint}
        onClick={() => {
          if (buttonOpen) return closeButtonList();
          cancelFocusField();
          setButtonOpen(true);
        }}
      >
        <MessageSquareText />
      </Button>
    ) : null,
  };
}
