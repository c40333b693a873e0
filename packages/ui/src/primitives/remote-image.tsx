import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';

export interface RemoteImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'alt' | 'onError' | 'referrerPolicy'
> {
  src: string;
  alt: string;
  /** Shown instead once this `src` failed to load (nothing by default); a new `src` is tried again. */
  fallback?: ReactNode;
}

/**
 * An image from an address someone else serves (a contact's attachment, a campaign's image, a profile
 * picture): sent without a referrer, so the host does not learn which Pagecast screen showed it, and
 * replaced by `fallback` when it cannot load, instead of the browser's broken-image icon.
 */
export function RemoteImage({ src, alt, fallback = null, ...img }: RemoteImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return <>{fallback}</>;
  return (
    <img
      {...img}
      src={src}
      alt={alt}
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src)}
    />
  );
}
