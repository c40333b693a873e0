import { cn } from './cn';
import { RemoteImage } from './remote-image';

/** Built-in default avatar (neutral silhouette), an inline SVG data URI — no network request. */
export const DEFAULT_AVATAR_SRC =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
      '<rect width="64" height="64" fill="#cbd5e1"/>' +
      '<circle cx="32" cy="25" r="12" fill="#f8fafc"/>' +
      '<path d="M10 58c2.5-12 11.5-18 22-18s19.5 6 22 18z" fill="#f8fafc"/>' +
      '</svg>',
  );

const sizes = {
  xs: 'size-6 text-[0.65rem]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-12 text-base',
  xl: 'size-16 text-xl',
} as const;

export type AvatarSize = keyof typeof sizes;

export interface AvatarProps {
  src?: string | null;
  name?: string | null;
  size?: AvatarSize;
  /** Replaces the built-in default avatar used when there is neither a picture nor a name. */
  fallbackImage?: string;
  /** Shows a small status dot: true = online (green), false = offline (grey). */
  online?: boolean;
  /** What the dot means, for screen readers (default 'Online' / 'Offline'). */
  statusLabel?: string;
  className?: string;
}

/** Profile picture with fallbacks: the image; without src (or when it fails to load) the first letter of
 *  the name; with neither a usable src nor a name, a default avatar image. */
export function Avatar({
  src,
  name,
  size = 'md',
  fallbackImage,
  online,
  statusLabel,
  className,
}: AvatarProps) {
  const trimmedName = name?.trim() ?? '';
  const initial = trimmedName ? Array.from(trimmedName)[0]?.toUpperCase() : undefined;
  const fallback = initial ? (
    <span role="img" aria-label={trimmedName} className="font-semibold">
      <span aria-hidden="true">{initial}</span>
    </span>
  ) : (
    <img
      src={fallbackImage ?? DEFAULT_AVATAR_SRC}
      alt="Default avatar"
      className="size-full object-cover"
    />
  );
  const content = src ? (
    <RemoteImage
      src={src}
      alt={trimmedName || 'Avatar'}
      className="size-full object-cover"
      fallback={fallback}
    />
  ) : (
    fallback
  );

  return (
    <span
      data-slot="avatar"
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground',
        sizes[size],
        className,
      )}
    >
      <span className="flex size-full items-center justify-center overflow-hidden rounded-full">
        {content}
      </span>
      {online !== undefined ? (
        <span
          data-testid="avatar-status"
          className={cn(
            'absolute right-0 bottom-0 size-2.5 rounded-full ring-2 ring-background',
            online ? 'bg-success' : 'bg-muted-foreground/50',
          )}
        >
          <span className="sr-only">{statusLabel ?? (online ? 'Online' : 'Offline')}</span>
        </span>
      ) : null}
    </span>
  );
}
