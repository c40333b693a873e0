// Page sync indicators (spec §2 Schedule banner, §4 Sync; the header progress bar goes beyond the spec).
// Presentational: props in, nothing fetched.
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { cn } from '../../primitives/cn';

export const SYNC_TEXT = {
  banner:
    'Sync in progress for this page. Please wait before scheduling a campaign, this usually take some time based on user count.',
  toast: 'Syncing page data...',
  label: 'Syncing contacts',
  progress: (processed: number, total: number | null) =>
    total === null
      ? `${processed.toLocaleString()} imported`
      : `${processed.toLocaleString()} of ${total.toLocaleString()}`,
  /** Time left at the pace so far: 'about 3 min left', 'under a minute left'. */
  eta: (seconds: number) =>
    seconds < 60
      ? 'under a minute left'
      : seconds < 3600
        ? `about ${Math.round(seconds / 60)} min left`
        : `about ${Math.round(seconds / 360) / 10} h left`,
} as const;

/** The Schedule screen's warning while a sync runs (exact spec wording). */
export function SyncBanner({ className }: { className?: string }) {
  return (
    <div
      role="status"
      data-slot="sync-banner"
      className={cn(
        'flex items-start gap-3 rounded-md border border-warning/60 bg-warning/15 px-4 py-3 text-sm text-warning-foreground dark:text-foreground',
        className,
      )}
    >
      <TriangleAlert
        aria-hidden
        className="mt-0.5 size-4 shrink-0 text-warning-foreground dark:text-warning"
      />
      <p>{SYNC_TEXT.banner}</p>
    </div>
  );
}

export interface SyncProgressProps {
  processed: number;
  /** Null while the total is not known yet (the bar then moves without a fill ratio). */
  total: number | null;
  /** Seconds left at the pace so far; null until there is a pace to go by. */
  etaSeconds?: number | null;
  className?: string;
}

/** Compact progress for the dashboard header: a spinning icon, 'N of M', the time left and a thin bar. */
export function SyncProgress({
  processed,
  total,
  etaSeconds = null,
  className,
}: SyncProgressProps) {
  const percent = total && total > 0 ? Math.min(100, Math.round((processed / total) * 100)) : null;
  return (
    <div
      data-slot="sync-progress"
      className={cn('flex min-w-0 items-center gap-2 text-xs text-muted-foreground', className)}
    >
      <RefreshCw
        aria-hidden
        className="size-3.5 shrink-0 animate-spin motion-reduce:animate-none"
      />
      <div className="flex min-w-0 flex-col gap-1">
        <span className="truncate">
          <span className="hidden sm:inline">{SYNC_TEXT.label}: </span>
          <span className="tabular-nums text-foreground">
            {SYNC_TEXT.progress(processed, total)}
          </span>
          {etaSeconds !== null ? (
            <span className="hidden tabular-nums sm:inline"> · {SYNC_TEXT.eta(etaSeconds)}</span>
          ) : null}
        </span>
        <div
          role="progressbar"
          aria-label={SYNC_TEXT.label}
          aria-valuemin={0}
          aria-valuemax={total ?? undefined}
          aria-valuenow={total !== null ? processed : undefined}
          aria-valuetext={SYNC_TEXT.progress(processed, total)}
          className="relative h-1 w-28 overflow-hidden rounded-full bg-muted sm:w-40"
        >
          {percent !== null ? (
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-500"
              style={{ width: `${percent}%` }}
            />
          ) : (
            <div className="absolute inset-y-0 w-1/3 animate-pulse rounded-full bg-primary/70" />
          )}
        </div>
      </div>
    </div>
  );
}
