// The delivery funnel's bars as plain CSS (no chart library), shared by Home's last-campaign card and the
// campaign detail: one share-of-a-whole formula and one track-and-fill.
import { cn } from '../primitives/cn';

/** `part` as a percentage of `whole`, rounded to `decimals` places; 0 when there is no whole. */
export function percent(part: number, whole: number, decimals = 0): number {
  if (whole <= 0) return 0;
  const factor = 10 ** decimals;
  return Math.round((part / whole) * (100 * factor)) / factor;
}

export interface FunnelTrackProps {
  value: number;
  /** The whole the bar is a share of. */
  of: number;
  /** Places of the percentage (the fill's width). */
  decimals?: number;
  /** With no whole (`of` 0), a non-zero value fills the bar instead of leaving it empty. */
  fullWithoutWhole?: boolean;
  /** Makes the bar a labelled role=meter; without it the bar is decorative (aria-hidden). */
  meterLabel?: string;
  /** Track height and other track classes. */
  className?: string;
  /** The fill's colour (and e.g. its transition). */
  fillClassName?: string;
}

/** One funnel bar: a rounded muted track with the value's share of `of` filled (capped at 100 %). */
export function FunnelTrack({
  value,
  of,
  decimals = 0,
  fullWithoutWhole = false,
  meterLabel,
  className,
  fillClassName,
}: FunnelTrackProps) {
  const width =
    of > 0 ? Math.min(100, percent(value, of, decimals)) : fullWithoutWhole && value > 0 ? 100 : 0;
  const a11y =
    meterLabel === undefined
      ? ({ 'aria-hidden': true } as const)
      : {
          role: 'meter',
          'aria-label': meterLabel,
          'aria-valuemin': 0,
          'aria-valuemax': of,
          'aria-valuenow': value,
        };
  return (
    <span className={cn('block overflow-hidden rounded-full bg-muted', className)} {...a11y}>
      <span
        className={cn('block h-full rounded-full', fillClassName)}
        style={{ width: `${width}%` }}
      />
    </span>
  );
}
