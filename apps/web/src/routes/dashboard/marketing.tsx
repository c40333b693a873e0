import { createFileRoute } from '@tanstack/react-router';
import { requireMessagingRole } from '../../features/auth';
import { MarketingPage } from '../../features/marketing';

export const Route = createFileRoute('/dashboard/marketing')({
  beforeLoad: requireMessagingRole,
  component: MarketingPage,
});
