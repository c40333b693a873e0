// /dashboard/account (beyond the original text; the Terms promise cancellation "in account settings"):
// the admin's plan and credits and what they mean, the browsers signed in with a way to end each, the
// pages connected with the role held on each, and 'Delete my data' behind a typed confirmation.
// Pure: props in, callbacks out. Five cards of one screen, each a small component below, sharing the
// props and the loading/error frame (Loaded).
import {
  browserTimeZone,
  formatTime,
  timeZoneNames,
  type Session,
  type Subscription,
} from '@pagecast/contract';
import { LogOut, MonitorSmartphone, Trash2 } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { ScreenHeader } from '../../layout/dashboard-shell';
import { Avatar } from '../../primitives/avatar';
import { Badge } from '../../primitives/badge';
import { Button } from '../../primitives/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../primitives/card';
import { Input } from '../../primitives/input';
import { Select } from '../../primitives/select';
import { Skeleton } from '../../primitives/skeleton';

export {
  API_KEYS_TEXT,
  ApiKeysCard,
  SCOPE_LABELS,
  type ApiKeyPageOption,
  type ApiKeysCardProps,
} from './api-keys-card';

/** The word typed to confirm the deletion. */
export const DELETE_CONFIRM_WORD = 'DELETE';

export const ACCOUNT_TEXT = {
  title: 'Account',
  description: 'Your plan, your time zone, where you are signed in, your pages, and your data.',
  timeZoneTitle: 'Time zone',
  timeZoneLabel: 'Show times in',
  timeZoneHelp:
    'Every time Pagecast shows is in this zone, and the Schedule form reads the date and time you pick in it. Campaigns are stored and sent in UTC.',
  browserZone: (zone: string) => `This browser’s time zone (${zone})`,
  planTitle: 'Plan and credits',
  planFree:
    'No active plan. Every feature works without one today: plans and credits do not limit sending, pages or campaigns.',
  planPro: (until: string) => `Pro, paid until ${until}.`,
  planExpired: (on: string) => `Pro ended on ${on}. Nothing stops working; renew to keep support.`,
  credits: (n: number) => `Available credits: ${n.toLocaleString('en-US')}`,
  creditsNote: 'Credits are kept for upcoming paid features; nothing uses them yet.',
  manage: 'Change or cancel the plan (opens a chat app)',
  sessionsTitle: 'Where you are signed in',
  sessionsDescription: 'Each browser that signed in to Pagecast with your Facebook login.',
  thisBrowser: 'This browser',
  endSession: 'Sign out',
  endOthers: 'Sign out all other sessions',
  endOthersHelp: 'Every other browser must log in again; this one stays signed in.',
  unknownBrowser: 'Unknown browser',
  lastSeen: (when: string) => `Last active ${when}`,
  noSessions: 'No other sessions.',
  pagesTitle: 'Connected pages',
  pagesDescription: 'The Facebook pages you manage in Pagecast, with what your role allows.',
  fullAccess: 'Messages, tags and campaigns',
  insightsOnly: 'Insights only',
  noPages: 'No pages connected.',
  deleteTitle: 'Delete my data',
  deleteDescription:
    'Stops your scheduled campaigns and deletes your account, your access tokens, and every page only you manage with its contacts, messages, tags and campaigns. Pages another admin also manages stay with them. This cannot be undone.',
  deleteConfirmLabel: `Type ${DELETE_CONFIRM_WORD} to confirm`,
  deleteAction: 'Log in with Facebook and delete my data',
  loadError: 'Could not load this part. Try again in a moment.',
} as const;

const T = ACCOUNT_TEXT;

export interface AccountPage {
  pageId: string;
  name: string;
  profilePicture: string | null;
  canMessage: boolean;
}

export interface AccountScreenProps {
  subscription: Subscription | null;
  subscriptionError?: boolean;
  /** The chat app link for plan changes (the spec's support contact). */
  onManagePlan: () => void;
  sessions: Session[] | null;
  sessionsError?: boolean;
  /** Ends another browser's session; the list refreshes when it resolves. */
  onEndSession: (id: string) => void;
  /** Sessions being ended. */
  endingSessions?: ReadonlySet<string>;
  /** Ends every session but this browser's; absent: not offered. */
  onEndOtherSessions?: () => void;
  endingOthers?: boolean;
  pages: AccountPage[] | null;
  pagesError?: boolean;
  /** Starts the deletion (a Facebook login first); undefined while it cannot be offered. */
  onDeleteData?: () => void;
  deleting?: boolean;
  locale?: string;
  /** The chosen zone (IANA name), null for the browser's, undefined while it loads. */
  timeZone?: string | null;
  timeZoneError?: boolean;
  /** Saves a zone (null: the browser's); absent: the setting is not offered. */
  onTimeZoneChange?: (zone: string | null) => void;
  savingTimeZone?: boolean;
  /** The 'API keys' card (ApiKeysCard, composed by the app with its own state), after the sessions. */
  apiKeys?: ReactNode;
}

const formatDate = (iso: string, locale?: string) =>
  formatTime(iso, { year: 'numeric', month: 'short', day: 'numeric' }, { locale });
const formatDateTime = (iso: string, locale?: string) =>
  formatTime(
    iso,
    { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
    { locale },
  );

/** 'Chrome on Linux' from a User-Agent, else the raw string cut short. */
export function browserName(userAgent: string | null): string {
  if (!userAgent) return T.unknownBrowser;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? userAgent.slice(0, 60);
}

export function AccountScreen(props: AccountScreenProps) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">
      <ScreenHeader title={T.title} description={T.description} />
      {/* Grid items may shrink below their content (long button labels wrap instead of overflowing). */}
      <div className="grid w-full max-w-3xl gap-6 [&>*]:min-w-0">
        <PlanCard {...props} />
        {props.onTimeZoneChange ? <TimeZoneCard {...props} /> : null}
        <SessionsCard {...props} />
        {props.apiKeys}
        <PagesCard {...props} />
        <DeleteCard {...props} />
      </div>
    </div>
  );
}

/** A card's part that loads: the error, or a placeholder until `value` is there, else `children`. */
function Loaded<T>({
  value,
  error,
  height,
  children,
}: {
  value: T | null;
  error?: boolean;
  height: string;
  children: (value: T) => ReactNode;
}) {
  if (error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {T.loadError}
      </p>
    );
  if (value === null) return <Skeleton className={`${height} w-full`} />;
  return <>{children(value)}</>;
}

function PlanCard({ subscription, subscriptionError, onManagePlan, locale }: AccountScreenProps) {
  let line: string | null = null;
  if (subscription) {
    if (subscription.status === 'active' && subscription.periodEnd)
      line = T.planPro(formatDate(subscription.periodEnd, locale));
    else if (subscription.status === 'expired' && subscription.periodEnd)
      line = T.planExpired(formatDate(subscription.periodEnd, locale));
    else line = T.planFree;
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.planTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <Loaded value={subscription} error={subscriptionError} height="h-10">
          {(sub) => (
            <>
              <p>{line}</p>
              <p>
                <span className="font-medium">{T.credits(sub.availableCredits)}</span>
                <span className="block text-muted-foreground">{T.creditsNote}</span>
              </p>
            </>
          )}
        </Loaded>
        <div>
          <Button
            variant="outline"
            size="sm"
            className="h-auto min-h-8 py-1.5 text-left whitespace-normal"
            onClick={onManagePlan}
          >
            {T.manage}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** 'Europe/Paris' -> 'Europe': the select's groups. */
function zoneGroups(): Array<{ label: string; options: Array<{ value: string; label: string }> }> {
  const groups = new Map<string, Array<{ value: string; label: string }>>();
  for (const zone of timeZoneNames()) {
    const region = zone.includes('/') ? zone.slice(0, zone.indexOf('/')) : 'Other';
    const list = groups.get(region) ?? [];
    list.push({ value: zone, label: zone.replaceAll('_', ' ') });
    groups.set(region, list);
  }
  return [...groups].map(([label, options]) => ({ label, options }));
}

function TimeZoneCard({
  timeZone,
  timeZoneError,
  onTimeZoneChange,
  savingTimeZone,
}: AccountScreenProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const groups = useMemo(zoneGroups, []);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.timeZoneTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Loaded
          value={timeZone === undefined ? null : { timeZone }}
          error={timeZoneError}
          height="h-10"
        >
          {({ timeZone: zone }) => (
            <>
              <label htmlFor={id} className="text-sm font-medium">
                {T.timeZoneLabel}
              </label>
              <Select
                id={id}
                aria-describedby={helpId}
                wrapperClassName="max-w-sm"
                value={zone ?? ''}
                disabled={savingTimeZone}
                aria-busy={savingTimeZone || undefined}
                options={[{ value: '', label: T.browserZone(browserTimeZone()) }]}
                groups={groups}
                onChange={(e) => onTimeZoneChange?.(e.target.value || null)}
              />
              <p id={helpId} className="text-xs text-muted-foreground">
                {T.timeZoneHelp}
              </p>
            </>
          )}
        </Loaded>
      </CardContent>
    </Card>
  );
}

function SessionsCard({
  sessions,
  sessionsError,
  onEndSession,
  endingSessions,
  onEndOtherSessions,
  endingOthers,
  locale,
}: AccountScreenProps) {
  const others = (sessions ?? []).some((s) => !s.current);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.sessionsTitle}</CardTitle>
        <CardDescription>{T.sessionsDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <Loaded value={sessions} error={sessionsError} height="h-12">
          {(sessions) => (
            <ul aria-label={T.sessionsTitle} className="divide-y divide-border">
              {sessions.map((s) => (
                <li key={s.id} className="flex items-center gap-3 py-3">
                  <MonitorSmartphone aria-hidden="true" className="size-5 shrink-0" />
                  <div className="grid min-w-0 flex-1 text-sm">
                    <span className="flex flex-wrap items-center gap-2 font-medium">
                      {browserName(s.userAgent)}
                      {s.current ? <Badge variant="secondary">{T.thisBrowser}</Badge> : null}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {T.lastSeen(formatDateTime(s.lastSeenAt, locale))}
                      {s.ip ? ` · ${s.ip}` : ''}
                    </span>
                  </div>
                  {s.current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => onEndSession(s.id)}
                      loading={endingSessions?.has(s.id)}
                      aria-label={`${T.endSession}: ${browserName(s.userAgent)}, ${T.lastSeen(formatDateTime(s.lastSeenAt, locale))}`}
                    >
                      <LogOut aria-hidden="true" />
                      {T.endSession}
                    </Button>
                  )}
                </li>
              ))}
              {sessions.every((s) => s.current) ? (
                <li className="py-3 text-sm text-muted-foreground">{T.noSessions}</li>
              ) : null}
            </ul>
          )}
        </Loaded>
        {onEndOtherSessions && others ? (
          <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-border pt-3">
            <Button variant="outline" size="sm" onClick={onEndOtherSessions} loading={endingOthers}>
              <LogOut aria-hidden="true" />
              {T.endOthers}
            </Button>
            <span className="text-xs text-muted-foreground">{T.endOthersHelp}</span>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PagesCard({ pages, pagesError }: AccountScreenProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.pagesTitle}</CardTitle>
        <CardDescription>{T.pagesDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <Loaded value={pages} error={pagesError} height="h-12">
          {(pages) =>
            pages.length === 0 ? (
              <p className="text-sm text-muted-foreground">{T.noPages}</p>
            ) : (
              <ul aria-label={T.pagesTitle} className="divide-y divide-border">
                {pages.map((p) => (
                  <li key={p.pageId} className="flex items-center gap-3 py-3">
                    <Avatar src={p.profilePicture} name={p.name} size="sm" />
                    <span className="min-w-0 flex-1 truncate text-sm font-medium">
                      <bdi>{p.name}</bdi>
                    </span>
                    <Badge
                      variant={p.canMessage ? 'secondary' : 'outline'}
                      className="shrink-0 whitespace-normal text-right"
                    >
                      {p.canMessage ? T.fullAccess : T.insightsOnly}
                    </Badge>
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
      </CardContent>
    </Card>
  );
}

function DeleteCard({ onDeleteData, deleting = false }: AccountScreenProps) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const confirmed = typed.trim() === DELETE_CONFIRM_WORD;
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle as="h2">{T.deleteTitle}</CardTitle>
        <CardDescription>{T.deleteDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <label htmlFor={inputId} className="text-sm font-medium">
          {T.deleteConfirmLabel}
        </label>
        <Input
          id={inputId}
          value={typed}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setTyped(e.target.value)}
          className="max-w-60"
        />
        <div>
          <Button
            variant="destructive"
            className="h-auto min-h-9 py-2 text-left whitespace-normal"
            disabled={!confirmed || !onDeleteData}
            loading={deleting}
            onClick={() => {
              if (confirmed) onDeleteData?.();
            }}
          >
            {deleting ? null : <Trash2 aria-hidden="true" />}
            {T.deleteAction}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
