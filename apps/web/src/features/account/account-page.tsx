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
  const [ending, setEnding] = useState<ReadonlySet<string>>(new Set());

  const onEndSession = (id: string) => {
    setEnding((s) => new Set(s).add(id));
    endSession(id)
      .then(() => toast.success('Signed out of that browser'))
      .catch((err: unknown) => toast.error(errorMessage(err, 'Could not sign that browser out')))
      .finally(() => {
        setEnding((s) => {
          const next = new Set(s);
          next.delete(id);
          return next;
        });
        void queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions() });
      });
  };

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
  const [revoking, setRevoking] = useState<ReadonlySet<string>>(new Set());
  const refreshKeys = () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.account.apiKeys() });
  const onRevokeKey = (keyId: string) => {
    setRevoking((s) => new Set(s).add(keyId));
    revokeApiKey(keyId)
      .then(() => toast.success('API key revoked'))
      .catch((err: unknown) => toast.error(errorMessage(err, 'Could not revoke the key')))
      .finally(() => {
        setRevoking((s) => {
          const next = new Set(s);
          next.delete(keyId);
          return next;
        });
        refreshKeys();
      });
  };
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
      revoking={revoking}
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
      endingSessions={ending}
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
