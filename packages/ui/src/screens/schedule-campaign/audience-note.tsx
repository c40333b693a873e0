// Who the chosen audience is right now, path by path: the standard message inside the 24-hour window, the
// utility template outside it, or (without one) left out, skipped with the reason, or waiting for their
// return. The counts come from the server's preview; the paths from the form's choices.
import type { AudiencePreview } from '@pagecast/contract';
import { TriangleAlert, Users } from 'lucide-react';
import { SCHEDULE_TEXT as T } from './texts';

export interface AudienceChoices {
  /** The utility template chosen for those outside the window, if any. */
  template: string | null;
  reachableOnly: boolean;
  /** Deliver on return (0 = off). */
  returnDays: number;
  /** Paid marketing messages to the subscribers outside the window. */
  marketing: boolean;
}

export function AudienceNote({
  audience,
  loading,
  choices,
}: {
  audience: AudiencePreview | null;
  loading: boolean;
  choices: AudienceChoices;
}) {
  if (!audience && !loading) return null;
  return (
    <div
      data-testid="audience-preview"
      aria-live="polite"
      className="grid gap-2 rounded-md border border-border bg-muted/40 px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2 font-medium">
        <Users aria-hidden className="size-4 text-muted-foreground" />
        {T.audienceTitle}
      </p>
      {audience ? <Paths audience={audience} choices={choices} /> : null}
      {!audience ? <p className="text-muted-foreground">{T.audienceLoading}</p> : null}
    </div>
  );
}

/** The summary and the path-by-path counts; the review before Confirm shows the same (spec §10.11). */
export function Paths({
  audience,
  choices,
}: {
  audience: AudiencePreview;
  choices: AudienceChoices;
}) {
  const { template, reachableOnly, returnDays } = choices;
  if (audience.total === 0) return <p className="text-muted-foreground">{T.audienceEmpty}</p>;
  // Those who stopped the page's marketing messages get nothing on any path: counted apart.
  const optedOut = audience.optedOut ?? 0;
  const optedOutInside = audience.optedOutInside ?? 0;
  const inside = audience.insideWindow - optedOutInside;
  const outside = audience.outsideWindow - (optedOut - optedOutInside);
  const total = inside + outside;
  const summary =
    outside === 0
      ? T.audienceAllInside(total)
      : template
        ? T.audienceWithTemplate(total, inside, outside, template)
        : returnDays > 0
          ? T.audienceWaiting(total, inside, outside, returnDays)
          : reachableOnly
            ? T.audienceReachable(total, inside, outside)
            : T.audience(total, inside, outside);
  // Subscribers outside the window get the marketing message; the path below is for the others.
  const marketed = choices.marketing ? audience.subscribersOutside : 0;
  const others = outside - marketed;
  const outsidePath = template
    ? T.pathUtility(template)
    : returnDays > 0
      ? T.pathWaiting(returnDays)
      : reachableOnly
        ? T.pathLeftOut
        : T.pathSkipped;
  return (
    <>
      <p className="text-muted-foreground">{summary}</p>
      {optedOut > 0 ? <p className="text-muted-foreground">{T.optedOutNote(optedOut)}</p> : null}
      <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1">
        <dt>{T.pathStandard}</dt>
        <dd className="text-right tabular-nums">{inside.toLocaleString('en')}</dd>
        {marketed > 0 ? (
          <>
            <dt>{T.pathMarketing}</dt>
            <dd className="text-right tabular-nums">{marketed.toLocaleString('en')}</dd>
          </>
        ) : null}
        {others > 0 ? (
          <>
            <dt>{outsidePath}</dt>
            <dd className="text-right tabular-nums">{others.toLocaleString('en')}</dd>
          </>
        ) : null}
        {optedOut > 0 ? (
          <>
            <dt>{T.pathOptedOut}</dt>
            <dd className="text-right tabular-nums">{optedOut.toLocaleString('en')}</dd>
          </>
        ) : null}
      </dl>
      {outside > 0 && !template ? (
        <p className="flex items-start gap-2 text-foreground">
          <TriangleAlert
            aria-hidden
            className="mt-0.5 size-4 shrink-0 text-warning-foreground dark:text-warning"
          />
          {T.skipNote}
        </p>
      ) : null}
    </>
  );
}
