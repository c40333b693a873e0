// /dashboard/marketing: the page's marketing-messages setup (the ad account Meta bills, checked with Meta) and
// its subscribers. Pure: the setup comes in, connect / disconnect go out.
import {
  MARKETING_MESSAGES,
  type MarketingAdAccount,
  type MarketingSetup,
} from '@pagecast/contract';
import { Info, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { PermissionNotice, type PermissionNoticeProps } from '../../components/permission-notice';
import { ScreenHeader } from '../../layout/dashboard-shell';
import { Button } from '../../primitives/button';
import {
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../primitives/dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../primitives/card';
import { BusyButton } from '../../primitives/form-feedback';
import { fieldA11y, FormField } from '../../primitives/form-field';
import { Input } from '../../primitives/input';
import { Select } from '../../primitives/select';
import { Skeleton } from '../../primitives/skeleton';
import { toast } from '../../primitives/toaster';
import { MARKETING_TEXT as T } from './texts';

export { MARKETING_TEXT } from './texts';
export type { PermissionNoticeProps } from '../../components/permission-notice';

/** What a failed connect rejects with: the server's error body (or an Error with a message). */
export interface MarketingActionError {
  message?: string;
  fieldErrors?: Record<string, string[]>;
}

export interface MarketingScreenProps {
  setup: MarketingSetup | null;
  /** The ad accounts Meta lets the admin use (empty: the id is typed). */
  adAccounts?: MarketingAdAccount[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onConnect: (adAccountId: string) => Promise<unknown>;
  onDisconnect: () => Promise<unknown>;
  /** Marketing permissions are missing: which, and the 'Connect marketing' login that asks for them. */
  permissionNotice?: PermissionNoticeProps | null;
  /** The selected page's name and the admin's other pages' names (the connect confirmation warns on them). */
  pageName?: string;
  otherPageNames?: string[];
}

export function MarketingScreen({
  setup,
  adAccounts = [],
  loading,
  error,
  onRetry,
  onConnect,
  onDisconnect,
  permissionNotice,
  pageName = T.thisPage,
  otherPageNames = [],
}: MarketingScreenProps) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">
      <ScreenHeader title={T.title} description={T.description} />
      {permissionNotice ? <PermissionNotice {...permissionNotice} /> : null}
      <div
        role="note"
        className="flex max-w-3xl items-start gap-3 rounded-md border border-warning/60 bg-warning/15 px-4 py-3 text-sm text-warning-foreground dark:text-foreground"
      >
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        <p>{MARKETING_MESSAGES.billingNotice}</p>
      </div>
      {error ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
          <span>
            {T.loadError} {error}
          </span>
          <Button variant="outline" size="sm" onClick={onRetry}>
            {T.retry}
          </Button>
        </div>
      ) : null}
      <div className="grid max-w-3xl gap-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{T.accountTitle}</CardTitle>
            <CardDescription>{T.accountDescription}</CardDescription>
          </CardHeader>
          <CardContent>
            {loading ? (
              <Skeleton className="h-10 w-full" />
            ) : setup?.adAccount ? (
              <ConnectedAccount account={setup.adAccount} onDisconnect={onDisconnect} />
            ) : setup ? (
              <ConnectForm
                accounts={adAccounts}
                onConnect={onConnect}
                pageName={pageName}
                otherPageNames={otherPageNames}
              />
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">{T.subscribersTitle}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {loading ? (
              <Skeleton className="h-12 w-48" />
            ) : (
              <div className="flex gap-8" data-testid="subscriber-counts">
                <Count label={T.subscribed} value={setup?.subscribers ?? 0} />
                <Count label={T.stopped} value={setup?.stopped ?? 0} />
              </div>
            )}
            <div className="grid gap-2 text-sm">
              <h3 className="font-medium">{T.howTitle}</h3>
              <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
                {T.how.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid">
      <span className="text-2xl font-semibold tabular-nums">{value.toLocaleString('en')}</span>
      <span className="text-sm text-muted-foreground">{label}</span>
    </div>
  );
}

/**
 * Another of the admin's pages that the ad account's name mentions (the demo's 'Spoke & Chain Bike Shop Ads'
 * offered on the bakery). A hint only: Meta's API gives no page-to-business check that Pagecast reads.
 */
export function otherPageNamed(accountName: string, others: string[]): string | undefined {
  const name = accountName.toLowerCase();
  return others.find((o) => o.trim().length >= 3 && name.includes(o.trim().toLowerCase()));
}

function ConnectForm({
  accounts,
  onConnect,
  pageName,
  otherPageNames,
}: {
  accounts: MarketingAdAccount[];
  onConnect: (adAccountId: string) => Promise<unknown>;
  pageName: string;
  otherPageNames: string[];
}) {
  const id = `${useId()}-adAccountId`;
  const listId = `${id}-list`;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const chosen = accounts.find((a) => a.id === value.trim());
  const accountLabel = chosen ? T.accountOption(chosen.name, chosen.id) : value.trim();
  const other = chosen ? otherPageNamed(chosen.name, otherPageNames) : undefined;
  // Connecting decides who Meta bills: said and confirmed first (an empty id goes straight to its error).
  const ask = () => {
    if (busy) return;
    if (!value.trim()) void submit();
    else setConfirming(true);
  };
  const submit = async () => {
    if (busy) return;
    setConfirming(false);
    setBusy(true);
    setError(undefined);
    try {
      await onConnect(value.trim());
      toast.success(T.connected);
      setValue('');
    } catch (err) {
      const body = (err ?? {}) as MarketingActionError;
      const field = body.fieldErrors?.adAccountId?.[0];
      if (field) setError(field);
      else toast.error(body.message || T.connectFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-4">
      {accounts.length > 0 ? (
        <FormField id={listId} label={T.yourAccounts}>
          <Select
            id={listId}
            placeholder={T.chooseAccount}
            options={accounts.map((a) => ({ value: a.id, label: T.accountOption(a.name, a.id) }))}
            value={accounts.some((a) => a.id === value) ? value : ''}
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
          />
        </FormField>
      ) : null}
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
        onSubmit={(e) => {
          e.preventDefault();
          ask();
        }}
      >
        <FormField id={id} label={T.accountLabel} error={error}>
          <Input
            {...fieldA11y(id, Boolean(error))}
            value={value}
            placeholder={T.accountPlaceholder}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
          />
        </FormField>
        <BusyButton type="submit" busy={busy} className="sm:mt-7">
          {busy ? T.connecting : T.connect}
        </BusyButton>
      </form>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogHeader>
          <DialogTitle>{T.connectTitle}</DialogTitle>
          <DialogDescription>{T.connectDescription(accountLabel, pageName)}</DialogDescription>
        </DialogHeader>
        {other ? (
          <p role="alert" className="flex gap-2 text-sm text-warning-foreground dark:text-warning">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {T.connectOtherPage(other)}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            {T.connectCancel}
          </Button>
          <Button onClick={() => void submit()}>{T.connectConfirm}</Button>
        </DialogFooter>
      </Dialog>
    </div>
  );
}

function ConnectedAccount({
  account,
  onDisconnect,
}: {
  account: NonNullable<MarketingSetup['adAccount']>;
  onDisconnect: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3" data-testid="ad-account">
      <div className="grid min-w-0">
        <p className="truncate font-medium">{account.name}</p>
        <p className="font-mono text-sm text-muted-foreground">
          {account.id}
          {account.currency ? ` · ${T.currency(account.currency)}` : ''}
        </p>
      </div>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        {T.disconnect}
      </Button>
      <ConfirmDeleteDialog
        open={confirming}
        title={T.disconnectTitle}
        description={T.disconnectDescription}
        confirmLabel={T.disconnect}
        busyLabel={T.disconnecting}
        cancelLabel={T.keep}
        successMessage={T.disconnected}
        failureMessage={(err) =>
          (err as MarketingActionError | undefined)?.message || T.disconnectFailed
        }
        onConfirm={onDisconnect}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
