import { cn } from '../primitives/cn';

export const PRODUCT_NAME = 'Pagecast';
export const TAGLINE = 'Your Bulk Messaging App';
export const SUPPORT_EMAIL = 'support@pagecast.app';

/** The product mark: a speech bubble with a broadcast wave (decorative). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm',
        className,
      )}
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        className="size-5"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A1.5 1.5 0 0 1 4 14.5z" />
        <path d="M9 9.5h6M9 12.5h3.5" />
      </svg>
    </span>
  );
}

/** Product name with the header tagline, linking home. */
export function Brand({
  href = '/',
  showTagline = true,
  className,
}: {
  href?: string;
  showTagline?: boolean;
  className?: string;
}) {
  return (
    <a
      href={href}
      className={cn(
        'inline-flex min-w-0 items-center gap-2.5 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
        className,
      )}
    >
      <BrandMark />
      <span className="grid min-w-0 leading-tight">
        <span className="truncate text-base font-bold tracking-tight text-foreground">
          {PRODUCT_NAME}
        </span>
        {showTagline ? (
          <span className="truncate text-xs text-muted-foreground">{TAGLINE}</span>
        ) : null}
      </span>
    </a>
  );
}
