import { createFileRoute } from '@tanstack/react-router';
import { ScheduleCampaignPage } from '../../features/campaigns/schedule-campaign-page';

export const Route = createFileRoute('/dashboard/schedule')({ component: ScheduleCampaignPage });
