// /dashboard/marketing: the page's marketing-messages setup wired to the pure MarketingScreen.
import { MarketingScreen } from '@pagecast/ui/screens/marketing';
import { errorMessage } from '../../lib/query';
import { usePagesStore } from '../../stores';
import {
  useAdAccountsQuery,
  useConnectMarketing,
  useDisconnectMarketing,
  useMarketingSetupQuery,
} from './queries';

export function MarketingPage() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  const setup = useMarketingSetupQuery(pageId);
  const adAccounts = useAdAccountsQuery(pageId, Boolean(setup.data && !setup.data.adAccount));
  const connect = useConnectMarketing(pageId);
  const disconnect = useDisconnectMarketing(pageId);
  return (
    <MarketingScreen
      setup={setup.data ?? null}
      adAccounts={adAccounts.data ?? []}
      loading={setup.isLoading}
      error={setup.isError ? errorMessage(setup.error, setup.error.message) : null}
      onRetry={() => void setup.refetch()}
      onConnect={(adAccountId) => connect.mutateAsync(adAccountId)}
      onDisconnect={() => disconnect.mutateAsync()}
    />
  );
}
