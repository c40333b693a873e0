// /dashboard/schedule: the page's tags, templates, sync state and the audience preview wired to the pure
// ScheduleCampaignScreen; creation through the contract's createCampaign.
import { missingScopes, PERMISSION_MESSAGES, UTILITY_MESSAGING_SCOPE } from '@pagecast/contract';
import { SCHEDULE_TEXT, ScheduleCampaignScreen } from '@pagecast/ui/screens/schedule-campaign';
import { useState } from 'react';
import { errorMessage } from '../../lib/query';
import { useAuthStore, usePagesStore } from '../../stores';
import { useSyncState } from '../sync';
import { useTagsQuery } from '../tags/queries';
import { useMarketingSetupQuery } from '../marketing/queries';
import { useTemplatesQuery } from '../templates/queries';
import { useAudienceQuery, useCreateCampaign } from './queries';

export function ScheduleCampaignPage({ initialTag = '' }: { initialTag?: string }) {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  const { isSyncing } = useSyncState(pageId);
  const [tagId, setTagId] = useState(initialTag);
  const tagsQuery = useTagsQuery(pageId);
  const audienceQuery = useAudienceQuery(pageId, tagId);
  const templatesQuery = useTemplatesQuery(pageId);
  const marketingQuery = useMarketingSetupQuery(pageId);
  // The screen shows a failure's message (its own text when the server sent none) and fieldErrors.
  const createCampaign = useCreateCampaign(pageId, SCHEDULE_TEXT.createFailed);
  // A path Meta would refuse for a missing permission: said beside its choice (docs/product.md §6).
  const granted = useAuthStore((s) => s.user?.grantedScopes);
  const marketingMissing = marketingQuery.data?.missingPermissions ?? [];

  return (
    <ScheduleCampaignScreen
      tags={(tagsQuery.data ?? []).map((t) => ({ id: t.tag.id, name: t.tag.name }))}
      tagsLoading={tagsQuery.isLoading}
      tagsError={tagsQuery.isError ? errorMessage(tagsQuery.error, tagsQuery.error.message) : null}
      syncing={isSyncing}
      audience={audienceQuery.data ?? null}
      audienceLoading={audienceQuery.isLoading}
      onTagChange={setTagId}
      initialTagId={initialTag}
      templates={templatesQuery.data ?? []}
      templatesLoading={templatesQuery.isLoading}
      marketingAvailable={Boolean(marketingQuery.data?.adAccount)}
      permissionNotes={{
        templates:
          missingScopes(granted, [UTILITY_MESSAGING_SCOPE]).length > 0
            ? PERMISSION_MESSAGES.templates
            : null,
        marketing:
          marketingMissing.length > 0 ? PERMISSION_MESSAGES.marketing(marketingMissing) : null,
      }}
      onSubmit={(values) => createCampaign.mutateAsync(values)}
    />
  );
}
