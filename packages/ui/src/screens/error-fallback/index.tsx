import { Home, SearchX, TriangleAlert } from 'lucide-react';
import { buttonVariants } from '../../primitives/button';

export interface ErrorFallbackScreenProps {
  statusText?: string;
  message?: string;
  homeHref?: string;
  /** Where 'Go back home' leads, said in its label's place (e.g. 'Back to Home' inside the dashboard). */
  homeLabel?: string;
  /**
   * Rendered inside a layout that already has the main landmark (the site frame, the dashboard): a plain
   * section instead of a full-screen main.
   */
  framed?: boolean;
}

/** Fallback for unhandled route errors: 'Unexpected Application Error!' with the status text or message.
 *  Self-contained (no layout) so it renders even when the app shell fails. */
export function ErrorFallbackScreen({
  statusText,
  message,
  homeHref = '/',
  homeLabel = 'Go back home',
  framed = false,
}: ErrorFallbackScreenProps) {
  const detail = statusText?.trim() || message?.trim();
  const Frame = framed ? 'section' : 'main';
  return (
    <Frame
      className={
        framed
          ? 'flex flex-1 items-center justify-center px-4 py-12'
          : 'flex min-h-dvh items-center justify-center bg-background px-4 py-12 text-foreground'
      }
    >
      <div
        role="alert"
        className="w-full max-w-lg rounded-2xl border border-border bg-card p-8 text-center shadow-sm"
      >
        <span
          aria-hidden="true"
          className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive"
        >
          <TriangleAlert className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight">Unexpected Application Error!</h1>
        {detail ? (
          <p className="mt-3 rounded-md bg-muted px-4 py-3 font-mono text-sm break-words text-muted-foreground">
            {detail}
          </p>
        ) : null}
        <a href={homeHref} className={buttonVariants({ className: 'mt-6' })}>
          <Home aria-hidden="true" />
          {homeLabel}
        </a>
      </div>
    </Frame>
  );
}

export interface NotFoundScreenProps {
  homeHref?: string;
  homeLabel?: string;
}

/**
 * An address that matches no screen: a page of its own, not the error fallback (nothing failed), saying so
 * and leading home. Rendered inside a layout that has the main landmark.
 */
export function NotFoundScreen({
  homeHref = '/',
  homeLabel = 'Go to the home page',
}: NotFoundScreenProps) {
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-12">
      <div className="w-full max-w-lg rounded-2xl border border-border bg-card p-8 text-center shadow-sm">
        <span
          aria-hidden="true"
          className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground"
        >
          <SearchX className="size-7" />
        </span>
        <p className="mt-5 text-sm font-medium text-muted-foreground">404</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">Page not found</h1>
        <p className="mt-3 text-muted-foreground">
          Nothing lives at this address. The link may be mistyped, or the page may have moved.
        </p>
        <a href={homeHref} className={buttonVariants({ className: 'mt-6' })}>
          <Home aria-hidden="true" />
          {homeLabel}
        </a>
      </div>
    </section>
  );
}
