import type { ErrorComponentProps } from '@tanstack/react-router';
import { ErrorFallbackScreen } from '@pagecast/ui';

/** Unmatched route: 'Unexpected Application Error!' with the status text (spec §8). */
export function NotFoundPage() {
  return <ErrorFallbackScreen statusText="Not Found" />;
}

/** A thrown error: the same fallback with the error message. */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return <ErrorFallbackScreen message={message || 'Unknown error'} />;
}
