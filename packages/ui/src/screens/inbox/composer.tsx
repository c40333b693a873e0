import { NotebookPen, SendHorizontal } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../primitives/button';
import { cn } from '../../primitives/cn';
import { fieldClasses } from '../../primitives/input';
import { ComposerModes, type ComposerMode } from './composer-modes';
import type { SavedReplyOption } from './saved-reply-picker';
import { TEAM_TEXT } from './team-text';
import { INBOX_TEXT } from './text';
import { useSavedReplyPicker } from './use-saved-reply-picker';

export interface ComposerProps {
  /** Resolves true when the message was sent: only then is the input cleared (spec §4). */
  onSend: (text: string) => Promise<boolean> | boolean;
  disabled: boolean;
  /** Meta's limit for one message (what is sent is the trimmed text). */
  maxLength: number;
  /**
   * Writes a private note (resolves true when saved); with it the composer has Reply / Private note tabs.
   * A note is never sent, so it may be written while the reply window is closed.
   */
  onNote?: (text: string) => Promise<boolean> | boolean;
  noteMaxLength?: number;
  /** The page's saved replies (undefined: none offered), inserted with `/` or the button. */
  savedReplies?: SavedReplyOption[];
  /** A saved reply's text for the open contact (its placeholders filled). */
  fillSavedReply?: (body: string) => string;
  onManageSavedReplies?: () => void;
}

/** The counter appears once a reply gets long enough to matter (a tenth of the limit left). */
const COUNTER_FROM = 0.9;

/**
 * Multi-line input that grows with the text up to ten lines: Enter sends, Shift+Enter adds a newline; blank
 * text cannot be sent. A text over Meta's limit is kept whole and refused with how much to remove, never cut
 * (a pasted reply cut mid-word was sent as it was).
 */
export function Composer(props: ComposerProps) {
  const { onNote } = props;
  const [mode, setMode] = useState<ComposerMode>('reply');
  const noting = mode === 'note' && Boolean(onNote);
  const maxLength = noting ? (props.noteMaxLength ?? props.maxLength) : props.maxLength;
  const disabled = noting ? false : props.disabled;
  const [text, setText] = useState('');
  const counterId = useId();
  const panelId = useId();
  const length = text.trim().length;
  const blank = length === 0;
  const over = Math.max(0, length - maxLength);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const picker = useSavedReplyPicker({
    replies: props.savedReplies,
    enabled: !noting && !disabled,
    text,
    setText,
    fill: props.fillSavedReply ?? ((body) => body),
    fieldRef,
    onManage: props.onManageSavedReplies,
  });
  const submit = async () => {
    if (blank || over > 0 || disabled) return;
    const done = noting && onNote ? await onNote(text.trim()) : await props.onSend(text.trim());
    if (done) setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picker.onKeyDown(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  const showCounter = length >= maxLength * COUNTER_FROM;
  return (
    <form
      className={cn(
        'relative grid gap-1 border-t border-border p-3',
        noting && 'bg-amber-50/70 dark:bg-amber-950/30',
      )}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {picker.popup}
      {onNote ? <ComposerModes mode={mode} onChange={setMode} panelId={panelId} /> : null}
      <div
        className="flex items-end gap-2"
        {...(onNote
          ? {
              id: panelId,
              role: 'tabpanel',
              'aria-label': noting ? TEAM_TEXT.noteMode : TEAM_TEXT.replyMode,
            }
          : {})}
      >
        {noting ? null : picker.button}
        <textarea
          ref={fieldRef}
          {...picker.fieldProps}
          aria-label={noting ? TEAM_TEXT.noteLabel : 'Message'}
          aria-invalid={over > 0 || undefined}
          aria-describedby={showCounter ? counterId : undefined}
          rows={1}
          value={text}
          disabled={disabled}
          placeholder={noting ? TEAM_TEXT.notePlaceholder : INBOX_TEXT.composerPlaceholder}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          className={cn(
            fieldClasses,
            'field-sizing-content max-h-60 min-h-10 flex-1 resize-none py-2',
            noting && 'border-amber-300 bg-background dark:border-amber-700',
            over > 0 && 'border-destructive focus-visible:ring-destructive',
          )}
        />
        {noting ? (
          <Button type="submit" disabled={blank || over > 0}>
            <NotebookPen aria-hidden="true" /> {TEAM_TEXT.addNote}
          </Button>
        ) : (
          <Button
            type="submit"
            size="icon"
            aria-label="Send"
            disabled={blank || over > 0 || disabled}
          >
            <SendHorizontal />
          </Button>
        )}
      </div>
      {showCounter ? (
        <p
          id={counterId}
          aria-live="polite"
          className={cn(
            'text-right text-xs tabular-nums',
            over > 0 ? 'font-medium text-destructive' : 'text-muted-foreground',
          )}
        >
          {over > 0
            ? noting
              ? TEAM_TEXT.noteTooLong(over, maxLength)
              : INBOX_TEXT.tooLong(over, maxLength)
            : INBOX_TEXT.characterCount(length, maxLength)}
        </p>
      ) : null}
    </form>
  );
}
