// One endpoint's delivery log: each delivery's state, event, time, HTTP status and latency, newest first; its
// details show the event id and every try with what the endpoint answered (the first 1 KB, as text, escaped
// by React, monospace). 'Replay' sends it again with the same event id; 'Load more' pages back.
import { formatTime, type WebhookAttempt, type WebhookDelivery } from '@pagecast/contract';
import { useId, useState } from 'react';
import { Badge, type BadgeVariant } from '../../primitives/badge';
import { Button } from '../../primitives/button';
import { BusyButton } from '../../primitives/form-feedback';
import { Skeleton } from '../../primitives/skeleton';
import { WEBHOOKS_TEXT as T } from './texts';

export interface DeliveryLogProps {
  /** Loaded deliveries, newest first; null while the first page loads. */
  deliveries: WebhookDelivery[] | null;
  error?: string | null;
  hasMore: boolean;
  loadingMore?: boolean;
  onLoadMore: () => void;
  onReplay: (deliveryId: string) => void;
  /** Deliveries whose replay is on its way. */
  replaying?: ReadonlySet<string>;
  locale?: string;
}

const STATE_VARIANT: Record<WebhookDelivery['state'], BadgeVariant> = {
  pending: 'outline',
  retrying: 'warning',
  succeeded: 'success',
  failed: 'destructive',
};

const at = (iso: string, locale?: string) =>
  formatTime(
    iso,
    { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' },
    { locale },
  );

export function DeliveryStateBadge({ state }: { state: WebhookDelivery['state'] }) {
  return <Badge variant={STATE_VARIANT[state]}>{T.states[state]}</Badge>;
}

export function DeliveryLog({
  deliveries,
  error,
  hasMore,
  loadingMore = false,
  onLoadMore,
  onReplay,
  replaying,
  locale,
}: DeliveryLogProps) {
  if (error && !deliveries)
    return (
      <p role="alert" className="text-sm text-destructive">
        {T.logError} {error}
      </p>
    );
  if (deliveries === null)
    return (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  if (deliveries.length === 0) return <p className="text-sm text-muted-foreground">{T.logEmpty}</p>;
  return (
    <div className="grid gap-3">
      <ul aria-label={T.log} className="divide-y divide-border rounded-md border border-border">
        {deliveries.map((d) => (
          <DeliveryRow
            key={d.id}
            delivery={d}
            onReplay={onReplay}
            replaying={replaying?.has(d.id) ?? false}
            locale={locale}
          />
        ))}
      </ul>
      {hasMore ? (
        <div>
          <BusyButton size="sm" variant="outline" busy={loadingMore} onClick={onLoadMore}>
            {loadingMore ? T.loadingMore : T.loadMore}
          </BusyButton>
        </div>
      ) : null}
    </div>
  );
}

function DeliveryRow({
  delivery: d,
  onReplay,
  replaying,
  locale,
}: {
  delivery: WebhookDelivery;
  onReplay: (id: string) => void;
  replaying: boolean;
  locale?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const last = d.attempts[0];
  return (
    <li className="grid gap-2 p-3 text-sm" data-state={d.state}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <DeliveryStateBadge state={d.state} />
        <code className="font-mono text-xs">{d.type}</code>
        <time dateTime={d.createdAt} className="text-xs text-muted-foreground">
          {at(d.createdAt, locale)}
        </time>
        <dl className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          <div className="flex gap-1">
            <dt className="sr-only">{T.columns.status}</dt>
            <dd className="font-mono">{last ? (last.status ?? T.noAnswer) : '—'}</dd>
          </div>
          {last ? (
            <div className="flex gap-1">
              <dt className="sr-only">{T.columns.latency}</dt>
              <dd>{T.latency(last.latencyMs)}</dd>
            </div>
          ) : null}
        </dl>
        {d.state === 'retrying' && d.nextAttemptAt ? (
          <span className="text-xs text-warning-foreground dark:text-warning">
            {T.nextTry(at(d.nextAttemptAt, locale))}
          </span>
        ) : null}
        <span className="ml-auto flex gap-2">
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={open}
            aria-controls={`${id}-details`}
            onClick={() => setOpen(!open)}
          >
            {open ? T.hideDetails : T.details}
          </Button>
          <BusyButton size="sm" variant="outline" busy={replaying} onClick={() => onReplay(d.id)}>
            {replaying ? T.replaying : T.replay}
          </BusyButton>
        </span>
      </div>
      <div id={`${id}-details`} hidden={!open} className="grid gap-2">
        <p className="text-xs text-muted-foreground">
          {T.eventId}: <code className="font-mono break-all">{d.eventId}</code>
        </p>
        <h4 className="text-xs font-semibold">{T.attempts}</h4>
        {d.attempts.length === 0 ? (
          <p className="text-xs text-muted-foreground">{T.noAttempts}</p>
        ) : (
          <ol aria-label={T.attempts} className="grid gap-2">
            {d.attempts.map((a, i) => (
              <Attempt key={`${a.at}-${i}`} attempt={a} locale={locale} />
            ))}
          </ol>
        )}
      </div>
    </li>
  );
}

function Attempt({ attempt: a, locale }: { attempt: WebhookAttempt; locale?: string }) {
  const ok = a.status !== null && a.status >= 200 && a.status < 300;
  return (
    <li className="grid gap-1 rounded-md border border-border bg-muted/30 p-2 text-xs">
      <div className="flex flex-wrap gap-x-3 gap-y-1">
        <time dateTime={a.at}>{at(a.at, locale)}</time>
        <span className={ok ? 'font-mono text-success' : 'font-mono text-destructive'}>
          {a.status !== null ? `HTTP ${a.status}` : T.noAnswer}
        </span>
        <span className="text-muted-foreground">{T.latency(a.latencyMs)}</span>
        {/* The reason, unless it only repeats the status. */}
        {a.error && a.error !== `HTTP ${a.status}` ? (
          <span className="text-destructive">{a.error}</span>
        ) : null}
      </div>
      {a.response !== null ? (
        <div className="grid gap-1">
          <span className="text-muted-foreground">{T.response}</span>
          <pre className="max-h-40 overflow-auto rounded bg-background p-2 font-mono text-xs break-all whitespace-pre-wrap">
            {a.response === '' ? T.emptyResponse : a.response}
          </pre>
        </div>
      ) : null}
    </li>
  );
}
