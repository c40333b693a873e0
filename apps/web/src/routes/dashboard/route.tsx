import { createFileRoute } from '@tanstack/react-router';
import { requireSelectedPage } from '../../features/auth';
import { DashboardLayout } from '../../features/dashboard';
import { DashboardNotFound } from '../../features/errors';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: requireSelectedPage,
  component: DashboardLayout,
  notFoundComponent: DashboardNotFound,
});
