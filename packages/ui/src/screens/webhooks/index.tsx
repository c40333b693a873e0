// Settings → 'Webhooks' (issue #43): the page's endpoints (URL, events, status, the reason a disabled one was
// disabled with 'Enable again', the last delivery), 'Add webhook', the secret shown once after add or rotate,
// edit, disable / enable, rotate (confirmed), delete (confirmed), 'Send test event', and each endpoint's delivery
// log (a slot: the app fetches it). Pure: props in, callbacks out.
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  formatTime,
  type CreateWebhookBody,
  type WebhookEndpoint,
} from '@pagecast/contract';
import { AlertTriangle, Plus, Send, Webhook } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { ScreenHeader } from '../../layout/dashboard-shell';
import { Badge } from '../../primitives/badge';
import { Button } from '../../primitives/button';
import { EmptyState } from '../../primitives/empty-state';
import { BusyButton } from '../../primitives/form-feedback';
import { Skeleton } from '../../primitives/skeleton';
import { WEBHOOKS_TEXT as T } from './texts';
import {
  RotateSecretDialog,
  SecretDialog,
  WebhookFormDialog,
  failure,
  type WebhookFormValues,
} from './webhook-dialogs';

export { WEBHOOKS_TEXT, EVENT_DESCRIPTIONS } from './texts';
export { DeliveryLog, DeliveryStateBadge, type DeliveryLogProps } from './delivery-log';
export { urlError, type WebhookFormValues } from './webhook-dialogs';

export interface WebhooksScreenProps {
  /** The page's endpoints, oldest first; null while loading. */
  webhooks: WebhookEndpoint[] | null;
  /** The load error in the server's words, or null. */
  error: string | null;
  /** Resolves with the new secret (shown once); rejects with `{ message, fieldErrors }`. */
  onCreate: (body: CreateWebhookBody) => Promise<{ secret: string }>;
  /** URL and events. */
  onUpdate: (webhookId: string, values: WebhookFormValues) => Promise<unknown>;
  onSetEnabled: (webhookId: string, enabled: boolean) => void;
  /** Resolves with the new secret (shown once). */
  onRotateSecret: (webhookId: string) => Promise<{ secret: string }>;
  onDelete: (webhookId: string) => Promise<unknown>;
  onSendTest: (webhookId: string) => void;
  /** Endpoints with a call on its way (enable / disable / test). */
  busy?: ReadonlySet<string>;
  /** The delivery log of one endpoint (the app renders DeliveryLog with its data); shown when opened. */
  renderDeliveryLog: (webhook: WebhookEndpoint) => ReactNode;
  /** Copies text to the clipboard (injected so tests can see it). */
  onCopy: (text: string) => Promise<void>;
  locale?: string;
}

const when = (iso: string, locale?: string) =>
  formatTime(
    iso,
    { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    { locale },
  );

export function WebhooksScreen(props: WebhooksScreenProps) {
  const { webhooks, error } = props;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);
  const full = (webhooks?.length ?? 0) >= WEBHOOK_LIMITS.perPage;

  const addButton = (
    <Button onClick={() => setAdding(true)} disabled={full || webhooks === null}>
      <Plus aria-hidden="true" />
      {T.add}
    </Button>
  );

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">
      <ScreenHeader
        title={T.title}
        description={T.description}
        actions={webhooks && webhooks.length > 0 ? addButton : undefined}
      />
      <div className="grid max-w-4xl min-w-0 gap-4">
        {error && !webhooks ? (
          <p role="alert" className="text-sm text-destructive">
            {T.loadError} {error}
          </p>
        ) : webhooks === null ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-28 w-full" />
          </div>
        ) : webhooks.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border bg-card">
            <EmptyState
              icon={<Webhook />}
              title={T.emptyTitle}
              description={T.emptyText}
              action={addButton}
            />
          </div>
        ) : (
          <>
            <ul aria-label={T.list} className="grid gap-4">
              {webhooks.map((w) => (
                <WebhookItem
                  key={w.id}
                  webhook={w}
                  {...props}
                  onEdit={() => setEditing(w)}
                  onRotate={() => setRotating(w)}
                  onAskDelete={() => setDeleting(w)}
                />
              ))}
            </ul>
            {full ? <p className="text-sm text-muted-foreground">{T.limit}</p> : null}
          </>
        )}
      </div>
      <WebhookFormDialog
        open={adding || editing !== null}
        webhook={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
        onSubmit={async (values) => {
          if (editing) {
            await props.onUpdate(editing.id, values);
            setEditing(null);
            return;
          }
          const created = await props.onCreate(values);
          setAdding(false);
          setSecret({ secret: created.secret, url: values.url });
        }}
      />
      <RotateSecretDialog
        webhook={rotating}
        onClose={() => setRotating(null)}
        onConfirm={async (w) => {
          const rotated = await props.onRotateSecret(w.id);
          setSecret({ secret: rotated.secret, url: w.url });
        }}
      />
      <SecretDialog
        secret={secret?.secret ?? null}
        url={secret?.url}
        onCopy={props.onCopy}
        onClose={() => setSecret(null)}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={T.deleteTitle}
        description={deleting ? T.deleteText(deleting.url) : null}
        confirmLabel={T.deleteAction}
        busyLabel={T.deleting}
        cancelLabel={T.cancel}
        successMessage={WEBHOOK_MESSAGES.deleted}
        failureMessage={(err) => failure(err).message ?? T.deleteFallback}
        onConfirm={() => (deleting ? props.onDelete(deleting.id) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

function WebhookItem({
  webhook: w,
  busy,
  onSetEnabled,
  onSendTest,
  onEdit,
  onRotate,
  onAskDelete,
  renderDeliveryLog,
  locale,
}: WebhooksScreenProps & {
  webhook: WebhookEndpoint;
  onEdit: () => void;
  onRotate: () => void;
  onAskDelete: () => void;
}) {
  const id = useId();
  const [logOpen, setLogOpen] = useState(false);
  const pending = busy?.has(w.id) ?? false;
  const disabled = w.status === 'disabled';
  const previousValid =
    w.previousSecretExpiresAt && new Date(w.previousSecretExpiresAt).getTime() > Date.now();
  return (
    <li
      aria-labelledby={`${id}-url`}
      className="grid min-w-0 gap-3 rounded-lg border border-border bg-card p-4 text-card-foreground"
    >
      <div className="flex flex-wrap items-start gap-2">
        <h2 id={`${id}-url`} className="min-w-0 flex-1 font-mono text-sm font-semibold break-all">
          {w.url}
        </h2>
        <Badge variant={disabled ? 'destructive' : 'success'}>
          {disabled ? T.disabled : T.active}
        </Badge>
      </div>
      <ul aria-label={T.eventsLabel} className="flex flex-wrap gap-1">
        {w.events.map((e) => (
          <li key={e}>
            <Badge variant="muted" className="font-mono font-normal">
              {e}
            </Badge>
          </li>
        ))}
      </ul>
      {disabled ? (
        <div
          id={`${id}-disabled`}
          role="status"
          className="flex flex-wrap items-start gap-3 rounded-md border border-warning bg-warning/10 p-3 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p className="min-w-0 flex-1">{w.disabledReason ?? T.disabledByAdmin}</p>
          <BusyButton size="sm" busy={pending} onClick={() => onSetEnabled(w.id, true)}>
            {T.enableAgain}
          </BusyButton>
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {T.lastDelivery}:{' '}
        {w.lastDelivery ? (
          <>
            <time dateTime={w.lastDelivery.at}>{when(w.lastDelivery.at, locale)}</time>{' '}
            <span className={w.lastDelivery.ok ? 'text-success' : 'text-destructive'}>
              {w.lastDelivery.ok
                ? T.deliveredOk(w.lastDelivery.status)
                : T.deliveredFailed(w.lastDelivery.status)}
            </span>
          </>
        ) : (
          T.noDelivery
        )}
        {previousValid && w.previousSecretExpiresAt ? (
          <span className="block">{T.previousSecret(when(w.previousSecretExpiresAt, locale))}</span>
        ) : null}
      </p>
      <div role="group" aria-label={T.actionsFor(w.url)} className="flex flex-wrap gap-2">
        <BusyButton
          size="sm"
          busy={pending && !disabled}
          disabled={disabled}
          aria-describedby={disabled ? `${id}-disabled` : undefined}
          onClick={() => {
            // The test shows in the log: open it.
            setLogOpen(true);
            onSendTest(w.id);
          }}
        >
          <Send aria-hidden="true" />
          {T.sendTest}
        </BusyButton>
        <Button size="sm" variant="outline" onClick={onEdit}>
          {T.edit}
        </Button>
        {disabled ? null : (
          <Button
            size="sm"
            variant="outline"
            disabled={pending}
            onClick={() => onSetEnabled(w.id, false)}
          >
            {T.disable}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onRotate}>
          {T.rotate}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:text-destructive"
          onClick={onAskDelete}
        >
          {T.delete}
        </Button>
      </div>
      <div className="grid gap-2 border-t border-border pt-3">
        <Button
          size="sm"
          variant="ghost"
          className="w-fit"
          aria-expanded={logOpen}
          aria-controls={`${id}-log`}
          onClick={() => setLogOpen(!logOpen)}
        >
          {logOpen ? T.hideLog : T.showLog}
        </Button>
        <section id={`${id}-log`} aria-label={`${T.log}: ${w.url}`} hidden={!logOpen}>
          {logOpen ? renderDeliveryLog(w) : null}
        </section>
      </div>
    </li>
  );
}
