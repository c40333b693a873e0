// The chat header's queue controls (docs/inbox.md "The queue"): Resolve / Reopen, the Snooze menu and the
// Assign menu of the page's messaging admins. Pure: the choices go out as callbacks. Icons with accessible
// names; their words only on a very wide inbox, so the contact's name and window keep their room.
import type { ConversationStatusBody, PageMessagingAdmin, Recipient } from '@pagecast/contract';
import { fromWallTime, wallTime } from '@pagecast/contract';
import { AlarmClock, Check, RotateCcw, UserRound } from 'lucide-react';
import { Button, buttonVariants } from '../../primitives/button';
import { cn } from '../../primitives/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../primitives/dropdown-menu';
import { INBOX_TEXT as T } from './text';

export interface QueueControlsProps {
  recipient: Recipient;
  /** The page's messaging admins (the Assign menu); undefined: no Assign menu. */
  assignees?: PageMessagingAdmin[];
  /** The signed-in admin's social user id (their own name reads 'You'). */
  meId?: string;
  busy?: boolean;
  onStatusChange: (body: ConversationStatusBody) => void;
  onAssign?: (userId: string | null) => void;
  now?: Date;
}

/** The calendar day `days` after `now`'s, 9:00, on the admin's clock (their chosen time zone). */
function nineOClock(now: Date, days: number): Date {
  const today = wallTime(now);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return fromWallTime({
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
    hour: 9,
    minute: 0,
    second: 0,
  });
}

/** The snooze menu's times: in an hour, tomorrow 9:00, next Monday 9:00 (a week on when today is Monday). */
export function snoozeTimes(now: Date): { hour: Date; tomorrow: Date; nextWeek: Date } {
  const today = wallTime(now);
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const toMonday = (8 - weekday) % 7 || 7;
  return {
    hour: new Date(now.getTime() + 3_600_000),
    tomorrow: nineOClock(now, 1),
    nextWeek: nineOClock(now, toMonday),
  };
}

export function QueueControls(props: QueueControlsProps) {
  const { recipient: r, busy = false } = props;
  const resolved = r.status === 'resolved';
  const times = snoozeTimes(props.now ?? new Date());
  const snooze = (until: Date | null) =>
    props.onStatusChange({ status: 'snoozed', until: until?.toISOString() ?? null });
  const assigneeName = (a: { userId: string; name: string }) =>
    a.userId === props.meId ? T.assignedToYou : a.name;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        aria-label={resolved ? T.reopen : T.resolve}
        aria-keyshortcuts={resolved ? undefined : 'e'}
        title={resolved ? T.reopen : `${T.resolve} (e)`}
        onClick={() => props.onStatusChange({ status: resolved ? 'open' : 'resolved' })}
        className="shrink-0"
      >
        {resolved ? <RotateCcw aria-hidden /> : <Check aria-hidden />}
        <span className="hidden @6xl:inline">{resolved ? T.reopen : T.resolve}</span>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={T.snooze}
          disabled={busy}
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'shrink-0')}
        >
          <AlarmClock aria-hidden />
          <span className="hidden @6xl:inline">{T.snooze}</span>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuItem onSelect={() => snooze(times.hour)}>{T.snoozeHour}</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => snooze(times.tomorrow)}>
            {T.snoozeTomorrow}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => snooze(times.nextWeek)}>
            {T.snoozeNextWeek}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => snooze(null)}>{T.snoozeUntilReply}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {props.assignees && props.onAssign ? (
        <DropdownMenu>
          <DropdownMenuTrigger
            aria-label={r.assignee ? T.assignTo(assigneeName(r.assignee)) : T.assign}
            disabled={busy}
            className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'shrink-0')}
          >
            <UserRound aria-hidden />
            <span className="hidden max-w-32 truncate @6xl:inline">
              {r.assignee ? assigneeName(r.assignee) : T.assign}
            </span>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-60">
            <DropdownMenuLabel>{T.assign}</DropdownMenuLabel>
            <DropdownMenuSeparator />
            {props.assignees.map((a) => (
              <DropdownMenuItem key={a.userId} onSelect={() => props.onAssign?.(a.userId)}>
                <span className="truncate">
                  {a.name}
                  {a.userId === props.meId ? ` (${T.assignedToYou})` : ''}
                </span>
                {r.assignee?.userId === a.userId ? (
                  <>
                    <Check aria-hidden className="ml-auto" />
                    <span className="sr-only">{T.assignTo(a.name)}</span>
                  </>
                ) : null}
              </DropdownMenuItem>
            ))}
            {r.assignee ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem onSelect={() => props.onAssign?.(null)}>
                  {T.unassign}
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </>
  );
}
