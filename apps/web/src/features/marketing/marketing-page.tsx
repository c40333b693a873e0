// /dashboard/marketing: the page's marketing-messages setup wired to the pure MarketingScreen.
import { marketingLoginScopes, PERMISSION_MESSAGES } from '@pagecast/contract';
import { MarketingScreen } from '@pagecast/ui/screens/marketing';
import { env } from '../../lib/env';
import { errorMessage } from '../../lib/query';
import { usePagesStore } from '../../stores';
import { useReconnect } from '../auth';

/** Meta's onboarding Flow 2: a second, explicit login asking for the marketing permissions. */
const MARKETING_LOGIN_SCOPES = marketingLoginScopes(env.features);
import {
  useAdAccountsQuery,
  useConnectMarketing,
  useDisconnectMarketing,
  useMarketingSetupQuery,
} from './queries';

export function MarketingPage() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  const pageName = usePagesStore((s) => s.selectedPage?.name);
  const pages = usePagesStore((s) => s.pages);
  const setup = useMarketingSetupQuery(pageId);
  const adAccounts = useAdAccountsQuery(pageId, Boolean(setup.data && !setup.data.adAccount));
  const connect = useConnectMarketing(pageId);
  const disconnect = useDisconnectMarketing(pageId);
  const connectLogin = useReconnect(MARKETING_LOGIN_SCOPES);
  const missing = setup.data?.missingPermissions ?? [];
  return (
    <MarketingScreen
      setup={setup.data ?? null}
      adAccounts={adAccounts.data ?? []}
      loading={setup.isLoading}
      error={setup.isError ? errorMessage(setup.error, setup.error.message) : null}
      onRetry={() => void setup.refetch()}
      onConnect={(adAccountId) => connect.mutateAsync(adAccountId)}
      onDisconnect={() => disconnect.mutateAsync()}
      {...(pageName ? { pageName } : {})}
      otherPageNames={pages.filter((p) => p.pageId !== pageId).map((p) => p.name)}
      permissionNotice={
        missing.length > 0
          ? {
              message: PERMISSION_MESSAGES.marketing(missing),
              actionLabel: PERMISSION_MESSAGES.connectMarketing,
              onAction: () => void connectLogin.login(),
              busy: connectLogin.pending,
            }
          : null
      }
    />
  );
}
