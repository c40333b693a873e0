// The picker's hour / minute / second counters (spec §9): spinbuttons with − / + buttons that repeat
// every 70 ms once held for 500 ms.
import { TIME_COUNTERS, TIMINGS } from '@pagecast/contract';
import { Minus, Plus } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { Button } from '../button';
import { pad } from './dates';

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

type HoldRepeatHandlers = ReturnType<typeof useHoldRepeat>['handlers'];

export type Unit = keyof typeof TIME_COUNTERS;

export function TimeCounter({
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
        <StepButton
          label={`Decrease ${label.toLowerCase()}`}
          disabled={atMin}
          handlers={down.handlers}
        >
          <Minus aria-hidden />
        </StepButton>
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
        <StepButton
          label={`Increase ${label.toLowerCase()}`}
          disabled={atMax}
          handlers={up.handlers}
        >
          <Plus aria-hidden />
        </StepButton>
      </div>
    </div>
  );
}

/** A counter's − / + button. Pointer-only (tabIndex -1): the keyboard uses the spinbutton's arrows. */
function StepButton({
  label,
  disabled,
  handlers,
  children,
}: {
  label: string;
  disabled: boolean;
  handlers: HoldRepeatHandlers;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      tabIndex={-1}
      className="size-7 sm:size-8"
      aria-label={label}
      disabled={disabled}
      {...handlers}
    >
      {children}
    </Button>
  );
}
