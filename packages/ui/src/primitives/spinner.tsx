import type { ComponentProps } from 'react';
import { cn } from './cn';

const sizes = { sm: 'size-4', md: 'size-5', lg: 'size-8' } as const;

export interface SpinnerProps extends Omit<ComponentProps<'span'>, 'children'> {
  size?: keyof typeof sizes;
  /** Text announced to screen readers (visually hidden). */
  label?: string;
}

/** Accessible loading indicator: role=status with a visually hidden label ('Loading' by default). */
export function Spinner({ size = 'md', label = 'Loading', className, ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      className={cn('inline-flex items-center justify-center', className)}
      {...props}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        className={cn(
          'animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]',
          sizes[size],
        )}
      >
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path
          d="M21 12a9 9 0 0 0-9-9"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
