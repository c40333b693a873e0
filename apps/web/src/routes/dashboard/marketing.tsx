import { createFileRoute } from '@tanstack/react-router';
import { requireMessagingRole } from '../../features/auth/guards';
import { MarketingPage } from '../../features/marketing/marketing-page';

export const Route = createFileRoute('/dashboard/marketing')({
  beforeLoad: requireMessagingRole,
  component: MarketingPage,
});
