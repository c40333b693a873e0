import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from './cn';

export interface CollapsibleProps {
  title: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  className?: string;
  contentClassName?: string;
  /** Wraps the toggle button in a heading of this level (keeps the page outline). */
  headingLevel?: 2 | 3 | 4;
}

/** Controlled disclosure: a button with aria-expanded/aria-controls and a labelled region. */
export function Collapsible({
  title,
  open,
  onOpenChange,
  children,
  className,
  contentClassName,
  headingLevel,
}: CollapsibleProps) {
  const id = useId();
  const buttonId = `${id}-trigger`;
  const contentId = `${id}-content`;
  const button = (
    <button
      type="button"
      id={buttonId}
      aria-expanded={open}
      aria-controls={contentId}
      onClick={() => onOpenChange(!open)}
      className={cn(
        'flex w-full cursor-pointer items-center justify-between gap-3 px-4 py-3 text-left text-base font-semibold text-foreground',
        'rounded-lg hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
      )}
    >
      <span>{title}</span>
      <ChevronDown
        aria-hidden="true"
        className={cn(
          'size-4 shrink-0 text-muted-foreground transition-transform',
          open && 'rotate-180',
        )}
      />
    </button>
  );
  const Heading = headingLevel ? (`h${headingLevel}` as const) : null;
  return (
    <div className={cn('rounded-lg border border-border bg-card text-card-foreground', className)}>
      {Heading ? <Heading className="m-0">{button}</Heading> : button}
      <div
        id={contentId}
        role="region"
        aria-labelledby={buttonId}
        hidden={!open}
        className={cn('border-t border-border px-4 py-4', contentClassName)}
      >
        {children}
      </div>
    </div>
  );
}
