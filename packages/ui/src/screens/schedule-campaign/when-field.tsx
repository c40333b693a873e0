// The Schedule form's date and time that cannot go stale: until the admin picks a time it follows the clock
// ('Send now', the default), so a form left open never turns "in the past"; the value has no hidden seconds.
// The value is an instant (sent in UTC, spec §2 and §9); the picker shows and reads it as a wall-clock time
// in the admin's display zone (chosen on Account), and the UTC time is shown beside it.
import {
  displayTimeZone,
  fromWallTime,
  formatTime,
  startOfMinute,
  zoneOffsetMs,
} from '@pagecast/contract';
import { Zap } from 'lucide-react';
import { useCallback, useEffect, useMemo } from 'react';
import { Button } from '../../primitives/button';
import { DateTimePicker } from '../../primitives/date-time-picker';
import { SCHEDULE_TEXT as T } from './texts';

/** How often a following value catches up with the clock. */
const FOLLOW_MS = 15_000;

const MEDIUM: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The line under the field: the UTC time the picked one is, or (when the zone is UTC) the zone's. */
export function localTimeText(d: Date, timeZone: string = displayTimeZone()): string {
  if (timeZone !== 'UTC')
    return T.utcTime(formatTime(d, MEDIUM, { locale: 'en', timeZone: 'UTC' }));
  return T.localTime(formatTime(d, MEDIUM, { locale: 'en', timeZone }), timeZone);
}

/** The picker works on a Date's UTC fields: this one's UTC fields are `d`'s wall-clock time in `zone`. */
const toWall = (d: Date, zone: string) => new Date(d.getTime() + zoneOffsetMs(d, zone));
/** Back from the picker's wall-clock Date to the instant it means in `zone`. */
const fromWall = (w: Date, zone: string) =>
  fromWallTime(
    {
      year: w.getUTCFullYear(),
      month: w.getUTCMonth() + 1,
      day: w.getUTCDate(),
      hour: w.getUTCHours(),
      minute: w.getUTCMinutes(),
      second: w.getUTCSeconds(),
    },
    zone,
  );

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
  const zone = displayTimeZone();
  const wallNow = useCallback(() => toWall(now(), zone), [now, zone]);
  // One Date per instant: the picker's effects follow its value.
  const at = value?.getTime();
  const wallValue = useMemo(
    () => (at === undefined ? null : toWall(new Date(at), zone)),
    [at, zone],
  );

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-[1_1_15rem]">
          <DateTimePicker
            id={id}
            value={wallValue}
            now={wallNow}
            zoneName={zone}
            label={T.dateLabelIn(zone)}
            placeholder={T.datePlaceholder}
            invalid={invalid}
            describedBy={describedBy}
            onChange={(d) => onPick(fromWall(d, zone))}
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
