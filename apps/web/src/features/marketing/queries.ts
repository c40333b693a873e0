// The marketing-messages calls of the web app: the page's setup (Marketing shows and changes it; Schedule offers
// the paid path only when an ad account is connected), connect and disconnect.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketingSetup } from '@pagecast/contract';
import { tsr } from '../../lib/api';
import { pageRequest, unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';

export function useMarketingSetupQuery(pageId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.marketing.setup(pageId ?? ''),
    enabled: Boolean(pageId),
    queryFn: async () =>
      unwrap(await tsr.marketing.getMarketing.query({ params: { pageId: pageId ?? '' } }), 200),
  });
}

/** The ad accounts Meta lets the admin use: only read while the page has none connected. */
export function useAdAccountsQuery(pageId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.marketing.adAccounts(pageId ?? ''),
    enabled: Boolean(pageId) && enabled,
    queryFn: async () =>
      unwrap(await tsr.marketing.listAdAccounts.query({ params: { pageId: pageId ?? '' } }), 200),
  });
}

/** Connect / disconnect: the answer is the new setup, put in the cache Schedule reads too. */
function useSetupMutation<V>(
  pageId: string | undefined,
  request: (pageId: string, variables: V) => Promise<MarketingSetup>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pageRequest(pageId, request),
    onSuccess: (setup) => {
      if (pageId) queryClient.setQueryData(queryKeys.marketing.setup(pageId), setup);
    },
  });
}

export const useConnectMarketing = (pageId: string | undefined) =>
  useSetupMutation(pageId, async (id, adAccountId: string) =>
    unwrap(
      await tsr.marketing.connectMarketing.mutate({
        params: { pageId: id },
        body: { adAccountId },
      }),
      200,
    ),
  );

export const useDisconnectMarketing = (pageId: string | undefined) =>
  useSetupMutation(pageId, async (id, _: void) =>
    unwrap(await tsr.marketing.disconnectMarketing.mutate({ params: { pageId: id } }), 200),
  );
