// Home (/dashboard/home): the selected page at a glance. The spec leaves its content open (§2); it shows
// what the other screens hold — contacts (Chats), tags (Manage Tags), the sync, upcoming campaigns
// (Schedule) and the last campaign's funnel (Analytics) — each linking there, and tells a new page's
// admin what to do first. Presentational: props in, callbacks out.
import type { PageOverview } from '@pagecast/contract';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import type { MouseEvent } from 'react';
import { ScreenHeader } from '../../layout/dashboard-shell';
import { Button } from '../../primitives/button';
import { Card } from '../../primitives/card';
import { cn } from '../../primitives/cn';
import { Skeleton } from '../../primitives/skeleton';
import { Overview } from './overview';
import { HOME_TEXT as T, type HomeQueueView, type HomeSection } from './texts';

export { relativeTime } from './format';
export { HOME_TEXT, type HomeQueueView, type HomeSection } from './texts';

export interface HomeScreenProps {
  /** The selected page's name (shown while the overview loads). */
  pageName: string;
  state: 'loading' | 'error' | 'ready';
  overview?: PageOverview | null;
  /** Server message for the error state. */
  errorMessage?: string | null;
  onRetry?: () => void;
  /** Client-side navigation to a dashboard section (links still carry a real href). */
  onNavigate: (section: HomeSection) => void;
  /** Client-side navigation to the inbox filtered by a queue view (none: the counts are not links). */
  onOpenQueue?: (view: HomeQueueView) => void;
  hrefFor?: (section: HomeSection) => string;
  /** 'now' for relative and date formatting (tests pass a fixed one). */
  now?: Date;
  locale?: string;
  /** The page's sync while it runs: the Last sync card shows 'Syncing…' and N of M. */
  syncProgress?: { processed: number; total: number | null } | null;
}

const defaultHref = (section: HomeSection) => `/dashboard/${section}`;

export function HomeScreen({
  pageName,
  state,
  overview,
  errorMessage,
  onRetry,
  onNavigate,
  onOpenQueue,
  hrefFor = defaultHref,
  now = new Date(),
  locale,
  syncProgress = null,
}: HomeScreenProps) {
  const linkTo = (href: string, go: () => void) => ({
    href,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      go();
    },
  });
  const link = (section: HomeSection) => linkTo(hrefFor(section), () => onNavigate(section));
  const queueLink = onOpenQueue
    ? (view: HomeQueueView) =>
        linkTo(`${hrefFor('chats')}?${view === 'mine' ? 'assignee=mine' : `filter=${view}`}`, () =>
          onOpenQueue(view),
        )
    : undefined;

  return (
    // Columns follow the screen's own width (container queries): next to the expanded sidebar at 768px
    // there is room for two cards, not three.
    <div className="@container flex flex-1 flex-col gap-6 p-4 md:p-6">
      <ScreenHeader title={T.title} description={T.description(overview?.page.name ?? pageName)} />
      {state === 'loading' || (state === 'ready' && !overview) ? (
        <HomeSkeleton />
      ) : state === 'error' || !overview ? (
        <Card role="alert" className="items-center gap-3 p-8 text-center">
          <p className="font-semibold">{T.errorTitle}</p>
          {errorMessage ? <p className="text-sm text-muted-foreground">{errorMessage}</p> : null}
          {onRetry ? (
            <Button variant="outline" onClick={onRetry}>
              <RefreshCw aria-hidden="true" />
              {T.retry}
            </Button>
          ) : null}
        </Card>
      ) : (
        <>
          {overview.webhooksOff.length > 0 ? <WebhooksOff off={overview.webhooksOff} /> : null}
          <Overview
            overview={overview}
            link={link}
            queueLink={queueLink}
            now={now}
            locale={locale}
            syncProgress={syncProgress}
          />
        </>
      )}
    </div>
  );
}

/** The page's webhook features Meta did not subscribe it to, each with why and what to do. */
function WebhooksOff({ off }: { off: PageOverview['webhooksOff'] }) {
  return (
    <Card role="alert" className="gap-2 border-destructive/40 p-5">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-destructive" />
        {T.webhooksTitle}
      </p>
      <ul className="grid gap-2 text-sm">
        {off.map((w) => (
          <li key={w.feature}>
            <span className="font-medium">{T.webhooksFeature[w.feature]}</span>{' '}
            <span className="text-muted-foreground">
              {T.webhooksReason(w.reason, w.permission)}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function HomeSkeleton() {
  return (
    <div role="status" aria-label="Loading overview" className="grid gap-4">
      <div className="grid gap-4 @md:grid-cols-2 @4xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Card key={i} className={cn('gap-3 p-5', i === 2 && '@md:col-span-2 @4xl:col-span-1')}>
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-8 w-16" />
            <Skeleton className="h-3 w-40" />
          </Card>
        ))}
      </div>
      <div className="grid gap-4 @3xl:grid-cols-2">
        {[0, 1].map((i) => (
          <Card key={i} className="gap-3 p-6">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-4 w-2/3" />
          </Card>
        ))}
      </div>
      <span className="sr-only">Loading...</span>
    </div>
  );
}
