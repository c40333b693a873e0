import { createFileRoute } from '@tanstack/react-router';
import { ManageTagsScreen } from '../../features/dashboard/screens';

export const Route = createFileRoute('/dashboard/manage-tags')({ component: ManageTagsScreen });
