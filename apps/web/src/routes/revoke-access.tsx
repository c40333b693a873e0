import { createFileRoute } from '@tanstack/react-router';
import { RevokeAccessPage } from '../features/public/revoke-access-page';

export const Route = createFileRoute('/revoke-access')({ component: RevokeAccessPage });
