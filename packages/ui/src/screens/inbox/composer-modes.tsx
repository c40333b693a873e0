import { useRef, type KeyboardEvent } from 'react';
import { cn } from '../../primitives/cn';
import { TEAM_TEXT } from './team-text';

export type ComposerMode = 'reply' | 'note';

const MODES: Array<{ value: ComposerMode; label: string }> = [
  { value: 'reply', label: TEAM_TEXT.replyMode },
  { value: 'note', label: TEAM_TEXT.noteMode },
];

/**
 * The composer's Reply / Private note tabs (as Chatwoot has them): a tablist, arrows move between the two,
 * and the field below is the panel of the selected one.
 */
export function ComposerModes({
  mode,
  onChange,
  panelId,
}: {
  mode: ComposerMode;
  onChange: (mode: ComposerMode) => void;
  panelId: string;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next = (index + (e.key === 'ArrowRight' ? 1 : MODES.length - 1)) % MODES.length;
    const target = MODES[next];
    if (!target) return;
    onChange(target.value);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={TEAM_TEXT.composerModes} className="flex gap-1 text-sm">
      {MODES.map((m, i) => {
        const selected = m.value === mode;
        return (
          <button
            key={m.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(m.value)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={cn(
              'rounded-md px-2.5 py-1 font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
              selected
                ? m.value === 'note'
                  ? 'bg-amber-100 text-amber-950 dark:bg-amber-900/60 dark:text-amber-50'
                  : 'bg-accent text-accent-foreground'
                : 'text-muted-foreground hover:bg-accent/60 hover:text-foreground',
            )}
          >
            {m.label}
          </button>
        );
      })}
    </div>
  );
}
