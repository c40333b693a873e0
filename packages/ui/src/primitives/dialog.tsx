import { X } from 'lucide-react';
import {
  createContext,
  useContext,
  useId,
  useRef,
  type ComponentProps,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn';
import { useModal } from './use-modal';

interface ModalContextValue {
  titleId: string;
  descriptionId: string;
}

export const ModalContext = createContext<ModalContextValue | null>(null);

function useModalIds(component: string): ModalContextValue {
  const ctx = useContext(ModalContext);
  if (!ctx) throw new Error(`${component} must be used inside a Dialog or Sheet`);
  return ctx;
}

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  className?: string;
  /** Accessible name when no DialogTitle is rendered. */
  'aria-label'?: string;
  /** Set false when no DialogDescription is rendered. */
  describedBy?: boolean;
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Shows the top-right close button (aria-label 'Close'). Default true. */
  showCloseButton?: boolean;
  closeOnOverlayClick?: boolean;
}

/** Centered modal dialog: role=dialog aria-modal, focus trap, Escape and overlay click close, focus returns
 *  to the trigger. Compose with DialogTitle, DialogDescription, DialogFooter. Rendered in a portal. */
export function Dialog({
  open,
  onOpenChange,
  children,
  className,
  'aria-label': ariaLabel,
  describedBy = true,
  initialFocusRef,
  showCloseButton = true,
  closeOnOverlayClick = true,
}: DialogProps) {
  const id = useId();
  const ids = { titleId: `${id}-title`, descriptionId: `${id}-description` };
  const panelRef = useRef<HTMLDivElement>(null);
  useModal({ open, onClose: () => onOpenChange(false), panelRef, initialFocusRef });
  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <ModalContext.Provider value={ids}>
      <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
        <div
          aria-hidden="true"
          data-testid="dialog-overlay"
          className="absolute inset-0 bg-overlay motion-safe:animate-fade-in"
          onClick={closeOnOverlayClick ? () => onOpenChange(false) : undefined}
        />
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-label={ariaLabel}
          aria-labelledby={ariaLabel ? undefined : ids.titleId}
          aria-describedby={describedBy ? ids.descriptionId : undefined}
          tabIndex={-1}
          className={cn(
            'relative z-10 grid max-h-[calc(100dvh-2rem)] w-full max-w-lg gap-4 overflow-y-auto rounded-xl border border-border',
            'bg-popover p-6 text-popover-foreground shadow-xl focus:outline-hidden motion-safe:animate-zoom-in',
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

export function CloseButton({ onClick, className }: { onClick: () => void; className?: string }) {
  return (
    <button
      type="button"
      aria-label="Close"
      onClick={onClick}
      className={cn(
        'absolute top-3 right-3 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground',
        'hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
        className,
      )}
    >
      <X aria-hidden="true" className="size-4" />
    </button>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1.5 pr-8 text-left', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<'h2'>) {
  const { titleId } = useModalIds('DialogTitle');
  return <h2 id={titleId} className={cn('text-lg leading-tight font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<'p'>) {
  const { descriptionId } = useModalIds('DialogDescription');
  return <p id={descriptionId} className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
