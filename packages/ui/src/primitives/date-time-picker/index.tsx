// Date and time (UTC) picker (spec §2, §9): a read-only field showing 'YYYY-MM-DD HH:mm' (or the
// placeholder) that opens a non-modal panel with a month calendar (earliest day: today, calendar.tsx) and
// hour / minute / second counters (time-counter.tsx). All in UTC. Opening puts the focus on the chosen
// day; Esc or Done closes and gives the focus back to the field; tabbing out closes it.
import { TIME_COUNTERS } from '@pagecast/contract';
import { CalendarDays } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Button } from '../button';
import { cn } from '../cn';
import { fieldClasses } from '../input';
import { Calendar } from './calendar';
import { dayStart, formatDate, formatTime } from './dates';
import { TimeCounter, type Unit } from './time-counter';

export { formatDate, formatTime } from './dates';
export { useHoldRepeat } from './time-counter';

export interface DateTimePickerProps {
  id?: string;
  value: Date | null;
  onChange: (value: Date) => void;
  /** The current time (earliest selectable day is its UTC day). */
  now: () => Date;
  /** The panel's accessible name (e.g. 'Date and Time (UTC)'). */
  label: string;
  /** Shown in the field while no value is chosen. */
  placeholder: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /** The zone the shown wall-clock time is in (the caller shifts the value): 'UTC' unless said. */
  zoneName?: string;
}

type Parts = { y?: number; m?: number; d?: number; h?: number; min?: number; s?: number };

const COUNTERS: Array<{
  unit: Unit;
  label: string;
  get: (d: Date) => number;
  part: 'h' | 'min' | 's';
}> = [
  { unit: 'hours', label: 'Hours', get: (d) => d.getUTCHours(), part: 'h' },
  { unit: 'minutes', label: 'Minutes', get: (d) => d.getUTCMinutes(), part: 'min' },
  { unit: 'seconds', label: 'Seconds', get: (d) => d.getUTCSeconds(), part: 's' },
];

export function DateTimePicker({
  id,
  value,
  onChange,
  now,
  label,
  placeholder,
  invalid,
  describedBy,
  disabled,
  zoneName = 'UTC',
}: DateTimePickerProps) {
  const [open, setOpen] = useState(false);
  const panelId = `${useId()}-panel`;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const base = value ?? now();
  const today = dayStart(now());
  // The day that holds the grid's single Tab stop (roving tabindex); the month shown is its month.
  const [focusDay, setFocusDay] = useState(() => Math.max(today, dayStart(base)));
  // Set when a key moved the day: the focus follows once that day is rendered.
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  // The latest value, also between renders (held counters step several times per render in tests/slow frames).
  const current = useRef(value);
  current.current = value;
  const setParts = (parts: Parts) => {
    const d = new Date(current.current ?? now());
    const next = new Date(
      Date.UTC(
        parts.y ?? d.getUTCFullYear(),
        parts.m ?? d.getUTCMonth(),
        parts.d ?? d.getUTCDate(),
        parts.h ?? d.getUTCHours(),
        parts.min ?? d.getUTCMinutes(),
        parts.s ?? d.getUTCSeconds(),
      ),
    );
    current.current = next;
    onChange(next);
  };
  const clamp = (unit: Unit, v: number) =>
    Math.min(TIME_COUNTERS[unit].max, Math.max(TIME_COUNTERS[unit].min, v));

  const openPanel = () => {
    setFocusDay(Math.max(today, dayStart(value ?? now())));
    moveFocus.current = true;
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };
  const goTo = (day: number, focus: boolean) => {
    moveFocus.current = focus;
    setFocusDay(Math.max(today, day));
  };
  const pick = (ts: number) => {
    const day = new Date(ts);
    goTo(ts, false);
    setParts({ y: day.getUTCFullYear(), m: day.getUTCMonth(), d: day.getUTCDate() });
  };

  const onRootKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    }
  };
  // Tabbing out of the panel closes it (it is not modal).
  const onRootBlur = (e: FocusEvent) => {
    const to = e.relatedTarget;
    const root = rootRef.current;
    // An ancestor taking the focus is a click on something unfocusable (e.g. a counter button disabled at
    // its bound), not a Tab out of the panel.
    if (open && to instanceof Node && root && !root.contains(to) && !to.contains(root))
      setOpen(false);
  };

  return (
    <div ref={rootRef} className="relative" onKeyDown={onRootKey} onBlur={onRootBlur}>
      <button
        ref={triggerRef}
        id={id}
        type="button"
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onClick={() => (open ? close(false) : openPanel())}
        className={cn(fieldClasses, 'flex h-10 items-center justify-between gap-2 py-2 text-left')}
      >
        {value ? (
          <span className="font-mono tabular-nums">
            {formatDate(value)} {formatTime(value)}{' '}
            <span className="text-muted-foreground">{zoneName}</span>
          </span>
        ) : (
          <span className="text-muted-foreground">{placeholder}</span>
        )}
        <CalendarDays aria-hidden className="size-4 text-muted-foreground" />
      </button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label={label}
          className="absolute z-30 mt-2 grid w-max max-w-[calc(100vw-2rem)] min-w-72 gap-4 rounded-lg border border-border bg-popover p-4 text-popover-foreground shadow-lg"
        >
          <Calendar
            value={value}
            today={today}
            focusDay={focusDay}
            onFocusDay={goTo}
            moveFocus={moveFocus}
            onPick={pick}
          />
          <div className="flex justify-between gap-2 border-t border-border pt-3">
            {COUNTERS.map(({ unit, label: counterLabel, get, part }) => (
              <TimeCounter
                key={unit}
                unit={unit}
                label={counterLabel}
                value={get(base)}
                onStep={(delta) =>
                  setParts({ [part]: clamp(unit, get(current.current ?? now()) + delta) })
                }
              />
            ))}
          </div>
          <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
            <span className="font-mono tabular-nums">
              {formatDate(base)} {formatTime(base)} {zoneName}
            </span>
            <Button type="button" size="sm" onClick={() => close(true)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
