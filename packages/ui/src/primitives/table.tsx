import { useEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { cn } from './cn';

export interface TableProps extends ComponentProps<'table'> {
  containerClassName?: string;
}

/** True while `el` is wider inside than out (it scrolls sideways). */
function useOverflowsX(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/** Table inside a horizontally scrollable container. When the table is wider than its container, the
 *  container is a labelled, focusable region so keyboard users can scroll it with the arrow keys. */
export function Table({ className, containerClassName, ...props }: TableProps) {
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsX(ref);
  const label = props['aria-label'];
  return (
    <div
      ref={ref}
      className={cn(
        'relative w-full overflow-x-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
        containerClassName,
      )}
      data-slot="table-container"
      tabIndex={overflows ? 0 : undefined}
      role={overflows && label ? 'region' : undefined}
      aria-label={overflows && label ? `${label} (scrolls sideways)` : undefined}
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-muted/50 [&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableFooter({ className, ...props }: ComponentProps<'tfoot'>) {
  return <tfoot className={cn('border-t bg-muted/50 font-medium', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn(
        'border-b border-border transition-colors hover:bg-muted/40 data-[state=selected]:bg-muted',
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope={scope}
      className={cn(
        'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-middle', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />;
}
