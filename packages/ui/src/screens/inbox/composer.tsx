import { SendHorizontal } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../primitives/button';
import { cn } from '../../primitives/cn';
import { fieldClasses } from '../../primitives/input';
import { INBOX_TEXT } from './text';

export interface ComposerProps {
  /** Resolves true when the message was sent: only then is the input cleared (spec §4). */
  onSend: (text: string) => Promise<boolean> | boolean;
  disabled: boolean;
  maxLength: number;
}

/** Multi-line input (max height 3rem): Enter sends, Shift+Enter adds a newline; blank text cannot be sent. */
export function Composer({ onSend, disabled, maxLength }: ComposerProps) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';
  const submit = async () => {
    if (blank || disabled) return;
    if (await onSend(text.trim())) setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  return (
    <form
      className="flex items-end gap-2 border-t border-border p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <textarea
        aria-label="Message"
        rows={1}
        value={text}
        maxLength={maxLength}
        disabled={disabled}
        placeholder={INBOX_TEXT.composerPlaceholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        className={cn(fieldClasses, 'max-h-[3rem] min-h-10 flex-1 resize-none py-2')}
      />
      <Button type="submit" size="icon" aria-label="Send" disabled={blank || disabled}>
        <SendHorizontal />
      </Button>
    </form>
  );
}
