import type { ComponentProps } from 'react';
import { cn } from './cn';
import { ModalPortal, useModalIds, type ModalProps } from './modal-portal';

export { CloseButton } from './modal-portal';

export interface DialogProps extends ModalProps {
  /** Set false when no DialogDescription is rendered. */
  describedBy?: boolean;
  closeOnOverlayClick?: boolean;
}

/** Centered modal dialog: role=dialog aria-modal, focus trap, Escape and overlay click close, focus returns
 *  to the trigger. Compose with DialogTitle, DialogDescription, DialogFooter. Rendered in a portal. */
export function Dialog({
  children,
  className,
  describedBy = true,
  showCloseButton = true,
  closeOnOverlayClick = true,
  ...modal
}: DialogProps) {
  return (
    <ModalPortal
      {...modal}
      describedBy={describedBy}
      showCloseButton={showCloseButton}
      closeOnOverlayClick={closeOnOverlayClick}
      layerClassName="flex items-center justify-center p-4"
      overlayTestId="dialog-overlay"
      panelClassName={cn(
        'relative z-10 grid max-h-[calc(100dvh-2rem)] w-full max-w-lg gap-4 overflow-y-auto rounded-xl border border-border',
        'bg-popover p-6 text-popover-foreground shadow-xl focus:outline-hidden motion-safe:animate-zoom-in',
        className,
      )}
    >
      {children}
    </ModalPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1.5 pr-8 text-left', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<'h2'>) {
  const { titleId } = useModalIds('DialogTitle');
  return (
    <h2 id={titleId} className={cn('text-lg leading-tight font-semibold', className)} {...props} />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<'p'>) {
  const { descriptionId } = useModalIds('DialogDescription');
  return (
    <p id={descriptionId} className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}
