import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../features/dashboard/screens';

export const Route = createFileRoute('/dashboard/')({ component: HomeScreen });
