// The Schedule screen's Date and Time (UTC) picker (spec §2, §9): a read-only field showing
// 'YYYY-MM-DD HH:mm' (placeholder 'Select date and time') that opens a calendar (earliest day: today) and
// hour / minute / second counters whose buttons repeat every 70 ms after being held 500 ms. All in UTC.
import { TIME_COUNTERS, TIMINGS } from '@pagecast/contract';
import { CalendarDays, ChevronLeft, ChevronRight, Minus, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '../../primitives/button';
import { cn } from '../../primitives/cn';
import { fieldClasses } from '../../primitives/input';
import { SCHEDULE_TEXT } from './texts';

const pad = (n: number) => String(n).padStart(2, '0');
export const formatDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
export const formatTime = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
const dayStart = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

/** Calls `action` on press, then every 70 ms once held for 500 ms (spec §9); stops on release. */
export function useHoldRepeat(action: () => void) {
  const latest = useRef(action);
  latest.current = action;
  const timers = useRef<{ delay?: ReturnType<typeof setTimeout>; repeat?: ReturnType<typeof setInterval> }>({});
  const stop = () => {
    clearTimeout(timers.current.delay);
    clearInterval(timers.current.repeat);
    timers.current = {};
  };
  useEffect(() => stop, []);
  const handlers = {
    onPointerDown: (e: PointerEvent<HTMLButtonElement>) => {
      if (e.button > 0) return; // primary button only
      stop();
      latest.current();
      timers.current.delay = setTimeout(() => {
        timers.current.repeat = setInterval(() => latest.current(), TIMINGS.counterRepeatIntervalMs);
      }, TIMINGS.counterRepeatDelayMs);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    // Keyboard presses (Enter / Space) arrive as clicks with no pointer: step once each.
    onClick: (e: { detail: number }) => {
      if (e.detail === 0) latest.current();
    },
  };
  return { handlers, stop };
}

type Unit = keyof typeof TIME_COUNTERS;

function Counter({
  unit,
  label,
  value,
  onStep,
  disabled,
}: {
  unit: Unit;
  label: string;
  value: number;
  onStep: (delta: number) => void;
  disabled?: boolean;
}) {
  const { min, max, step } = TIME_COUNTERS[unit];
  const down = useHoldRepeat(() => onStep(-step));
  const up = useHoldRepeat(() => onStep(step));
  // A disabled button gets no pointerup: stop repeating at the bounds.
  const atMin = disabled || value <= min;
  const atMax = disabled || value >= max;
  useEffect(() => {
    if (atMin) down.stop();
    if (atMax) up.stop();
  }, [atMin, atMax, down, up]);
  return (
    <div className="grid justify-items-center gap-1" data-testid={`counter-${unit}`}>
      <span className="text-xs text-muted-foreground">{label}</span>
      <div className="flex items-center gap-1">
        <Button type="button" variant="outline" size="icon" className="size-7 sm:size-8" aria-label={`Decrease ${label.toLowerCase()}`} disabled={atMin} {...down.handlers}>
          <Minus aria-hidden />
        </Button>
        <output aria-label={label} className="w-7 text-center font-mono text-sm tabular-nums">
          {pad(value)}
        </output>
        <Button type="button" variant="outline" size="icon" className="size-7 sm:size-8" aria-label={`Increase ${label.toLowerCase()}`} disabled={atMax} {...up.handlers}>
          <Plus aria-hidden />
        </Button>
      </div>
    </div>
  );
}

export interface DateTimePickerProps {
  id?: string;
  value: Date | null;
  onChange: (value: Date) => void;
  /** The current time (earliest selectable day is its UTC day). */
  now: () => Date;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

export function DateTimePicker({ id, value, onChange, now, invalid, describedBy, disabled }: DateTimePickerProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const base = value ?? now();
  const [month, setMonth] = useState(() => Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), 1));

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const today = dayStart(now());
  const shown = new Date(month);
  const first = new Date(Date.UTC(shown.getUTCFullYear(), shown.getUTCMonth(), 1));
  const lead = (first.getUTCDay() + 6) % 7;
  const daysInMonth = new Date(Date.UTC(shown.getUTCFullYear(), shown.getUTCMonth() + 1, 0)).getUTCDate();
  const canGoBack = month > Date.UTC(new Date(today).getUTCFullYear(), new Date(today).getUTCMonth(), 1);

  // The latest value, also between renders (held counters step several times per render in tests/slow frames).
  const current = useRef(value);
  current.current = value;
  const setParts = (parts: { y?: number; m?: number; d?: number; h?: number; min?: number; s?: number }) => {
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
  const clamp = (unit: Unit, v: number) => Math.min(TIME_COUNTERS[unit].max, Math.max(TIME_COUNTERS[unit].min, v));
  const step = (unit: Unit, get: (d: Date) => number, key: 'h' | 'min' | 's') => (delta: number) =>
    setParts({ [key]: clamp(unit, get(current.current ?? now()) + delta) });

  const onFieldKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') setOpen(false);
  };

  return (
    <div ref={rootRef} className="relative" onKeyDown={onFieldKey}>
      <button
        id={id}
        type="button"
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onClick={() => setOpen((o) => !o)}
        className={cn(fieldClasses, 'flex h-10 items-center justify-between gap-2 py-2 text-left')}
      >
        {value ? (
          <span className="font-mono tabular-nums">
            {formatDate(value)} {formatTime(value)} <span className="text-muted-foreground">UTC</span>
          </span>
        ) : (
          <span className="text-muted-foreground">{SCHEDULE_TEXT.datePlaceholder}</span>
        )}
        <CalendarDays aria-hidden className="size-4 text-muted-foreground" />
      </button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label={SCHEDULE_TEXT.dateLabel}
          className="absolute z-30 mt-2 grid w-full min-w-72 gap-4 rounded-lg border border-border bg-popover p-4 text-popover-foreground shadow-lg sm:w-80"
        >
          <div className="flex items-center justify-between">
            <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="Previous month" disabled={!canGoBack} onClick={() => setMonth(Date.UTC(shown.getUTCFullYear(), shown.getUTCMonth() - 1, 1))}>
              <ChevronLeft aria-hidden />
            </Button>
            <p className="text-sm font-medium" aria-live="polite">
              {MONTHS[shown.getUTCMonth()]} {shown.getUTCFullYear()}
            </p>
            <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="Next month" onClick={() => setMonth(Date.UTC(shown.getUTCFullYear(), shown.getUTCMonth() + 1, 1))}>
              <ChevronRight aria-hidden />
            </Button>
          </div>
          <div role="grid" aria-label="Calendar" className="grid grid-cols-7 gap-1 text-center text-sm">
            {WEEKDAYS.map((w) => (
              <span key={w} className="text-xs text-muted-foreground">
                {w}
              </span>
            ))}
            {Array.from({ length: lead }, (_, i) => (
              <span key={`lead-${i}`} />
            ))}
            {Array.from({ length: daysInMonth }, (_, i) => {
              const day = i + 1;
              const ts = Date.UTC(shown.getUTCFullYear(), shown.getUTCMonth(), day);
              const selected = value !== null && dayStart(value) === ts;
              const past = ts < today;
              return (
                <button
                  key={day}
                  type="button"
                  disabled={past}
                  aria-pressed={selected}
                  aria-label={formatDate(new Date(ts))}
                  onClick={() => setParts({ y: shown.getUTCFullYear(), m: shown.getUTCMonth(), d: day })}
                  className={cn(
                    'grid size-8 place-items-center justify-self-center rounded-md tabular-nums transition-colors hover:bg-accent hover:text-accent-foreground disabled:pointer-events-none disabled:opacity-35',
                    ts === today && !selected && 'border border-border',
                    selected && 'bg-primary text-primary-foreground hover:bg-primary hover:text-primary-foreground',
                  )}
                >
                  {day}
                </button>
              );
            })}
          </div>
          <div className="flex justify-between gap-2 border-t border-border pt-3">
            <Counter unit="hours" label="Hours" value={base.getUTCHours()} onStep={step('hours', (d) => d.getUTCHours(), 'h')} />
            <Counter unit="minutes" label="Minutes" value={base.getUTCMinutes()} onStep={step('minutes', (d) => d.getUTCMinutes(), 'min')} />
            <Counter unit="seconds" label="Seconds" value={base.getUTCSeconds()} onStep={step('seconds', (d) => d.getUTCSeconds(), 's')} />
          </div>
          <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
            <span className="font-mono tabular-nums">
              {formatDate(base)} {formatTime(base)} UTC
            </span>
            <Button type="button" size="sm" onClick={() => setOpen(false)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
