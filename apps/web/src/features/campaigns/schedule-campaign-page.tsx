// /dashboard/schedule: the page's tags, templates, sync state and the audience preview wired to the pure
// ScheduleCampaignScreen; the review before Confirm (its contact, the test send); creation through the
// contract's createCampaign, then the campaign's detail.
import {
  ALL_USERS,
  audienceOfTag,
  missingScopes,
  PERMISSION_MESSAGES,
  UTILITY_MESSAGING_SCOPE,
  type CampaignAudience,
} from '@pagecast/contract';
import { SCHEDULE_TEXT, ScheduleCampaignScreen } from '@pagecast/ui/screens/schedule-campaign';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../lib/query';
import { useAuthStore, usePagesStore } from '../../stores';
import { useSyncState } from '../sync';
import { useTagsQuery } from '../tags';
import { useMarketingSetupQuery } from '../marketing';
import { useTemplatesQuery } from '../templates';
import {
  useAudienceQuery,
  useCampaignReviewQuery,
  useCreateCampaign,
  useSendTestMessage,
} from './queries';

export function ScheduleCampaignPage({ initialTag = '' }: { initialTag?: string }) {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  const pageName = usePagesStore((s) => s.selectedPage?.name);
  const navigate = useNavigate();
  const [reviewOpen, setReviewOpen] = useState(false);
  // The admin's price per paid marketing message, for the review's estimate (kept while the page is open).
  const [price, setPrice] = useState('');
  const { isSyncing } = useSyncState(pageId);
  // A follow-up from a campaign's results opens with its recipients' tag as the audience.
  const [audience, setAudience] = useState<CampaignAudience>(
    initialTag ? audienceOfTag(initialTag) : ALL_USERS,
  );
  const tagsQuery = useTagsQuery(pageId);
  const audienceQuery = useAudienceQuery(pageId, audience);
  const templatesQuery = useTemplatesQuery(pageId);
  const marketingQuery = useMarketingSetupQuery(pageId);
  // The screen shows a failure's message (its own text when the server sent none) and fieldErrors.
  const createCampaign = useCreateCampaign(pageId, SCHEDULE_TEXT.createFailed);
  const reviewQuery = useCampaignReviewQuery(pageId, audience, reviewOpen);
  const sendTest = useSendTestMessage(pageId);
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
      onAudienceChange={setAudience}
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
      onReviewChange={setReviewOpen}
      review={reviewQuery.data ?? null}
      onSendTest={(msg, imageUrl) => sendTest.mutateAsync({ msg, imageUrl })}
      pageName={pageName}
      price={price}
      onPriceChange={setPrice}
      onSubmit={async (values) => {
        const created = await createCampaign.mutateAsync(values);
        // What was just confirmed, opened: its numbers move there as it sends.
        void navigate({ to: '/dashboard/analytics', search: { campaign: created.id } });
      }}
    />
  );
}
