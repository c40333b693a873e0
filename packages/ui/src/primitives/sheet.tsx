import type { ComponentProps } from 'react';
import { cn } from './cn';
import { ModalPortal, type ModalProps } from './modal-portal';

export interface SheetProps extends ModalProps {
  side?: 'left' | 'right';
  /** Set true when a SheetDescription is rendered. */
  describedBy?: boolean;
}

/** Side panel (e.g. the mobile sidebar): same modal behaviour as Dialog — role=dialog aria-modal, focus
 *  trap, Escape and overlay click close, focus returns. Width 18rem by default. */
export function Sheet({
  side = 'right',
  children,
  className,
  describedBy = false,
  showCloseButton = true,
  ...modal
}: SheetProps) {
  return (
    <ModalPortal
      {...modal}
      describedBy={describedBy}
      showCloseButton={showCloseButton}
      overlayTestId="sheet-overlay"
      side={side}
      panelClassName={cn(
        'absolute inset-y-0 z-10 flex w-72 max-w-[85vw] flex-col overflow-y-auto border-border bg-sidebar',
        'text-sidebar-foreground shadow-xl focus:outline-hidden',
        side === 'left'
          ? 'left-0 border-r motion-safe:animate-slide-in-left'
          : 'right-0 border-l motion-safe:animate-slide-in-right',
        className,
      )}
    >
      {children}
    </ModalPortal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1 p-4 pr-12', className)} {...props} />;
}

export { DialogTitle as SheetTitle, DialogDescription as SheetDescription } from './dialog';
