import { createFileRoute } from '@tanstack/react-router';
import { requireMessagingRole } from '../../features/auth';
import { TemplatesPage } from '../../features/templates';

export const Route = createFileRoute('/dashboard/templates')({
  beforeLoad: requireMessagingRole,
  component: TemplatesPage,
});
