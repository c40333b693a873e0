import { createFileRoute } from '@tanstack/react-router';
import { DeletionStatusPage } from '../features/public';

export const Route = createFileRoute('/deletion-status/$userId')({ component: DeletionStatusPage });
