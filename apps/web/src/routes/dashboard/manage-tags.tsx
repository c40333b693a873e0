import { createFileRoute } from '@tanstack/react-router';
import { ManageTagsPage } from '../../features/tags/manage-tags-page';
import { requireMessagingRole } from '../../features/auth/guards';

export const Route = createFileRoute('/dashboard/manage-tags')({
  beforeLoad: requireMessagingRole,
  component: ManageTagsPage,
});
