import { createFileRoute } from '@tanstack/react-router';
import { DeletionStatusPage } from '../features/public/deletion-status-page';

export const Route = createFileRoute('/deletion-status/$userId')({ component: DeletionStatusPage });
