import { useId, useRef, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn';
import { CloseButton, ModalContext } from './dialog';
import { useModal } from './use-modal';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side?: 'left' | 'right';
  children: ReactNode;
  className?: string;
  /** Accessible name when no SheetTitle is rendered. */
  'aria-label'?: string;
  /** Set true when a SheetDescription is rendered. */
  describedBy?: boolean;
  initialFocusRef?: RefObject<HTMLElement | null>;
  showCloseButton?: boolean;
}

/** Side panel (e.g. the mobile sidebar): same modal behaviour as Dialog — role=dialog aria-modal, focus
 *  trap, Escape and overlay click close, focus returns. Width 18rem by default. */
export function Sheet({
  open,
  onOpenChange,
  side = 'right',
  children,
  className,
  'aria-label': ariaLabel,
  describedBy = false,
  initialFocusRef,
  showCloseButton = true,
}: SheetProps) {
  const id = useId();
  const ids = { titleId: `${id}-title`, descriptionId: `${id}-description` };
  const panelRef = useRef<HTMLDivElement>(null);
  useModal({ open, onClose: () => onOpenChange(false), panelRef, initialFocusRef });
  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <ModalContext.Provider value={ids}>
      <div className="fixed inset-0 z-50">
        <div
          aria-hidden="true"
          data-testid="sheet-overlay"
          className="absolute inset-0 bg-overlay motion-safe:animate-fade-in"
          onClick={() => onOpenChange(false)}
        />
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-label={ariaLabel}
          aria-labelledby={ariaLabel ? undefined : ids.titleId}
          aria-describedby={describedBy ? ids.descriptionId : undefined}
          data-side={side}
          tabIndex={-1}
          className={cn(
            'absolute inset-y-0 z-10 flex w-72 max-w-[85vw] flex-col overflow-y-auto border-border bg-sidebar',
            'text-sidebar-foreground shadow-xl focus:outline-hidden',
            side === 'left'
              ? 'left-0 border-r motion-safe:animate-slide-in-left'
              : 'right-0 border-l motion-safe:animate-slide-in-right',
            className,
          )}
        >
          {children}
          {showCloseButton ? <CloseButton onClick={() => onOpenChange(false)} /> : null}
        </div>
      </div>
    </ModalContext.Provider>,
    document.body,
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1 p-4 pr-12', className)} {...props} />;
}

export { DialogTitle as SheetTitle, DialogDescription as SheetDescription } from './dialog';
