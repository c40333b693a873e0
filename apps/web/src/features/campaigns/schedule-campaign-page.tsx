// /dashboard/schedule: the page's tags, templates, sync state and the audience preview wired to the pure
// ScheduleCampaignScreen; creation through the contract's createCampaign.
import { SCHEDULE_TEXT, ScheduleCampaignScreen } from '@pagecast/ui/screens/schedule-campaign';
import { useState } from 'react';
import { errorMessage } from '../../lib/query';
import { usePagesStore } from '../../stores';
import { useSyncState } from '../sync';
import { useTagsQuery } from '../tags/queries';
import { useMarketingSetupQuery } from '../marketing/queries';
import { useTemplatesQuery } from '../templates/queries';
import { useAudienceQuery, useCreateCampaign } from './queries';

export function ScheduleCampaignPage() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  const { isSyncing } = useSyncState(pageId);
  const [tagId, setTagId] = useState('');
  const tagsQuery = useTagsQuery(pageId);
  const audienceQuery = useAudienceQuery(pageId, tagId);
  const templatesQuery = useTemplatesQuery(pageId);
  const marketingQuery = useMarketingSetupQuery(pageId);
  // The screen shows a failure's message (its own text when the server sent none) and fieldErrors.
  const createCampaign = useCreateCampaign(pageId, SCHEDULE_TEXT.createFailed);

  return (
    <ScheduleCampaignScreen
      tags={(tagsQuery.data ?? []).map((t) => ({ id: t.tag.id, name: t.tag.name }))}
      tagsLoading={tagsQuery.isLoading}
      tagsError={tagsQuery.isError ? errorMessage(tagsQuery.error, tagsQuery.error.message) : null}
      syncing={isSyncing}
      audience={audienceQuery.data ?? null}
      audienceLoading={audienceQuery.isLoading}
      onTagChange={setTagId}
      templates={templatesQuery.data ?? []}
      templatesLoading={templatesQuery.isLoading}
      marketingAvailable={Boolean(marketingQuery.data?.adAccount)}
      onSubmit={(values) => createCampaign.mutateAsync(values)}
    />
  );
}
