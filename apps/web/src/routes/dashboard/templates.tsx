import { createFileRoute } from '@tanstack/react-router';
import { requireMessagingRole } from '../../features/auth/guards';
import { TemplatesPage } from '../../features/templates/templates-page';

export const Route = createFileRoute('/dashboard/templates')({
  beforeLoad: requireMessagingRole,
  component: TemplatesPage,
});
