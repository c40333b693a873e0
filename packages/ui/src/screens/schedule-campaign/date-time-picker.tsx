// The Schedule screen's Date and Time (UTC) picker (spec §2, §9): a read-only field showing
// 'YYYY-MM-DD HH:mm' (placeholder 'Select date and time') that opens a calendar (earliest day: today) and
// hour / minute / second counters whose buttons repeat every 70 ms after being held 500 ms. All in UTC.
// Keyboard (WAI-ARIA APG date picker dialog + spinbutton): opening puts the focus on the chosen day; arrows
// move by day / week, Home / End to the week's start / end, PageUp / PageDown by month (Shift: year), Enter
// or Space picks the day; the counters are spinbuttons (↑/↓, PageUp/PageDown by 10, Home/End); Esc or Done
// closes and gives the focus back to the field.
import { TIME_COUNTERS, TIMINGS } from '@pagecast/contract';
import { CalendarDays, ChevronLeft, ChevronRight, Minus, Plus } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { Button } from '../../primitives/button';
import { cn } from '../../primitives/cn';
import { fieldClasses } from '../../primitives/input';
import { SCHEDULE_TEXT } from './texts';

const pad = (n: number) => String(n).padStart(2, '0');
export const formatDate = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
export const formatTime = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
const dayStart = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = [
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
  ['Su', 'Sunday'],
] as const;
const DAY_MS = 86_400_000;
/** The same day `months` later (clamped to the month's length), as a UTC midnight timestamp. */
const addMonths = (ts: number, months: number) => {
  const d = new Date(ts);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
  const f = new Date(first);
  const len = new Date(Date.UTC(f.getUTCFullYear(), f.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(f.getUTCFullYear(), f.getUTCMonth(), Math.min(d.getUTCDate(), len));
};

/** Calls `action` on press, then every 70 ms once held for 500 ms (spec §9); stops on release. */
export function useHoldRepeat(action: () => void) {
  const latest = useRef(action);
  latest.current = action;
  const timers = useRef<{
    delay?: ReturnType<typeof setTimeout>;
    repeat?: ReturnType<typeof setInterval>;
  }>({});
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
        timers.current.repeat = setInterval(
          () => latest.current(),
          TIMINGS.counterRepeatIntervalMs,
        );
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
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const by: Record<string, number> = {
      ArrowUp: step,
      ArrowDown: -step,
      PageUp: 10 * step,
      PageDown: -10 * step,
      Home: min - value,
      End: max - value,
    };
    const delta = by[e.key];
    if (delta === undefined || disabled) return;
    e.preventDefault();
    if (delta !== 0) onStep(delta);
  };
  return (
    <div className="grid justify-items-center gap-1" data-testid={`counter-${unit}`}>
      <span className="text-xs text-muted-foreground" aria-hidden>
        {label}
      </span>
      <div className="flex items-center gap-1">
        {/* The buttons are for pointers; the keyboard uses the spinbutton's arrows (APG spinbutton). */}
        <Button
          type="button"
          variant="outline"
          size="icon"
          tabIndex={-1}
          className="size-7 sm:size-8"
          aria-label={`Decrease ${label.toLowerCase()}`}
          disabled={atMin}
          {...down.handlers}
        >
          <Minus aria-hidden />
        </Button>
        <div
          role="spinbutton"
          tabIndex={disabled ? -1 : 0}
          aria-label={label}
          aria-valuenow={value}
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuetext={pad(value)}
          aria-disabled={disabled || undefined}
          onKeyDown={onKey}
          className="w-8 rounded-md py-1 text-center font-mono text-sm tabular-nums outline-hidden focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
        >
          {pad(value)}
        </div>
        <Button
          type="button"
          variant="outline"
          size="icon"
          tabIndex={-1}
          className="size-7 sm:size-8"
          aria-label={`Increase ${label.toLowerCase()}`}
          disabled={atMax}
          {...up.handlers}
        >
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

export function DateTimePicker({
  id,
  value,
  onChange,
  now,
  invalid,
  describedBy,
  disabled,
}: DateTimePickerProps) {
  const [open, setOpen] = useState(false);
  const ids = useId();
  const panelId = `${ids}-panel`;
  const monthLabelId = `${ids}-month`;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
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

  useEffect(() => {
    if (!open || !moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${focusDay}"]`)?.focus();
  }, [open, focusDay]);

  const shown = new Date(focusDay);
  const first = new Date(Date.UTC(shown.getUTCFullYear(), shown.getUTCMonth(), 1));
  const lead = (first.getUTCDay() + 6) % 7;
  const daysInMonth = new Date(
    Date.UTC(shown.getUTCFullYear(), shown.getUTCMonth() + 1, 0),
  ).getUTCDate();
  const canGoBack =
    first.getTime() > Date.UTC(new Date(today).getUTCFullYear(), new Date(today).getUTCMonth(), 1);
  const cells: Array<number | null> = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: daysInMonth }, (_, i) => first.getTime() + i * DAY_MS),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));

  // The latest value, also between renders (held counters step several times per render in tests/slow frames).
  const current = useRef(value);
  current.current = value;
  const setParts = (parts: {
    y?: number;
    m?: number;
    d?: number;
    h?: number;
    min?: number;
    s?: number;
  }) => {
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
  const step = (unit: Unit, get: (d: Date) => number, key: 'h' | 'min' | 's') => (delta: number) =>
    setParts({ [key]: clamp(unit, get(current.current ?? now()) + delta) });

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

  const onGridKey = (e: KeyboardEvent<HTMLTableElement>) => {
    const weekday = (new Date(focusDay).getUTCDay() + 6) % 7;
    const moves: Record<string, () => number> = {
      ArrowLeft: () => focusDay - DAY_MS,
      ArrowRight: () => focusDay + DAY_MS,
      ArrowUp: () => focusDay - 7 * DAY_MS,
      ArrowDown: () => focusDay + 7 * DAY_MS,
      Home: () => focusDay - weekday * DAY_MS,
      End: () => focusDay + (6 - weekday) * DAY_MS,
      PageUp: () => addMonths(focusDay, e.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focusDay, e.shiftKey ? 12 : 1),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    goTo(move(), true);
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
            <span className="text-muted-foreground">UTC</span>
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
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label="Previous month"
              disabled={!canGoBack}
              onClick={() => goTo(addMonths(focusDay, -1), false)}
            >
              <ChevronLeft aria-hidden />
            </Button>
            <p id={monthLabelId} className="text-sm font-medium" aria-live="polite">
              {MONTHS[shown.getUTCMonth()]} {shown.getUTCFullYear()}
            </p>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label="Next month"
              onClick={() => goTo(addMonths(focusDay, 1), false)}
            >
              <ChevronRight aria-hidden />
            </Button>
          </div>
          <table
            ref={gridRef}
            role="grid"
            aria-labelledby={monthLabelId}
            onKeyDown={onGridKey}
            className="w-full border-collapse text-center text-sm"
          >
            <thead>
              <tr>
                {WEEKDAYS.map(([short, long]) => (
                  <th
                    key={short}
                    scope="col"
                    abbr={long}
                    className="pb-1 text-xs font-normal text-muted-foreground"
                  >
                    {short}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, w) => (
                <tr key={w}>
                  {week.map((ts, d) => {
                    if (ts === null) return <td key={`empty-${d}`} />;
                    const selected = value !== null && dayStart(value) === ts;
                    const past = ts < today;
                    return (
                      <td key={ts} aria-selected={selected} className="p-0.5">
                        <button
                          type="button"
                          data-day={ts}
                          tabIndex={ts === focusDay ? 0 : -1}
                          disabled={past}
                          aria-current={ts === today ? 'date' : undefined}
                          aria-label={formatDate(new Date(ts))}
                          onClick={() => {
                            const day = new Date(ts);
                            goTo(ts, false);
                            setParts({
                              y: day.getUTCFullYear(),
                              m: day.getUTCMonth(),
                              d: day.getUTCDate(),
                            });
                          }}
                          className={cn(
                            'mx-auto grid size-8 place-items-center rounded-md tabular-nums transition-colors outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-35',
                            ts === today && !selected && 'border border-border',
                            selected &&
                              'bg-primary text-primary-foreground hover:bg-primary hover:text-primary-foreground',
                          )}
                        >
                          {new Date(ts).getUTCDate()}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex justify-between gap-2 border-t border-border pt-3">
            <Counter
              unit="hours"
              label="Hours"
              value={base.getUTCHours()}
              onStep={step('hours', (d) => d.getUTCHours(), 'h')}
            />
            <Counter
              unit="minutes"
              label="Minutes"
              value={base.getUTCMinutes()}
              onStep={step('minutes', (d) => d.getUTCMinutes(), 'min')}
            />
            <Counter
              unit="seconds"
              label="Seconds"
              value={base.getUTCSeconds()}
              onStep={step('seconds', (d) => d.getUTCSeconds(), 's')}
            />
          </div>
          <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
            <span className="font-mono tabular-nums">
              {formatDate(base)} {formatTime(base)} UTC
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
