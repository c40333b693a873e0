// Campaign progress over the page's live stream ('campaign' events: start, counters, completion, cancel, a
// send on return) instead of polling: the stream is open while a campaign on screen is live, and each event
// updates the list row and the open detail in place. Returns whether the stream is up, so the screen polls
// only while it is not.
import { contract, type Campaign, type CampaignListResponse } from '@pagecast/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { handleUnauthorized } from '../../lib/api';
import { routeUrl } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';
import { selectIsSignedIn, useAuthStore } from '../../stores';
import { connectLiveEvents } from '../inbox';

function applyCampaign(queryClient: QueryClient, pageId: string, campaign: Campaign): void {
  queryClient.setQueriesData<CampaignListResponse>(
    { queryKey: queryKeys.campaigns.lists(pageId) },
    (data) =>
      data ? { ...data, data: data.data.map((c) => (c.id === campaign.id ? campaign : c)) } : data,
  );
  const detail = queryKeys.campaigns.detail(campaign.id);
  if (queryClient.getQueryData(detail)) {
    // The row's numbers at once; the funnel and recipients behind them are read again.
    void queryClient.invalidateQueries({ queryKey: detail });
    void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.recipientsOf(campaign.id) });
  }
}

export function useLiveCampaigns(pageId: string, watching: boolean): boolean {
  const queryClient = useQueryClient();
  const signedIn = useAuthStore(selectIsSignedIn);
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!pageId || !signedIn || !watching) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all });
    const stop = connectLiveEvents({
      url: routeUrl(contract.inbox.events, { pageId }),
      onMessage: (m) => {
        if (m.kind === 'event' && m.event.type === 'campaign')
          applyCampaign(queryClient, pageId, m.event.campaign);
        else if (m.kind === 'resync') refetch();
      },
      // Whatever happened before the stream (re)opened was missed: read it once.
      onOpen: () => {
        setConnected(true);
        refetch();
      },
      onClose: () => setConnected(false),
      onUnauthorized: handleUnauthorized,
    });
    return () => {
      stop();
      setConnected(false);
    };
  }, [pageId, signedIn, watching, queryClient]);
  return connected;
}
