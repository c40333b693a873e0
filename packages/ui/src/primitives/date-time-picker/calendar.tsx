// The picker's month grid (WAI-ARIA APG date picker dialog): a month header with previous / next buttons
// and a role=grid of day buttons with one Tab stop (roving tabindex). Arrows move by day / week, Home / End
// to the week's start / end, PageUp / PageDown by month (Shift: year); Enter or Space picks the day.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import { Button } from '../button';
import { cn } from '../cn';
import { addMonths, DAY_MS, dayStart, formatDate, MONTHS, WEEKDAYS } from './dates';

export interface CalendarProps {
  /** The chosen date-time (its UTC day is marked selected). */
  value: Date | null;
  /** Earliest selectable day, as a UTC midnight timestamp. */
  today: number;
  /** The day holding the grid's Tab stop; the month shown is its month. */
  focusDay: number;
  /** Moves the Tab stop (and the month shown); `focus` also moves the keyboard focus there. */
  onFocusDay: (day: number, focus: boolean) => void;
  /** Set when the focus should follow `focusDay` once that day is rendered; cleared once it did. */
  moveFocus: RefObject<boolean>;
  /** A day was picked (UTC midnight timestamp). */
  onPick: (day: number) => void;
}

export function Calendar({ value, today, focusDay, onFocusDay, moveFocus, onPick }: CalendarProps) {
  const monthLabelId = `${useId()}-month`;
  const gridRef = useRef<HTMLTableElement>(null);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${focusDay}"]`)?.focus();
  }, [moveFocus, focusDay]);

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
    onFocusDay(move(), true);
  };

  return (
    <>
      <div className="flex items-center justify-between">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => onFocusDay(addMonths(focusDay, -1), false)}
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
          onClick={() => onFocusDay(addMonths(focusDay, 1), false)}
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
                      onClick={() => onPick(ts)}
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
    </>
  );
}
