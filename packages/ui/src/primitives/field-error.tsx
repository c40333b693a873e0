import type { ComponentProps } from 'react';
import { cn } from './cn';

/** Error text under a field (role=alert). Renders nothing without children; give it an id and point the
 *  field's aria-describedby at it. */
export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  if (children === undefined || children === null || children === false || children === '')
    return null;
  return (
    <p role="alert" className={cn('text-sm font-medium text-destructive', className)} {...props}>
      {children}
    </p>
  );
}
