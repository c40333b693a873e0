// Account → 'API keys': what a backend (a CRM, a shop, a script) calls Pagecast with. Make one with a name,
// its pages and scopes and an optional expiry; its text is shown once, with a copy button; the list shows each
// key by prefix with what it may do and when it was last used; revoke ends it at once. Pure: props in,
// callbacks out.
import {
  API_KEY_LIMITS,
  API_KEY_MESSAGES,
  API_KEY_SCOPES,
  formatTime,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyBody,
} from '@pagecast/contract';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '../../primitives/badge';
import { Button } from '../../primitives/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../primitives/card';
import { Checkbox } from '../../primitives/checkbox';
import { FieldError } from '../../primitives/field-error';
import { BusyButton, FormError } from '../../primitives/form-feedback';
import { Input } from '../../primitives/input';
import { Select } from '../../primitives/select';
import { Skeleton } from '../../primitives/skeleton';

export const API_KEYS_TEXT = {
  title: 'API keys',
  description:
    'Let another system (a CRM, a shop, a script) call the Pagecast API as you, on the pages and with the scopes you choose.',
  create: 'Create API key',
  nameLabel: 'Name',
  namePlaceholder: 'e.g. Shop orders sync',
  pagesLabel: 'Pages it may use',
  allPages: 'All pages you manage, now and later',
  somePages: 'Only these pages',
  scopesLabel: 'What it may do',
  expiryLabel: 'Expires',
  never: 'Never',
  days: (n: number) => `In ${n} days`,
  submit: 'Create key',
  cancel: 'Cancel',
  createdTitle: 'Copy your new key now',
  createdHelp:
    'This is the only time Pagecast shows it. Store it where your system keeps secrets; if it is lost, revoke it and create another.',
  copy: 'Copy key',
  copied: 'Copied',
  done: 'I have stored it',
  none: 'No API keys yet.',
  created: (when: string) => `Created ${when}`,
  lastUsed: (when: string, ip: string | null) => `Last used ${when}${ip ? ` from ${ip}` : ''}`,
  neverUsed: 'Never used',
  expires: (when: string) => `Expires ${when}`,
  expired: 'Expired',
  allPagesShort: 'All pages',
  revoke: 'Revoke',
  revokeConfirm: (name: string) =>
    `Revoke “${name}”? Requests with it are refused from now on, on every server.`,
  revokeAction: 'Revoke key',
  loadError: 'Could not load your API keys. Try again in a moment.',
} as const;

const T = API_KEYS_TEXT;

/** What each scope lets a key do, in a marketer's words. */
export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read conversations, contacts, tags, campaigns and their results',
  'inbox:send': 'Reply, mark read, resolve, assign and note conversations',
  'tags:write': 'Create tags and tag or untag contacts',
  'campaigns:write': 'Schedule, test and cancel campaigns, and manage templates',
};

const EXPIRY_DAYS = [30, 90, 365] as const;

export interface ApiKeyPageOption {
  pageId: string;
  name: string;
}

export interface ApiKeysCardProps {
  keys: ApiKey[] | null;
  keysError?: boolean;
  /** The pages the admin manages (the key's page choice). */
  pages: ApiKeyPageOption[] | null;
  /** Creates the key; resolves with its text (shown once) or rejects with the server's message. */
  onCreate: (body: CreateApiKeyBody) => Promise<string>;
  /** Revokes a key; the list refreshes when it resolves. */
  onRevoke: (keyId: string) => void;
  revoking?: ReadonlySet<string>;
  /** Copies text to the clipboard (the browser's; injected so tests can see it). */
  onCopy: (text: string) => Promise<void>;
  locale?: string;
}

const when = (iso: string, locale?: string) =>
  formatTime(iso, { year: 'numeric', month: 'short', day: 'numeric' }, { locale });

export function ApiKeysCard(props: ApiKeysCardProps) {
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {shown ? (
          <CreatedKey keyText={shown} onCopy={props.onCopy} onDone={() => setShown(null)} />
        ) : creating ? (
          <CreateKeyForm
            pages={props.pages ?? []}
            onCreate={props.onCreate}
            onCreated={(key) => {
              setCreating(false);
              setShown(key);
            }}
            onCancel={() => setCreating(false)}
          />
        ) : (
          <div>
            <Button
              size="sm"
              onClick={() => setCreating(true)}
              disabled={(props.keys?.length ?? 0) >= API_KEY_LIMITS.perAdmin}
            >
              <KeyRound aria-hidden="true" />
              {T.create}
            </Button>
          </div>
        )}
        <KeyList {...props} />
      </CardContent>
    </Card>
  );
}

function CreatedKey({
  keyText,
  onCopy,
  onDone,
}: {
  keyText: string;
  onCopy: (text: string) => Promise<void>;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-2 rounded-md border border-warning bg-warning/10 p-3"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {T.createdTitle}
      </h3>
      <p className="text-xs text-muted-foreground">{T.createdHelp}</p>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          readOnly
          aria-label={T.createdTitle}
          value={keyText}
          className="min-w-0 flex-1 font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          size="sm"
          variant="outline"
          onClick={() => void onCopy(keyText).then(() => setCopied(true))}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? T.copied : T.copy}
        </Button>
      </div>
      <div>
        <Button size="sm" onClick={onDone}>
          {T.done}
        </Button>
      </div>
    </section>
  );
}

function CreateKeyForm({
  pages,
  onCreate,
  onCreated,
  onCancel,
}: {
  pages: ApiKeyPageOption[];
  onCreate: ApiKeysCardProps['onCreate'];
  onCreated: (key: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [allPages, setAllPages] = useState(true);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [scopes, setScopes] = useState<ReadonlySet<ApiKeyScope>>(new Set(['read']));
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<{ name?: string; pages?: string; scopes?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = <V,>(set: ReadonlySet<V>, v: V) => {
    const next = new Set(set);
    if (next.has(v)) next.delete(v);
    else next.add(v);
    return next;
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    const found = {
      ...(!trimmed ? { name: API_KEY_MESSAGES.nameRequired } : {}),
      ...(trimmed.length > API_KEY_LIMITS.nameMax ? { name: API_KEY_MESSAGES.nameTooLong } : {}),
      ...(!allPages && chosen.size === 0 ? { pages: API_KEY_MESSAGES.pagesRequired } : {}),
      ...(scopes.size === 0 ? { scopes: API_KEY_MESSAGES.scopesRequired } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFormError(null);
    const days = Number(expiry);
    onCreate({
      name: trimmed,
      pageIds: allPages ? 'all' : [...chosen],
      scopes: API_KEY_SCOPES.filter((s) => scopes.has(s)),
      ...(days ? { expiresAt: new Date(Date.now() + days * 86_400_000).toISOString() } : {}),
    })
      .then(onCreated)
      .catch((err: unknown) =>
        setFormError(err instanceof Error ? err.message : 'Could not create the key'),
      )
      .finally(() => setBusy(false));
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-md border border-border p-3">
      <div className="grid gap-1">
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          {T.nameLabel}
        </label>
        <Input
          id={`${id}-name`}
          value={name}
          placeholder={T.namePlaceholder}
          maxLength={API_KEY_LIMITS.nameMax + 20}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <FieldError id={`${id}-name-error`}>{errors.name}</FieldError>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{T.pagesLabel}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-pages`}
            checked={allPages}
            onChange={() => setAllPages(true)}
          />
          {T.allPages}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-pages`}
            checked={!allPages}
            onChange={() => setAllPages(false)}
          />
          {T.somePages}
        </label>
        {!allPages ? (
          <ul className="ml-6 grid gap-1">
            {pages.map((p) => (
              <li key={p.pageId}>
                <label className="flex items-center gap-2 text-sm">
                  <Checkbox
                    checked={chosen.has(p.pageId)}
                    onChange={() => setChosen(toggle(chosen, p.pageId))}
                  />
                  {p.name}
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        <FieldError>{errors.pages}</FieldError>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{T.scopesLabel}</legend>
        {API_KEY_SCOPES.map((s) => (
          <label key={s} className="flex items-start gap-2 text-sm">
            <Checkbox
              className="mt-0.5"
              checked={scopes.has(s)}
              onChange={() => setScopes(toggle(scopes, s))}
            />
            <span>
              <code className="font-mono text-xs">{s}</code>
              <span className="block text-muted-foreground">{SCOPE_LABELS[s]}</span>
            </span>
          </label>
        ))}
        <FieldError>{errors.scopes}</FieldError>
      </fieldset>
      <div className="grid max-w-xs gap-1">
        <label htmlFor={`${id}-expiry`} className="text-sm font-medium">
          {T.expiryLabel}
        </label>
        <Select
          id={`${id}-expiry`}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          options={[
            { value: '', label: T.never },
            ...EXPIRY_DAYS.map((d) => ({ value: String(d), label: T.days(d) })),
          ]}
        />
      </div>
      <FormError>{formError}</FormError>
      <div className="flex gap-2">
        <BusyButton type="submit" size="sm" busy={busy}>
          {T.submit}
        </BusyButton>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}

function KeyList({ keys, keysError, pages, onRevoke, revoking, locale }: ApiKeysCardProps) {
  const [confirming, setConfirming] = useState<string | null>(null);
  if (keysError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {T.loadError}
      </p>
    );
  if (keys === null) return <Skeleton className="h-12 w-full" />;
  if (keys.length === 0) return <p className="text-sm text-muted-foreground">{T.none}</p>;
  const pageName = (id: string) => pages?.find((p) => p.pageId === id)?.name ?? id;
  return (
    <ul aria-label={T.title} className="divide-y divide-border">
      {keys.map((k) => (
        <li key={k.id} className="grid gap-1 py-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{k.name}</span>
            <code className="font-mono text-xs text-muted-foreground">{k.prefix}…</code>
            {k.status === 'expired' ? <Badge variant="warning">{T.expired}</Badge> : null}
            <span className="ml-auto">
              {confirming === k.id ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={revoking?.has(k.id)}
                  onClick={() => setConfirming(k.id)}
                >
                  {T.revoke}
                </Button>
              )}
            </span>
          </div>
          <div className="flex flex-wrap gap-1">
            {k.scopes.map((s) => (
              <Badge key={s} variant="muted">
                {s}
              </Badge>
            ))}
            <Badge variant="outline">
              {k.pageIds === 'all' ? T.allPagesShort : k.pageIds.map(pageName).join(', ')}
            </Badge>
          </div>
          <p className="text-xs text-muted-foreground">
            {T.created(when(k.createdAt, locale))} ·{' '}
            {k.lastUsedAt ? T.lastUsed(when(k.lastUsedAt, locale), k.lastUsedIp) : T.neverUsed}
            {k.expiresAt && k.status === 'active'
              ? ` · ${T.expires(when(k.expiresAt, locale))}`
              : ''}
          </p>
          {confirming === k.id ? (
            <div
              role="alertdialog"
              aria-label={T.revokeAction}
              className="flex flex-wrap items-center gap-2"
            >
              <p className="text-sm">{T.revokeConfirm(k.name)}</p>
              <BusyButton
                size="sm"
                variant="destructive"
                busy={revoking?.has(k.id) ?? false}
                onClick={() => {
                  onRevoke(k.id);
                  setConfirming(null);
                }}
              >
                {T.revokeAction}
              </BusyButton>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                {T.cancel}
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
