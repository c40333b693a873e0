import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '../features/public';

export const Route = createFileRoute('/privacy-policy')({ component: PrivacyPolicyPage });
