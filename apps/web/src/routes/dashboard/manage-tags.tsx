import { createFileRoute } from '@tanstack/react-router';
import { ManageTagsPage } from '../../features/tags';
import { requireMessagingRole } from '../../features/auth';

export const Route = createFileRoute('/dashboard/manage-tags')({
  beforeLoad: requireMessagingRole,
  component: ManageTagsPage,
});
