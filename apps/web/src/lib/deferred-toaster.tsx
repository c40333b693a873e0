// The app's single Toaster, loaded off the first render's path: sonner is ~10 KB gzip that no page needs
// before its first toast. A toast raised before it mounts is not lost: sonner replays the active toasts
// to a Toaster when it subscribes.
import { lazy, Suspense, type ComponentProps } from 'react';
import type { Toaster } from '@pagecast/ui';

const LazyToaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

export function DeferredToaster(props: ComponentProps<typeof Toaster>) {
  return (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
    </Suspense>
  );
}
