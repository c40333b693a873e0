// Home (/dashboard/home): the selected page at a glance. The spec leaves its content open (§2); it shows
// what the other screens hold — contacts (Chats), tags (Manage Tags), the sync, upcoming campaigns
// (Schedule) and the last campaign's funnel (Analytics) — each linking there, and tells a new page's
// admin what to do first. Presentational: props in, callbacks out.
import type { Campaign, PageOverview } from '@pagecast/contract';
import {
  ArrowRight,
  CalendarClock,
  ChartColumn,
  CircleCheck,
  Circle,
  MessagesSquare,
  RefreshCw,
  Tags,
  Users,
} from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { ScreenHeader } from '../../layout/dashboard-shell';
import { Badge, type BadgeVariant, CampaignStatusBadge } from '../../primitives/badge';
import { Button, buttonVariants } from '../../primitives/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../primitives/card';
import { cn } from '../../primitives/cn';
import { Skeleton } from '../../primitives/skeleton';

export type HomeSection = 'chats' | 'manage-tags' | 'schedule' | 'analytics';

export const HOME_TEXT = {
  title: 'Home',
  description: (page: string) => `An overview of ${page}.`,
  contacts: 'Contacts',
  insideWindow: (n: number) => `${n.toLocaleString()} can be messaged now (24-hour window)`,
  tags: 'Tags',
  tagsHint: 'Groups of contacts for targeted campaigns',
  sync: 'Last sync',
  syncNever: 'Not synced yet',
  syncNeverHint: 'Contacts are synced from your page when you open the dashboard.',
  upcoming: 'Upcoming campaigns',
  upcomingHint: 'The next scheduled campaigns, soonest first',
  noUpcoming: 'No campaigns scheduled',
  noUpcomingHint: 'Schedule a message to all your contacts or to the contacts of one tag.',
  scheduleFirst: 'Schedule your first campaign',
  scheduleAnother: 'Schedule a campaign',
  lastCampaign: 'Last campaign',
  noLastCampaign: 'No campaigns sent yet',
  noLastCampaignHint: 'Once a campaign goes out, its delivery and interaction numbers show here.',
  viewAnalytics: 'View analytics',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  interacted: 'Interacted',
  allUsers: 'All users',
  openChats: 'Open chats',
  manageTags: 'Manage tags',
  createFirstTag: 'Create your first tag',
  gettingStarted: 'Get started',
  gettingStartedHint: 'Three steps to your first campaign.',
  stepSync: 'Sync your page’s contacts',
  stepSyncHint: 'People who messaged your page become contacts you can reach.',
  stepTag: 'Create your first tag',
  stepTagHint: 'Group contacts, e.g. “VIP” or “Newsletter”.',
  stepCampaign: 'Schedule your first campaign',
  stepCampaignHint: 'Pick a time, an audience and write your message.',
  noContactsHint:
    'No contacts yet: they appear once people message your page and the sync finishes.',
  errorTitle: 'Could not load the overview',
  retry: 'Try again',
} as const;
const T = HOME_TEXT;

const SYNC_STATE: Record<string, { label: string; variant: BadgeVariant }> = {
  completed: { label: 'Completed', variant: 'success' },
  running: { label: 'Running', variant: 'warning' },
  waiting: { label: 'Waiting', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
  not_found: { label: 'Not found', variant: 'destructive' },
};

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
  hrefFor?: (section: HomeSection) => string;
  /** 'now' for relative and date formatting (tests pass a fixed one). */
  now?: Date;
  locale?: string;
}

const defaultHref = (section: HomeSection) => `/dashboard/${section}`;

function formatDateTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** '5 minutes ago', 'in 3 days' — Intl.RelativeTimeFormat in the largest fitting unit. */
export function relativeTime(iso: string, now: Date, locale?: string): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(0, 'minute');
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

export function HomeScreen({
  pageName,
  state,
  overview,
  errorMessage,
  onRetry,
  onNavigate,
  hrefFor = defaultHref,
  now = new Date(),
  locale,
}: HomeScreenProps) {
  const link = (section: HomeSection) => ({
    href: hrefFor(section),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      onNavigate(section);
    },
  });

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
        <Overview overview={overview} link={link} now={now} locale={locale} />
      )}
    </div>
  );
}

type LinkProps = (section: HomeSection) => {
  href: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
};

function Overview({
  overview,
  link,
  now,
  locale,
}: {
  overview: PageOverview;
  link: LinkProps;
  now: Date;
  locale?: string;
}) {
  const { contacts, tagCount, lastSync, upcomingCampaigns, lastCampaign } = overview;
  const synced = lastSync?.status === 'completed' || contacts.total > 0;
  const hasCampaign = upcomingCampaigns.length > 0 || lastCampaign !== null;
  const steps = [
    { done: synced, title: T.stepSync, hint: T.stepSyncHint, section: 'chats' as const },
    { done: tagCount > 0, title: T.stepTag, hint: T.stepTagHint, section: 'manage-tags' as const },
    {
      done: hasCampaign,
      title: T.stepCampaign,
      hint: T.stepCampaignHint,
      section: 'schedule' as const,
    },
  ];
  const syncState = lastSync ? (SYNC_STATE[lastSync.status] ?? SYNC_STATE.running) : null;

  return (
    <>
      {steps.some((s) => !s.done) ? (
        <Card aria-labelledby="home-getting-started">
          <CardHeader>
            <CardTitle as="h2" id="home-getting-started">
              {T.gettingStarted}
            </CardTitle>
            <CardDescription>{T.gettingStartedHint}</CardDescription>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-2 @3xl:grid-cols-3">
              {steps.map((step, i) => (
                <li key={step.title}>
                  <a
                    {...link(step.section)}
                    className={cn(
                      'flex h-full items-start gap-3 rounded-lg border border-border p-3 transition-colors',
                      'hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
                      // Done steps recede with a tinted card rather than opacity, which would fail text contrast.
                      step.done && 'bg-muted/50',
                    )}
                  >
                    {step.done ? (
                      <CircleCheck
                        aria-hidden="true"
                        className="mt-0.5 size-5 shrink-0 text-success"
                      />
                    ) : (
                      <Circle
                        aria-hidden="true"
                        className="mt-0.5 size-5 shrink-0 text-muted-foreground"
                      />
                    )}
                    <span className="grid gap-0.5">
                      <span className={cn('text-sm font-medium', step.done && 'line-through')}>
                        {i + 1}. {step.title}
                        {step.done ? <span className="sr-only"> (done)</span> : null}
                      </span>
                      <span className="text-xs text-muted-foreground">{step.hint}</span>
                    </span>
                  </a>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      ) : null}

      <section aria-label="Summary" className="grid gap-4 @md:grid-cols-2 @4xl:grid-cols-3">
        <StatCard
          icon={<Users />}
          title={T.contacts}
          value={contacts.total.toLocaleString(locale)}
          hint={contacts.total > 0 ? T.insideWindow(contacts.insideWindow) : T.noContactsHint}
          action={
            <a {...link('chats')} className={linkClass}>
              <MessagesSquare aria-hidden="true" className="size-4" />
              {T.openChats}
            </a>
          }
        />
        <StatCard
          icon={<Tags />}
          title={T.tags}
          value={tagCount.toLocaleString(locale)}
          hint={T.tagsHint}
          action={
            <a {...link('manage-tags')} className={linkClass}>
              {tagCount > 0 ? T.manageTags : T.createFirstTag}
              <ArrowRight aria-hidden="true" className="size-4" />
            </a>
          }
        />
        <StatCard
          icon={<RefreshCw />}
          title={T.sync}
          value={
            lastSync && syncState ? (
              <span className="flex flex-wrap items-center gap-2">
                <Badge variant={syncState.variant}>{syncState.label}</Badge>
                {lastSync.finishedAt ? (
                  <time
                    dateTime={lastSync.finishedAt}
                    className="text-base font-medium text-muted-foreground"
                  >
                    {relativeTime(lastSync.finishedAt, now, locale)}
                  </time>
                ) : null}
              </span>
            ) : (
              <span className="text-base font-medium text-muted-foreground">{T.syncNever}</span>
            )
          }
          hint={
            lastSync
              ? lastSync.error
                ? lastSync.error
                : `${lastSync.processed.toLocaleString(locale)} conversations processed`
              : T.syncNeverHint
          }
          hintTone={lastSync?.error ? 'error' : 'muted'}
          // Two columns leave it alone on its row: let it span the row instead of leaving a hole.
          className="@md:col-span-2 @4xl:col-span-1"
        />
      </section>

      <div className="grid gap-4 @3xl:grid-cols-2">
        <Card aria-labelledby="home-upcoming">
          <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
            <div className="grid gap-1">
              <CardTitle as="h2" id="home-upcoming" className="flex items-center gap-2 text-base">
                <CalendarClock aria-hidden="true" className="size-4 text-muted-foreground" />
                {T.upcoming}
              </CardTitle>
              <CardDescription>{T.upcomingHint}</CardDescription>
            </div>
            {upcomingCampaigns.length > 0 ? (
              <a
                {...link('schedule')}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                {T.scheduleAnother}
              </a>
            ) : null}
          </CardHeader>
          <CardContent>
            {upcomingCampaigns.length === 0 ? (
              <Empty
                title={T.noUpcoming}
                hint={T.noUpcomingHint}
                action={
                  <a {...link('schedule')} className={buttonVariants({ size: 'sm' })}>
                    {T.scheduleFirst}
                  </a>
                }
              />
            ) : (
              <ul className="divide-y divide-border" aria-label={T.upcoming}>
                {upcomingCampaigns.map((c) => (
                  <UpcomingRow key={c.id} campaign={c} now={now} locale={locale} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card aria-labelledby="home-last-campaign">
          <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
            <div className="grid gap-1">
              <CardTitle
                as="h2"
                id="home-last-campaign"
                className="flex items-center gap-2 text-base"
              >
                <ChartColumn aria-hidden="true" className="size-4 text-muted-foreground" />
                {T.lastCampaign}
              </CardTitle>
              {lastCampaign ? (
                <CardDescription className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-foreground">{lastCampaign.name}</span>
                  <CampaignStatusBadge status={lastCampaign.status} />
                </CardDescription>
              ) : null}
            </div>
            {lastCampaign ? (
              <a
                {...link('analytics')}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                {T.viewAnalytics}
              </a>
            ) : null}
          </CardHeader>
          <CardContent>
            {lastCampaign ? (
              <Funnel campaign={lastCampaign} locale={locale} />
            ) : (
              <Empty title={T.noLastCampaign} hint={T.noLastCampaignHint} />
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

const linkClass =
  'inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline ' +
  'focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden';

function StatCard({
  icon,
  title,
  value,
  hint,
  hintTone = 'muted',
  action,
  className,
}: {
  icon: ReactNode;
  title: string;
  value: ReactNode;
  hint: ReactNode;
  hintTone?: 'muted' | 'error';
  action?: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('gap-2 p-5', className)}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <span aria-hidden="true" className="text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
      </div>
      <div className="text-3xl font-semibold tracking-tight tabular-nums">{value}</div>
      <p
        className={cn(
          'text-xs',
          hintTone === 'error' ? 'text-destructive' : 'text-muted-foreground',
        )}
      >
        {hint}
      </p>
      {action ? <div className="mt-auto pt-1">{action}</div> : null}
    </Card>
  );
}

function Empty({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-4 py-8 text-center">
      <p className="font-medium">{title}</p>
      <p className="max-w-xs text-sm text-muted-foreground">{hint}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

function UpcomingRow({
  campaign,
  now,
  locale,
}: {
  campaign: Campaign;
  now: Date;
  locale?: string;
}) {
  return (
    <li className="flex items-center justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-0.5">
        <span className="truncate text-sm font-medium">{campaign.name}</span>
        <span className="truncate text-xs text-muted-foreground">
          {campaign.tagName ?? T.allUsers}
        </span>
      </div>
      <time
        dateTime={campaign.scheduledTime}
        className="shrink-0 text-right text-xs text-muted-foreground"
      >
        <span className="block font-medium text-foreground">
          {formatDateTime(campaign.scheduledTime, locale)}
        </span>
        {relativeTime(campaign.scheduledTime, now, locale)}
      </time>
    </li>
  );
}

function Funnel({ campaign, locale }: { campaign: Campaign; locale?: string }) {
  const rows = [
    { label: T.dispatched, value: campaign.dispatchedCount, of: campaign.audienceCount },
    { label: T.delivered, value: campaign.deliveredCount, of: campaign.dispatchedCount },
    { label: T.interacted, value: campaign.interactedCount, of: campaign.dispatchedCount },
  ];
  return (
    <dl className="grid gap-3">
      {rows.map((row) => (
        <div key={row.label} className="grid gap-1">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="font-semibold tabular-nums">
              {row.value.toLocaleString(locale)}
              {row.of > 0 ? (
                <span className="ml-1.5 text-xs font-normal text-muted-foreground">
                  {percent(row.value, row.of)}%
                </span>
              ) : null}
            </dd>
          </div>
          <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
            <div
              className="h-full rounded-full bg-primary"
              style={{
                width: `${row.of > 0 ? Math.min(100, percent(row.value, row.of)) : row.value > 0 ? 100 : 0}%`,
              }}
            />
          </div>
        </div>
      ))}
    </dl>
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
