import { createFileRoute } from '@tanstack/react-router';
import { WebhooksPage } from '../../features/webhooks';

export const Route = createFileRoute('/dashboard/webhooks')({ component: WebhooksPage });
