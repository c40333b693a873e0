import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/public/legal-pages';

export const Route = createFileRoute('/terms-and-conditions')({ component: TermsPage });
