import { createFileRoute } from '@tanstack/react-router';
import { ScheduleScreen } from '../../features/dashboard/screens';

export const Route = createFileRoute('/dashboard/schedule')({ component: ScheduleScreen });
