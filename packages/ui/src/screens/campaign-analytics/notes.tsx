// The notes a campaign's detail shows under its funnel when they apply: marketing (warm-up, spend),
// deliver on return, and the sends whose answer was lost.
import type { CampaignDetail, CampaignSpend } from '@pagecast/contract';
import { ANALYTICS_TEXT, formatScheduled } from './texts';

const T = ANALYTICS_TEXT;

const money = (amount: number, currency: string | null) =>
  currency
    ? new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount)
    : amount.toFixed(2);

/** A marketing campaign: Meta's warm-up, while it runs, then who gets the paid message and what Meta billed. */
export function MarketingNote({
  readyAt,
  spend,
  error,
}: {
  readyAt: string | null;
  spend: CampaignSpend | null;
  error: string | null;
}) {
  const waiting = readyAt !== null && new Date(readyAt).getTime() > Date.now();
  return (
    <div className="grid gap-1 rounded-md border border-border bg-muted/30 p-3 text-sm">
      <p className="font-medium">{T.marketingTitle}</p>
      <p className="text-muted-foreground">
        {waiting && readyAt ? T.marketingWaiting(formatScheduled(readyAt)) : T.marketingOn}
      </p>
      {error ? (
        <p className="text-muted-foreground">{`${T.spendError} ${error}`}</p>
      ) : spend ? (
        <p data-testid="campaign-spend">
          {spend.spend !== null
            ? T.spendSoFar(
                money(spend.spend, spend.currency),
                spend.delivered ?? 0,
                spend.costPerDelivered !== null
                  ? money(spend.costPerDelivered, spend.currency)
                  : null,
              )
            : T.spendNone}
        </p>
      ) : null}
    </div>
  );
}

/** Deliver on return: who still waits for their next message, and who got the campaign that way. */
export function ReturnNote({
  until,
  waiting,
  returned,
}: {
  until: string;
  waiting: number;
  returned: number;
}) {
  const open = new Date(until).getTime() > Date.now();
  const when = formatScheduled(until);
  return (
    <div className="grid gap-1 rounded-md border border-border bg-muted/30 p-3 text-sm">
      <p className="font-medium">{T.returnTitle}</p>
      <p className="text-muted-foreground">
        {open ? T.returnWaiting(waiting, when) : T.returnOver(when)}
        {returned > 0 ? ` ${T.returnSent(returned)}` : ''}
      </p>
    </div>
  );
}

/** Sends whose answer was lost, and how each was settled; nothing when none was lost. */
export function ReconciliationNote({
  reconciliation: r,
}: {
  reconciliation: CampaignDetail['funnel']['reconciliation'];
}) {
  if (r.byEcho + r.byConversation + r.resent + r.forReview === 0) return null;
  return (
    <div className="grid gap-1 rounded-md border border-border bg-muted/30 p-3 text-sm">
      <p className="font-medium">{T.reconciliationTitle}</p>
      <p className="text-muted-foreground">{T.reconciliation(r)}</p>
    </div>
  );
}
