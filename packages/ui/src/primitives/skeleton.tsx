import type { ComponentProps } from 'react';
import { cn } from './cn';

/** Loading placeholder block (decorative; pair with a Spinner or text for screen readers). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      data-slot="skeleton"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
