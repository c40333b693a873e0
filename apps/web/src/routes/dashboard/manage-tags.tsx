import { createFileRoute } from '@tanstack/react-router';
import { ManageTagsPage } from '../../features/tags/manage-tags-page';

export const Route = createFileRoute('/dashboard/manage-tags')({ component: ManageTagsPage });
