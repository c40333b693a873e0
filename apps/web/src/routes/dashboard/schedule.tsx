import { createFileRoute } from '@tanstack/react-router';
import { ScheduleCampaignPage } from '../../features/campaigns/schedule-campaign-page';
import { requireMessagingRole } from '../../features/auth/guards';

export const Route = createFileRoute('/dashboard/schedule')({
  beforeLoad: requireMessagingRole,
  component: ScheduleCampaignPage,
});
