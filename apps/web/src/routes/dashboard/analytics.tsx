import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsScreen } from '../../features/dashboard/screens';

export const Route = createFileRoute('/dashboard/analytics')({ component: AnalyticsScreen });
