import { createFileRoute } from '@tanstack/react-router';
import { requireSelectedPage } from '../../features/auth/guards';
import { DashboardLayout } from '../../features/dashboard/dashboard-layout';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: requireSelectedPage,
  component: DashboardLayout,
});
