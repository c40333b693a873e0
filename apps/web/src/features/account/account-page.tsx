// /dashboard/account: the admin's plan and credits, sessions (end another browser's), API keys, connected pages,
// and 'Delete my data' (a Facebook login, then the deletion status page), wired to the pure AccountScreen.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@pagecast/ui';
import { AccountScreen, ApiKeysCard } from '@pagecast/ui/screens/account';
import { env } from '../../lib/env';
import { errorMessage } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';
import { useDataDeletion } from '../public';
import { useSubscriptionQuery } from '../subscription';
import {
  createApiKey,
  endOtherSessions,
  revokeApiKey,
  useApiKeysQuery,
  endSession,
  saveTimeZone,
  useAccountPagesQuery,
  useAccountSettingsQuery,
  useSessionsQuery,
} from './queries';

export function AccountPage() {
  const queryClient = useQueryClient();
  const subscription = useSubscriptionQuery(true);
  const sessions = useSessionsQuery();
  const pages = useAccountPagesQuery();
  const deletion = useDataDeletion({ after: 'status' });
  const ending = usePendingIds();
  const onEndSession = (id: string) =>
    ending.run(id, endSession(id), {
      done: 'Signed out of that browser',
      failed: 'Could not sign that browser out',
      then: () => void queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions() }),
    });

  const settings = useAccountSettingsQuery();
  const [savingZone, setSavingZone] = useState(false);
  const onTimeZoneChange = (zone: string | null) => {
    setSavingZone(true);
    saveTimeZone(zone)
      .then((saved) => {
        // The layout applies it and redraws the screens in the new zone.
        queryClient.setQueryData(queryKeys.account.settings(), { timeZone: saved });
        toast.success(
          saved ? `Times are now shown in ${saved}` : 'Times follow this browser’s zone',
        );
      })
      .catch((err: unknown) => toast.error(errorMessage(err, 'Could not save the time zone')))
      .finally(() => setSavingZone(false));
  };

  const [endingOthers, setEndingOthers] = useState(false);
  const onEndOtherSessions = () => {
    setEndingOthers(true);
    endOtherSessions()
      .then((n) => toast.success(`Signed out of ${n} other session${n === 1 ? '' : 's'}`))
      .catch((err: unknown) => toast.error(errorMessage(err, 'Could not sign the others out')))
      .finally(() => {
        setEndingOthers(false);
        void queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions() });
      });
  };

  const apiKeys = useApiKeysQuery();
  const revoking = usePendingIds();
  const refreshKeys = () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.account.apiKeys() });
  const onRevokeKey = (keyId: string) =>
    revoking.run(keyId, revokeApiKey(keyId), {
      done: 'API key revoked',
      failed: 'Could not revoke the key',
      then: refreshKeys,
    });
  const apiKeysCard = (
    <ApiKeysCard
      keys={apiKeys.data ?? null}
      keysError={apiKeys.isError}
      pages={pages.data ?? null}
      onCreate={(body) =>
        createApiKey(body).then((key) => {
          refreshKeys();
          return key;
        })
      }
      onRevoke={onRevokeKey}
      revoking={revoking.ids}
      onCopy={(text) => navigator.clipboard.writeText(text)}
    />
  );

  return (
    <AccountScreen
      apiKeys={apiKeysCard}
      subscription={subscription.data ?? null}
      subscriptionError={subscription.isError}
      onManagePlan={() => window.open(env.supportUrl, '_blank', 'noopener,noreferrer')}
      sessions={sessions.data ?? null}
      sessionsError={sessions.isError}
      onEndSession={onEndSession}
      endingSessions={ending.ids}
      onEndOtherSessions={onEndOtherSessions}
      endingOthers={endingOthers}
      pages={pages.data ?? null}
      pagesError={pages.isError}
      onDeleteData={() => void deletion.relogin()}
      deleting={deletion.pending}
      timeZone={settings.isPending ? undefined : (settings.data?.timeZone ?? null)}
      timeZoneError={settings.isError}
      onTimeZoneChange={onTimeZoneChange}
      savingTimeZone={savingZone}
    />
  );
}

/**
 * The rows with a call in flight (a session being ended, a key being revoked): `run` marks the id until its
 * call settles, toasts the outcome, then runs `then` (a refetch).
 */
function usePendingIds() {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const run = (
    id: string,
    call: Promise<unknown>,
    text: { done: string; failed: string; then: () => void },
  ) => {
    setIds((s) => new Set(s).add(id));
    call
      .then(() => toast.success(text.done))
      .catch((err: unknown) => toast.error(errorMessage(err, text.failed)))
      .finally(() => {
        setIds((s) => {
          const next = new Set(s);
          next.delete(id);
          return next;
        });
        text.then();
      });
  };
  return { ids, run };
}
