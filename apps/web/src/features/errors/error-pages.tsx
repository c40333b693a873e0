import type { ErrorComponentProps } from '@tanstack/react-router';
import { ErrorFallbackScreen } from '@pagecast/ui';
import { PublicLayout } from '@pagecast/ui/layout/public-layout';

/**
 * Unmatched route: 'Unexpected Application Error!' with the status text (spec §8), inside the site's frame
 * (header, footer) so the visitor still has a way around.
 */
export function NotFoundPage() {
  return (
    <PublicLayout className="flex flex-col">
      <ErrorFallbackScreen statusText="Not Found" framed />
    </PublicLayout>
  );
}

/** An unknown screen under /dashboard: the same message inside the dashboard, back to Home. */
export function DashboardNotFound() {
  return (
    <ErrorFallbackScreen
      statusText="Not Found"
      framed
      homeHref="/dashboard/home"
      homeLabel="Back to Home"
    />
  );
}

/** A thrown error: the same fallback with the error message. */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return <ErrorFallbackScreen message={message || 'Unknown error'} />;
}
