// The Webhooks screen's dialogs: add / edit (URL with the contract's messages inline, events as checkboxes),
// the secret shown once (after add or rotate), and the rotate confirmation.
import {
  OUTBOUND_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WebhookUrl,
  type OutboundEventType,
  type WebhookEndpoint,
} from '@pagecast/contract';
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../primitives/button';
import { Checkbox } from '../../primitives/checkbox';
import {
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../primitives/dialog';
import { FieldError } from '../../primitives/field-error';
import { BusyButton, FormError } from '../../primitives/form-feedback';
import { Input } from '../../primitives/input';
import { EVENT_DESCRIPTIONS, WEBHOOKS_TEXT as T } from './texts';

export interface WebhookFormValues {
  url: string;
  events: OutboundEventType[];
}

/** A rejected call as the screen reads it: the server's message and its per-field messages. */
export function failure(error: unknown): {
  message: string | undefined;
  fieldErrors: Record<string, string[] | undefined>;
} {
  if (typeof error !== 'object' || error === null) return { message: undefined, fieldErrors: {} };
  const e = error as { message?: unknown; fieldErrors?: unknown };
  return {
    message: typeof e.message === 'string' && e.message.trim() ? e.message : undefined,
    fieldErrors:
      typeof e.fieldErrors === 'object' && e.fieldErrors !== null
        ? (e.fieldErrors as Record<string, string[] | undefined>)
        : {},
  };
}

/** The URL's first rule broken, in the contract's words; null when it passes. */
export function urlError(url: string): string | null {
  const parsed = WebhookUrl.safeParse(url);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? WEBHOOK_MESSAGES.urlInvalid);
}

export interface WebhookFormDialogProps {
  open: boolean;
  /** The endpoint being edited; none: a new one. */
  webhook?: WebhookEndpoint | null;
  onSubmit: (values: WebhookFormValues) => Promise<unknown>;
  onClose: () => void;
}

export function WebhookFormDialog({ open, webhook, onSubmit, onClose }: WebhookFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      {/* Keyed so each opening starts from the endpoint's current values. */}
      {open ? (
        <WebhookForm
          key={webhook?.id ?? 'new'}
          webhook={webhook ?? null}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function WebhookForm({
  webhook,
  onSubmit,
  onClose,
}: {
  webhook: WebhookEndpoint | null;
  onSubmit: WebhookFormDialogProps['onSubmit'];
  onClose: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<ReadonlySet<OutboundEventType>>(
    new Set(webhook?.events ?? OUTBOUND_EVENT_TYPES),
  );
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const allRef = useRef<HTMLInputElement>(null);
  const all = events.size === OUTBOUND_EVENT_TYPES.length;
  const some = events.size > 0 && !all;
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = some;
  }, [some]);

  function toggle(event: OutboundEventType) {
    const next = new Set(events);
    if (next.has(event)) next.delete(event);
    else next.add(event);
    setEvents(next);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = {
      ...(urlError(url) ? { url: urlError(url) ?? undefined } : {}),
      ...(events.size === 0 ? { events: WEBHOOK_MESSAGES.eventsRequired } : {}),
    };
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      document.getElementById(found.url ? `${id}-url` : `${id}-all`)?.focus();
      return;
    }
    setBusy(true);
    onSubmit({ url: url.trim(), events: OUTBOUND_EVENT_TYPES.filter((t) => events.has(t)) }).catch(
      (err: unknown) => {
        const { message, fieldErrors } = failure(err);
        const fields = { url: fieldErrors.url?.[0], events: fieldErrors.events?.[0] };
        setErrors(fields);
        // A refusal naming a field shows there (not under the generic 'Validation failed'); the form
        // line says the rest.
        const atField = Object.values(fields).some(Boolean);
        setFormError(atField ? null : (message ?? (webhook ? T.saveFallback : T.createFallback)));
        setBusy(false);
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{webhook ? T.editTitle : T.addTitle}</DialogTitle>
        <DialogDescription>{webhook ? T.editDescription : T.addDescription}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-1">
        <label htmlFor={`${id}-url`} className="text-sm font-medium">
          {T.urlLabel}
        </label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          value={url}
          placeholder={T.urlPlaceholder}
          className="font-mono text-sm"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={`${id}-url-help${errors.url ? ` ${id}-url-error` : ''}`}
          onChange={(e) => setUrl(e.target.value)}
        />
        <p id={`${id}-url-help`} className="text-xs text-muted-foreground">
          {T.urlHelp}
        </p>
        <FieldError id={`${id}-url-error`}>{errors.url}</FieldError>
      </div>
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.events ? `${id}-events-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{T.eventsLabel}</legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          <Checkbox
            id={`${id}-all`}
            ref={allRef}
            checked={all}
            aria-checked={some ? 'mixed' : all}
            onChange={() => setEvents(new Set(all ? [] : OUTBOUND_EVENT_TYPES))}
          />
          {T.allEvents}
        </label>
        <ul className="grid gap-2 border-l border-border pl-4">
          {OUTBOUND_EVENT_TYPES.map((event) => (
            <li key={event}>
              <label className="flex items-start gap-2 text-sm">
                <Checkbox
                  className="mt-0.5"
                  checked={events.has(event)}
                  onChange={() => toggle(event)}
                />
                <span className="min-w-0">
                  <code className="font-mono text-xs">{event}</code>
                  <span className="block text-muted-foreground">{EVENT_DESCRIPTIONS[event]}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <FieldError id={`${id}-events-error`}>{errors.events}</FieldError>
      </fieldset>
      <FormError>{formError}</FormError>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {T.cancel}
        </Button>
        <BusyButton type="submit" busy={busy}>
          {webhook ? (busy ? T.saving : T.save) : busy ? T.creating : T.create}
        </BusyButton>
      </DialogFooter>
    </form>
  );
}

export interface SecretDialogProps {
  /** The secret to show; null closes the dialog (and it is gone). */
  secret: string | null;
  url?: string;
  onCopy: (text: string) => Promise<void>;
  onClose: () => void;
}

/** The signing secret, shown once: read-only, selectable, with a copy button and the warning. */
export function SecretDialog({ secret, url, onCopy, onClose }: SecretDialogProps) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(o) => {
        if (o) return;
        setCopied(false);
        onClose();
      }}
      closeOnOverlayClick={false}
    >
      {secret !== null ? (
        <>
          <DialogHeader>
            <DialogTitle>{T.secretTitle}</DialogTitle>
            <DialogDescription>{url}</DialogDescription>
          </DialogHeader>
          <p
            role="note"
            className="rounded-md border border-warning bg-warning/10 p-3 text-sm text-foreground"
          >
            {T.secretHelp}
          </p>
          <div className="grid gap-1">
            <label htmlFor={`${id}-secret`} className="text-sm font-medium">
              {T.secretLabel}
            </label>
            <div className="flex flex-wrap items-center gap-2">
              <Input
                id={`${id}-secret`}
                readOnly
                value={secret}
                className="min-w-0 flex-1 font-mono text-xs"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button
                size="sm"
                variant="outline"
                onClick={() => void onCopy(secret).then(() => setCopied(true))}
              >
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied ? T.copied : T.copy}
              </Button>
            </div>
          </div>
          <DialogFooter>
            <Button
              onClick={() => {
                setCopied(false);
                onClose();
              }}
            >
              {T.stored}
            </Button>
          </DialogFooter>
        </>
      ) : null}
    </Dialog>
  );
}

export interface RotateDialogProps {
  webhook: WebhookEndpoint | null;
  /** Resolves once rotated (the new secret is then shown by the screen). */
  onConfirm: (webhook: WebhookEndpoint) => Promise<unknown>;
  onClose: () => void;
}

export function RotateSecretDialog({ webhook, onConfirm, onClose }: RotateDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  return (
    <Dialog open={webhook !== null} onOpenChange={(o) => !o && close()}>
      {webhook ? (
        <>
          <DialogHeader>
            <DialogTitle>{T.rotateTitle}</DialogTitle>
            <DialogDescription>{T.rotateText}</DialogDescription>
          </DialogHeader>
          <p className="font-mono text-xs break-all text-muted-foreground">{webhook.url}</p>
          <FormError>{error}</FormError>
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={busy}>
              {T.cancel}
            </Button>
            <BusyButton
              busy={busy}
              onClick={() => {
                setBusy(true);
                setError(null);
                onConfirm(webhook)
                  .then(() => {
                    setBusy(false);
                    onClose();
                  })
                  .catch((err: unknown) => {
                    setError(failure(err).message ?? T.rotateFallback);
                    setBusy(false);
                  });
              }}
            >
              {busy ? T.rotating : T.rotateAction}
            </BusyButton>
          </DialogFooter>
        </>
      ) : null}
    </Dialog>
  );
}
