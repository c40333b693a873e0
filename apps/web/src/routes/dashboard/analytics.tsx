import { createFileRoute } from '@tanstack/react-router';
import { CampaignAnalyticsPage } from '../../features/campaigns/campaign-analytics-page';

export const Route = createFileRoute('/dashboard/analytics')({ component: CampaignAnalyticsPage });
