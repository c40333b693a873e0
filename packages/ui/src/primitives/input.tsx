import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const fieldClasses = cn(
  'w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs transition-colors',
  'placeholder:text-muted-foreground',
  'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-hidden',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'aria-invalid:border-destructive aria-invalid:ring-destructive/30',
);

export type InputProps = ComponentProps<'input'>;

/** Text input; set aria-invalid to show the error style. */
export function Input({ className, type = 'text', ref, ...props }: InputProps) {
  return (
    <input ref={ref} type={type} className={cn(fieldClasses, 'h-10 py-2', className)} {...props} />
  );
}

/** A search field with the magnifier inside it; `wrapperClassName` places the pair. */
export function SearchInput({
  className,
  wrapperClassName,
  ...props
}: InputProps & { wrapperClassName?: string }) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" className={cn('pl-9', className)} {...props} />
    </div>
  );
}
