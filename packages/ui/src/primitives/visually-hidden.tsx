import type { ComponentProps } from 'react';
import { cn } from './cn';

/** Content for assistive technology only (visually hidden, still read by screen readers). */
export function VisuallyHidden({ className, ...props }: ComponentProps<'span'>) {
  return <span className={cn('sr-only', className)} {...props} />;
}
