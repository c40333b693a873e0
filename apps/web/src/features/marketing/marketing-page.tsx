// /dashboard/marketing: the page's marketing-messages setup wired to the pure MarketingScreen.
import { MarketingScreen } from '@pagecast/ui/screens/marketing';
import { errorMessage } from '../../lib/query';
import { usePagesStore } from '../../stores';
import { useConnectMarketing, useDisconnectMarketing, useMarketingSetupQuery } from './queries';

export function MarketingPage() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  const setup = useMarketingSetupQuery(pageId);
  const connect = useConnectMarketing(pageId);
  const disconnect = useDisconnectMarketing(pageId);
  return (
    <MarketingScreen
      setup={setup.data ?? null}
      loading={setup.isLoading}
      error={setup.isError ? errorMessage(setup.error, setup.error.message) : null}
      onRetry={() => void setup.refetch()}
      onConnect={(adAccountId) => connect.mutateAsync(adAccountId)}
      onDisconnect={() => disconnect.mutateAsync()}
    />
  );
}
