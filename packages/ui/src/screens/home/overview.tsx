import type { PageOverview } from '@pagecast/contract';
import {
  ArrowRight,
  CalendarClock,
  ChartColumn,
  MessagesSquare,
  RefreshCw,
  Tags,
  Users,
} from 'lucide-react';
import { Badge, CampaignStatusBadge } from '../../primitives/badge';
import { buttonVariants } from '../../primitives/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../primitives/card';
import { relativeTime } from './format';
import { GettingStarted } from './getting-started';
import { LastCampaignFunnel } from './last-campaign-funnel';
import { Empty, linkClass, StatCard } from './stat-card';
import { HOME_TEXT as T, SYNC_STATE, type HomeLink, type HomeQueueView } from './texts';
import { UpcomingRow } from './upcoming-row';

/** The ready state: getting started, the three summary figures, upcoming campaigns and the last
 *  campaign's funnel. */
export function Overview({
  overview,
  link,
  queueLink,
  now,
  locale,
  syncProgress = null,
}: {
  overview: PageOverview;
  link: HomeLink;
  /** Links to the inbox's queue views (none: the counts are plain text). */
  queueLink?: ((view: HomeQueueView) => ReturnType<HomeLink>) | undefined;
  now: Date;
  locale?: string;
  /** The page's sync while it runs (live, from the sync job), else null. */
  syncProgress?: { processed: number; total: number | null } | null;
}) {
  const { contacts, tagCount, lastSync, upcomingCampaigns, lastCampaign } = overview;
  const syncState = lastSync ? (SYNC_STATE[lastSync.status] ?? SYNC_STATE.running) : null;
  const syncValue = syncProgress ? (
    <Badge variant="warning">{T.syncing}</Badge>
  ) : lastSync && syncState ? (
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
  );
  const syncHint = syncProgress
    ? T.syncingHint(
        syncProgress.processed.toLocaleString(locale),
        syncProgress.total === null ? null : syncProgress.total.toLocaleString(locale),
      )
    : lastSync
      ? (lastSync.error ?? `${lastSync.processed.toLocaleString(locale)} conversations processed`)
      : T.syncNeverHint;

  return (
    <>
      <GettingStarted overview={overview} link={link} />

      <section aria-label="Summary" className="grid gap-4 @md:grid-cols-2 @4xl:grid-cols-3">
        <StatCard
          icon={<Users />}
          title={T.contacts}
          value={contacts.total.toLocaleString(locale)}
          hint={contacts.total > 0 ? T.insideWindow(contacts.insideWindow) : T.noContactsHint}
          action={
            <div className="grid gap-1.5">
              <QueueLinks overview={overview} queueLink={queueLink} locale={locale} />
              <a {...link('chats')} className={linkClass}>
                <MessagesSquare aria-hidden="true" className="size-4" />
                {T.openChats}
              </a>
            </div>
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
          value={syncValue}
          hint={syncHint}
          hintTone={!syncProgress && lastSync?.error ? 'error' : 'muted'}
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
                  <bdi className="font-medium text-foreground">{lastCampaign.name}</bdi>
                  <CampaignStatusBadge
                    status={lastCampaign.status}
                    failed={lastCampaign.failedCount}
                    skipped={lastCampaign.skippedCount}
                  />
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
              <LastCampaignFunnel campaign={lastCampaign} locale={locale} />
            ) : (
              <Empty title={T.noLastCampaign} hint={T.noLastCampaignHint} />
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

/** The inbox's queue on Home: how many need a reply, are unread, are assigned to the admin. */
function QueueLinks({
  overview,
  queueLink,
  locale,
}: {
  overview: PageOverview;
  queueLink?: ((view: HomeQueueView) => ReturnType<HomeLink>) | undefined;
  locale?: string | undefined;
}) {
  const { needsReply, unread, assignedToYou } = overview.inbox;
  const n = (v: number) => v.toLocaleString(locale);
  const items: Array<[HomeQueueView, string]> = [
    ['needs_reply', T.needReply(n(needsReply), needsReply === 1)],
    ['unread', T.unreadChats(n(unread))],
    ...(assignedToYou > 0
      ? [['mine', T.assignedToYou(n(assignedToYou))] as [HomeQueueView, string]]
      : []),
  ];
  return (
    <ul aria-label="Inbox" className="flex flex-wrap gap-x-4 gap-y-1">
      {items.map(([view, label]) => (
        <li key={view}>
          {queueLink ? (
            <a {...queueLink(view)} data-testid={`home-queue-${view}`} className={linkClass}>
              {label}
            </a>
          ) : (
            <span className="text-sm">{label}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
