// /dashboard/schedule: the page's tags, its sync state and the audience preview wired to the pure
// ScheduleCampaignScreen; creation through the contract's createCampaign.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toCreateCampaignBody, type CampaignFormValues } from '@pagecast/contract';
import { SCHEDULE_TEXT, ScheduleCampaignScreen } from '@pagecast/ui/screens/schedule-campaign';
import { useState } from 'react';
import { tsr } from '../../lib/api';
import { errorMessage, noPageSelected, unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';
import { usePagesStore } from '../../stores';
import { useSyncState } from '../sync';

export function ScheduleCampaignPage() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  const queryClient = useQueryClient();
  const { isSyncing } = useSyncState(pageId);
  const [tagId, setTagId] = useState('');

  // Spec §5: the tag list query is skipped when no page is selected.
  const tagsQuery = useQuery({
    queryKey: queryKeys.tags.list(pageId ?? ''),
    enabled: Boolean(pageId),
    queryFn: async () =>
      unwrap(await tsr.tags.listTags.query({ params: { pageId: pageId ?? '' } }), 200),
  });

  const audienceQuery = useQuery({
    queryKey: queryKeys.campaigns.audience(pageId ?? '', tagId),
    enabled: Boolean(pageId),
    queryFn: async () =>
      unwrap(
        await tsr.campaigns.audiencePreview.query({
          params: { pageId: pageId ?? '' },
          query: tagId ? { tagId } : {},
        }),
        200,
      ),
  });

  const onSubmit = async (values: CampaignFormValues) => {
    if (!pageId) throw noPageSelected();
    const res = await tsr.campaigns.createCampaign.mutate({
      body: toCreateCampaignBody(values, pageId),
    });
    if (res.status !== 201) console.error('Campaign creation failed', res.status, res.body ?? {});
    // The screen shows the error's message (its own text when the server sent none) and fieldErrors.
    unwrap(res, 201, SCHEDULE_TEXT.createFailed);
    void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all });
  };

  return (
    <ScheduleCampaignScreen
      tags={(tagsQuery.data ?? []).map((t) => ({ id: t.tag.id, name: t.tag.name }))}
      tagsLoading={tagsQuery.isLoading}
      tagsError={tagsQuery.isError ? errorMessage(tagsQuery.error, tagsQuery.error.message) : null}
      syncing={isSyncing}
      audience={audienceQuery.data ?? null}
      audienceLoading={audienceQuery.isLoading}
      onTagChange={setTagId}
      onSubmit={onSubmit}
    />
  );
}
