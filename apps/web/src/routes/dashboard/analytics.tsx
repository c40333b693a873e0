import { createFileRoute } from '@tanstack/react-router';
import { analyticsSearch, CampaignAnalyticsPage } from '../../features/campaigns';

export const Route = createFileRoute('/dashboard/analytics')({
  component: CampaignAnalyticsPage,
  validateSearch: analyticsSearch,
});
