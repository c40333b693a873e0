// The Schedule form's date and time (UTC, spec §2 and §9) that cannot go stale: until the admin picks a time
// it follows the clock ('Send now', the default), so a form left open never turns "in the past"; the value
// has no hidden seconds; the admin's own local time is shown beside the UTC one.
import { startOfMinute } from '@pagecast/contract';
import { Zap } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../primitives/button';
import { DateTimePicker } from '../../primitives/date-time-picker';
import { SCHEDULE_TEXT as T } from './texts';

/** How often a following value catches up with the clock. */
const FOLLOW_MS = 15_000;

/** The admin's local rendering of `d`, with their time zone's name. */
export function localTimeText(d: Date, timeZone?: string): string {
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'local time';
  const text = new Intl.DateTimeFormat('en', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(d);
  return T.localTime(text, zone);
}

export function WhenField({
  id,
  value,
  following,
  now,
  invalid,
  describedBy,
  onPick,
  onSendNow,
}: {
  id: string;
  value: Date | null;
  /** True while the value follows the clock (nothing picked, or 'Send now' chosen). */
  following: boolean;
  now: () => Date;
  invalid: boolean;
  describedBy?: string;
  /** The admin picked a time: it stops following the clock. */
  onPick: (d: Date) => void;
  /** Back to following the clock (also each catch-up tick). */
  onSendNow: (d: Date) => void;
}) {
  useEffect(() => {
    if (!following) return;
    const t = setInterval(() => onSendNow(startOfMinute(now())), FOLLOW_MS);
    return () => clearInterval(t);
  }, [following, now, onSendNow]);

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-[1_1_15rem]">
          <DateTimePicker
            id={id}
            value={value}
            now={now}
            label={T.dateLabel}
            placeholder={T.datePlaceholder}
            invalid={invalid}
            describedBy={describedBy}
            onChange={(d) => onPick(d)}
          />
        </div>
        <Button
          type="button"
          variant={following ? 'secondary' : 'outline'}
          aria-pressed={following}
          onClick={() => onSendNow(startOfMinute(now()))}
        >
          <Zap aria-hidden />
          {T.sendNow}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground" data-testid="local-time">
        {following ? T.followingNow : value ? localTimeText(value) : null}
      </p>
    </div>
  );
}
