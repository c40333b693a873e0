import type { ErrorComponentProps } from '@tanstack/react-router';
import { ErrorFallbackScreen, NotFoundScreen } from '@pagecast/ui';
import { PublicLayout } from '@pagecast/ui/layout/public-layout';

/**
 * Unmatched route: a 404 page of its own inside the site's frame (header, footer), with a link home. Spec §8's
 * 'Unexpected Application Error!' is for errors; an address that matches nothing is not one.
 */
export function NotFoundPage() {
  return (
    <PublicLayout className="flex flex-col">
      <NotFoundScreen />
    </PublicLayout>
  );
}

/** An unknown screen under /dashboard: the same page inside the dashboard, back to Home. */
export function DashboardNotFound() {
  return <NotFoundScreen homeHref="/dashboard/home" homeLabel="Back to Home" />;
}

/** A thrown error: the same fallback with the error message. */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return <ErrorFallbackScreen message={message || 'Unknown error'} />;
}
