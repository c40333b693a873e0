// A campaign's detail in a side sheet: status and reason, the delivery funnel, its recipients with their
// outcome (paged, filterable), Cancel (with confirmation) and CSV export. The sheet keeps the state its parts
// share (the campaign, the outcome filter, the paging); its notes and recipients table are apart.
import {
  contentTypeLabel,
  type Campaign,
  type CampaignDetail,
  type CampaignRecipient,
  type CampaignSpend,
  type PageMeta,
  type RecipientFilter,
} from '@pagecast/contract';
import { Ban, Download, Radio } from 'lucide-react';
import { useState } from 'react';
import { CampaignStatusBadge } from '../../primitives/badge';
import { Button } from '../../primitives/button';
import {
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../primitives/dialog';
import { Pagination } from '../../primitives/pagination';
import { RemoteImage } from '../../primitives/remote-image';
import { Select } from '../../primitives/select';
import { Sheet, SheetHeader, SheetTitle } from '../../primitives/sheet';
import { Skeleton } from '../../primitives/skeleton';
import { CampaignAccessBadge, CampaignAccessNotice } from './access';
import { MarketingNote, ReconciliationNote, ReturnNote } from './notes';
import { RecipientsTable } from './recipients-table';
import { StopReturns } from './stop-returns';
import { FunnelChart } from './funnel';
import { RecipientsActions, type TagRecipientsRequest } from './recipients-actions';
import { ANALYTICS_TEXT, formatScheduled, OUTCOME_LABELS, RESULT_FILTER_LABELS } from './texts';

const T = ANALYTICS_TEXT;
type Outcome = RecipientFilter;

const filterLabel = (f: Outcome | '') =>
  f === ''
    ? T.allOutcomes
    : f in RESULT_FILTER_LABELS
      ? RESULT_FILTER_LABELS[f as keyof typeof RESULT_FILTER_LABELS]
      : (OUTCOME_LABELS[f] ?? f);

export interface CampaignDetailSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  detail: CampaignDetail | null;
  loading: boolean;
  error: string | null;
  recipients: { data: CampaignRecipient[]; meta: PageMeta } | null;
  recipientsLoading: boolean;
  outcome: Outcome | '';
  onOutcomeChange: (outcome: Outcome | '') => void;
  recipientsPage: number;
  onRecipientsPageChange: (page: number) => void;
  /** Resolves when cancelled; rejects with `{ message }` on failure. */
  onCancel: () => Promise<unknown>;
  onExport: () => Promise<unknown>;
  /** 'Stop waiting for returns'; resolves when stopped (absent: no control). */
  onStopReturns?: () => Promise<unknown>;
  /** What Meta billed for a marketing campaign (null while unknown), or the error reading it. */
  spend?: CampaignSpend | null;
  spendError?: string | null;
  /** The page's tags, for 'Tag these recipients' and 'Follow-up campaign to them'. */
  tags?: Array<{ id: string; name: string }>;
  /** Tags the current filter's recipients (and, for a follow-up, opens Schedule); absent: no actions. */
  onTagRecipients?: (request: TagRecipientsRequest) => Promise<unknown>;
  /**
   * Whether the admin's role may see who the recipients are (names and PSIDs: messaging roles only). False:
   * no recipients list, no CSV export, a line saying why.
   */
  canSeeRecipients?: boolean;
}

export function CampaignDetailSheet({
  open,
  onOpenChange,
  detail,
  loading,
  error,
  recipients,
  recipientsLoading,
  outcome,
  onOutcomeChange,
  recipientsPage,
  onRecipientsPageChange,
  onCancel,
  onExport,
  onStopReturns,
  tags = [],
  onTagRecipients,
  spend = null,
  spendError = null,
  canSeeRecipients = true,
}: CampaignDetailSheetProps) {
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [exporting, setExporting] = useState(false);
  const c = detail?.campaign;
  const cancellable = c?.status === 'pending' || c?.status === 'processing';

  const cancel = async () => {
    setCancelling(true);
    try {
      await onCancel();
      setConfirming(false);
    } finally {
      setCancelling(false);
    }
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await onExport();
    } finally {
      setExporting(false);
    }
  };

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      side="right"
      className="w-[44rem] max-w-full bg-background text-foreground sm:max-w-[92vw] xl:w-[60rem]"
      aria-label={c ? undefined : T.title}
    >
      <SheetHeader className="gap-2 border-b border-border">
        {c ? (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <SheetTitle className="text-lg">
                <bdi>{c.name}</bdi>
              </SheetTitle>
              <CampaignStatusBadge
                status={c.status}
                failed={c.failedCount}
                skipped={c.skippedCount}
              />
              <CampaignAccessBadge campaign={c} recheckMinutes={detail?.accessRecheckMinutes} />
            </div>
            <p className="text-sm text-muted-foreground">
              <bdi>{c.description}</bdi>
            </p>
          </>
        ) : (
          <Skeleton className="h-6 w-48" />
        )}
      </SheetHeader>
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6 p-4">
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        {loading && !detail ? (
          <div className="grid gap-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : null}
        {c && detail ? (
          <>
            <CampaignAccessNotice campaign={c} recheckMinutes={detail.accessRecheckMinutes} />
            {c.statusReason ? (
              <p
                role="status"
                className="rounded-md border border-border bg-muted/40 px-3 py-2 text-sm"
              >
                {c.statusReason}
              </p>
            ) : null}
            {c.status === 'processing' ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Radio
                  aria-hidden
                  className="size-4 animate-pulse text-warning motion-reduce:animate-none"
                />
                {T.live}
              </p>
            ) : null}
            <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
              <Meta label="Scheduled" value={formatScheduled(c.scheduledTime)} />
              <Meta label="Category" value={contentTypeLabel(c.type)} />
              <Meta
                label="Audience"
                value={c.tagId || c.tagName ? `Tag: ${c.tagName ?? 'deleted tag'}` : 'All users'}
              />
              <Meta
                label="Recipients"
                value={`${detail.funnel.audience.toLocaleString('en')}${c.reachableOnly ? ` (${T.reachableOnly.toLowerCase()})` : ''}`}
              />
            </dl>
            <CampaignMessage campaign={c} />
            <div className="flex flex-wrap gap-2">
              {canSeeRecipients ? (
                <Button
                  variant="outline"
                  size="sm"
                  loading={exporting}
                  onClick={() => void exportCsv()}
                  disabled={detail.funnel.audience === 0}
                >
                  {exporting ? null : <Download aria-hidden />}
                  {T.exportCsv}
                </Button>
              ) : null}
              {cancellable ? (
                <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
                  <Ban aria-hidden />
                  {T.cancel}
                </Button>
              ) : null}
            </div>
            <section
              className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3"
              aria-label={T.funnelTitle}
            >
              <h3 className="text-base font-semibold">{T.funnelTitle}</h3>
              <FunnelChart funnel={detail.funnel} />
              {c.marketing ? (
                <MarketingNote readyAt={c.marketingReadyAt} spend={spend} error={spendError} />
              ) : null}
              {c.deliverOnReturnUntil ? (
                <>
                  <ReturnNote
                    until={c.deliverOnReturnUntil}
                    waiting={detail.funnel.waiting}
                    returned={detail.funnel.returned}
                  />
                  <StopReturns campaign={c} onStop={onStopReturns} />
                </>
              ) : null}
              <ReconciliationNote reconciliation={detail.funnel.reconciliation} />
              {detail.funnel.unknown > 0 ? (
                <p className="text-xs text-muted-foreground">{T.unknownHelp}</p>
              ) : null}
            </section>
            <section
              className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3"
              aria-label={T.recipientsTitle}
            >
              {canSeeRecipients ? (
                <>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="text-base font-semibold">{T.recipientsTitle}</h3>
                    <Select
                      aria-label={T.filterLabel}
                      wrapperClassName="w-60"
                      value={outcome}
                      onChange={(e) => onOutcomeChange(e.target.value as Outcome | '')}
                      options={[
                        { value: '', label: T.allOutcomes },
                        ...(
                          ['interacted', 'read', 'delivered', 'waiting', 'returned'] as const
                        ).map((o) => ({ value: o, label: filterLabel(o) })),
                        ...(
                          ['sent', 'failed', 'skipped', 'unknown', 'queued', 'sending'] as const
                        ).map((o) => ({ value: o, label: filterLabel(o) })),
                      ]}
                    />
                  </div>
                  {onTagRecipients && c.status !== 'pending' ? (
                    <RecipientsActions
                      tags={tags}
                      count={recipients?.meta.totalItems ?? 0}
                      filterLabel={filterLabel(outcome)}
                      suggestedName={outcome === 'interacted' ? 'Replied' : 'Follow-up'}
                      onTag={onTagRecipients}
                    />
                  ) : null}
                  <RecipientsTable
                    recipients={recipients}
                    loading={recipientsLoading}
                    pendingCampaign={c.status === 'pending'}
                  />
                  {recipients && recipients.meta.totalPages > 1 ? (
                    <Pagination
                      page={recipientsPage}
                      totalPages={recipients.meta.totalPages}
                      onPrevious={() => onRecipientsPageChange(recipientsPage - 1)}
                      onNext={() => onRecipientsPageChange(recipientsPage + 1)}
                      disabled={recipientsLoading}
                    />
                  ) : null}
                </>
              ) : (
                <>
                  <h3 className="text-base font-semibold">{T.recipientsTitle}</h3>
                  <p className="text-sm text-muted-foreground">{T.recipientsNeedMessaging}</p>
                </>
              )}
            </section>
          </>
        ) : null}
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogHeader>
          <DialogTitle>{T.cancelTitle}</DialogTitle>
          <DialogDescription>{T.cancelDescription(c?.status ?? 'pending')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={cancelling}>
            {T.keep}
          </Button>
          <Button
            variant="destructive"
            loading={cancelling}
            onClick={() => void cancel().catch(() => {})}
          >
            {T.cancelConfirm}
          </Button>
        </DialogFooter>
      </Dialog>
    </Sheet>
  );
}

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate font-medium">{value}</dd>
    </div>
  );
}

/** What the campaign sends: its image (first, a message of its own), the text, then its link buttons. */
function CampaignMessage({ campaign: c }: { campaign: Campaign }) {
  const image = c.imageUrl ?? null;
  const buttons = c.buttons ?? [];
  return (
    <div className="grid gap-2 rounded-md border border-border bg-muted/30 p-3 text-sm">
      <p className="text-muted-foreground">Message</p>
      {image ? (
        <RemoteImage
          src={image}
          alt={T.image}
          className="max-h-40 max-w-full justify-self-start rounded-md border border-border object-contain"
          fallback={
            <p className="text-muted-foreground [overflow-wrap:anywhere]">
              {T.imageBroken} <bdi>{image}</bdi>
            </p>
          }
        />
      ) : null}
      <p dir="auto" className="whitespace-pre-wrap">
        <bdi>{c.message}</bdi>
      </p>
      {buttons.length > 0 ? (
        <ul aria-label={T.buttons} className="flex flex-wrap gap-2">
          {buttons.map((b) => (
            <li
              key={`${b.title}-${b.url}`}
              className="rounded-md border border-border bg-background px-2 py-1"
            >
              <span className="font-medium">{b.title}</span>{' '}
              <span className="text-muted-foreground [overflow-wrap:anywhere]">{b.url}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
