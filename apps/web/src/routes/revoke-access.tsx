import { createFileRoute } from '@tanstack/react-router';
import { RevokeAccessPage } from '../features/public';

export const Route = createFileRoute('/revoke-access')({ component: RevokeAccessPage });
