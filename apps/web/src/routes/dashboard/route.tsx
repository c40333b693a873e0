import { createFileRoute } from '@tanstack/react-router';
import { requireSelectedPage } from '../../features/auth/guards';
import { DashboardLayout } from '../../features/dashboard/dashboard-layout';
import { DashboardNotFound } from '../../features/errors/error-pages';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: requireSelectedPage,
  component: DashboardLayout,
  notFoundComponent: DashboardNotFound,
});
