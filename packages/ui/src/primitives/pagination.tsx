import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';
import { cn } from './cn';

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  totalPages: number;
  onPrevious: () => void;
  onNext: () => void;
  /** Disables both buttons (e.g. while a page loads). */
  disabled?: boolean;
  className?: string;
}

/** 'Previous' / 'Page X of Y' / 'Next'. Previous is disabled on page 1, Next on the last page.
 *  Y is at least 1 (an empty list reads 'Page 1 of 1'). */
export function Pagination({
  page,
  totalPages,
  onPrevious,
  onNext,
  disabled = false,
  className,
}: PaginationProps) {
  const total = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, page), total);
  return (
    <nav
      aria-label="Pagination"
      className={cn('flex items-center justify-between gap-3', className)}
    >
      <Button variant="outline" size="sm" onClick={onPrevious} disabled={disabled || current <= 1}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {`Page ${current} of ${total}`}
      </p>
      <Button variant="outline" size="sm" onClick={onNext} disabled={disabled || current >= total}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
