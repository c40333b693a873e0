// /dashboard/analytics (spec §2 Campaign Analytics, §4 status badge) and, beyond the spec, a campaign's
// detail: delivery funnel, recipients with their outcome, cancel and CSV export. Pure: props in, callbacks out.
import {
  contentTypeLabel,
  type Campaign,
  type CampaignDetail,
  type CampaignRecipient,
  type PageMeta,
} from '@pagecast/contract';
import { BarChart3, CalendarPlus, RefreshCw } from 'lucide-react';
import { ScreenHeader } from '../../layout/dashboard-shell';
import { CampaignStatusBadge } from '../../primitives/badge';
import { Button } from '../../primitives/button';
import { Pagination } from '../../primitives/pagination';
import { Skeleton } from '../../primitives/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../primitives/table';
import { EmptyState } from '../../primitives/empty-state';
import { useMediaQuery } from '../../layout/use-is-mobile';
import { CampaignAccessBadge } from './access';
import { CampaignCards } from './cards';
import { ANALYTICS_TEXT, formatScheduled } from './texts';

export { ANALYTICS_TEXT, formatScheduled } from './texts';
export { CampaignDetailSheet, type CampaignDetailSheetProps } from './detail';
export { FunnelChart } from './funnel';
export { STOP_RETURNS_TEXT } from './stop-returns';
export type { TagRecipientsRequest } from './recipients-actions';

const T = ANALYTICS_TEXT;
const COLUMNS = [
  '#',
  'Name',
  'Description',
  'Message',
  'Scheduled Time',
  'Category',
  'Dispatched',
  'Delivered',
  'Interacted',
  'Status',
];

export interface CampaignAnalyticsScreenProps {
  campaigns: Campaign[];
  meta: PageMeta | null;
  /** 1-based page shown. */
  page: number;
  loading: boolean;
  /** A refetch is running (the refresh button spins). */
  refreshing?: boolean;
  error: string | null;
  onRefresh: () => void;
  onPageChange: (page: number) => void;
  onOpenCampaign: (campaign: Campaign) => void;
  /** The empty state's next step: go to Schedule Campaign. */
  onSchedule?: () => void;
  /** The server's page access re-check interval: a pending campaign not confirmed within it is flagged. */
  accessRecheckMinutes?: number;
}

// Status stays in view when the table scrolls sideways (it was cut off at 1280 px).
const STICKY_STATUS = 'sticky right-0 bg-card shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]';

/** The list is a column of cards up to this viewport width, the spec's table above it. */
export const CARDS_UP_TO_PX = 1024;

export function CampaignAnalyticsScreen({
  campaigns,
  meta,
  page,
  loading,
  refreshing = false,
  error,
  onRefresh,
  onPageChange,
  onOpenCampaign,
  onSchedule,
  accessRecheckMinutes,
}: CampaignAnalyticsScreenProps) {
  const perPage = meta?.itemsPerPage ?? 7;
  // Cards up to a tablet's width: there the ten columns left Scheduled, the counts and Status off-screen.
  const narrow = useMediaQuery(`(max-width: ${CARDS_UP_TO_PX}px)`);
  // The error and the empty state sit outside the sideways-scrolling table, so they are read whole on a phone.
  const message = loading ? null : error ? (
    <p role="alert" className="px-6 py-10 text-center text-sm text-destructive">
      {`${T.loadError} ${error}`}
    </p>
  ) : campaigns.length === 0 ? (
    <EmptyState
      icon={<BarChart3 />}
      title={T.emptyTitle}
      description={T.emptyDescription}
      action={
        onSchedule ? (
          <Button size="sm" onClick={onSchedule}>
            <CalendarPlus aria-hidden />
            {T.scheduleFirst}
          </Button>
        ) : undefined
      }
    />
  ) : null;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">
      <ScreenHeader
        title={T.title}
        description={T.description}
        actions={
          <Button
            variant="outline"
            size="sm"
            onClick={onRefresh}
            disabled={refreshing}
            aria-label={T.refresh}
          >
            <RefreshCw
              aria-hidden
              className={refreshing ? 'animate-spin motion-reduce:animate-none' : undefined}
            />
            {T.refresh}
          </Button>
        }
      />
      <div className="min-w-0 rounded-lg border border-border bg-card" data-testid="analytics-card">
        {message ??
          (narrow && !loading ? (
            <CampaignCards
              campaigns={campaigns}
              onOpenCampaign={onOpenCampaign}
              accessRecheckMinutes={accessRecheckMinutes}
            />
          ) : (
            <Table aria-label={T.title} containerClassName="rounded-lg">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  {COLUMNS.map((c) => (
                    <TableHead
                      key={c}
                      className={
                        ['Dispatched', 'Delivered', 'Interacted', '#'].includes(c)
                          ? 'text-right'
                          : c === 'Status'
                            ? STICKY_STATUS
                            : undefined
                      }
                    >
                      {c}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {loading
                  ? Array.from({ length: 3 }, (_, i) => (
                      <TableRow key={i}>
                        <TableCell colSpan={COLUMNS.length}>
                          <Skeleton className="h-5 w-full" />
                        </TableCell>
                      </TableRow>
                    ))
                  : campaigns.map((c, i) => (
                      <TableRow
                        key={c.id}
                        className="cursor-pointer"
                        onClick={() => onOpenCampaign(c)}
                      >
                        <TableCell className="text-right tabular-nums text-muted-foreground">
                          {(page - 1) * perPage + i + 1}
                        </TableCell>
                        <TableCell className="max-w-40 min-w-28 font-medium">
                          <button
                            type="button"
                            className="line-clamp-2 text-left underline-offset-4 hover:underline focus-visible:underline"
                            onClick={(e) => {
                              e.stopPropagation();
                              onOpenCampaign(c);
                            }}
                            aria-label={`${T.open} ${c.name}`}
                          >
                            <bdi>{c.name}</bdi>
                          </button>
                        </TableCell>
                        <TableCell className="max-w-44 min-w-32 text-muted-foreground">
                          <p className="line-clamp-2">{c.description}</p>
                        </TableCell>
                        <TableCell className="max-w-52 min-w-36">
                          <p className="line-clamp-2">{c.message}</p>
                        </TableCell>
                        <TableCell className="min-w-24 font-mono text-xs tabular-nums">
                          {formatScheduled(c.scheduledTime)}
                        </TableCell>
                        <TableCell className="min-w-28">{contentTypeLabel(c.type)}</TableCell>
                        <TableCell className="text-right tabular-nums">
                          {c.dispatchedCount.toLocaleString('en')}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">
                          {c.deliveredCount.toLocaleString('en')}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">
                          {c.interactedCount.toLocaleString('en')}
                        </TableCell>
                        <TableCell className={STICKY_STATUS}>
                          <span className="flex flex-col items-start gap-1">
                            <CampaignStatusBadge
                              status={c.status}
                              failed={c.failedCount}
                              skipped={c.skippedCount}
                            />
                            <CampaignAccessBadge
                              campaign={c}
                              recheckMinutes={accessRecheckMinutes}
                            />
                          </span>
                        </TableCell>
                      </TableRow>
                    ))}
              </TableBody>
            </Table>
          ))}
      </div>
      <Pagination
        page={page}
        totalPages={meta?.totalPages ?? 1}
        onPrevious={() => onPageChange(page - 1)}
        onNext={() => onPageChange(page + 1)}
        disabled={loading}
      />
    </div>
  );
}

export type { CampaignDetail, CampaignRecipient };
