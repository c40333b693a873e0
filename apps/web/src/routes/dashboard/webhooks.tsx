import { createFileRoute } from '@tanstack/react-router';
import { requireMessagingRole } from '../../features/auth';
import { WebhooksPage } from '../../features/webhooks';

export const Route = createFileRoute('/dashboard/webhooks')({
  beforeLoad: requireMessagingRole,
  component: WebhooksPage,
});
