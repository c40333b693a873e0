// The part Dialog and Sheet share beyond useModal: the portal, the dimmed overlay, the role=dialog panel
// with its title / description wiring, and the close button.
import { X } from 'lucide-react';
import { createContext, useContext, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn';
import { useModal } from './use-modal';

interface ModalContextValue {
  titleId: string;
  descriptionId: string;
}

const ModalContext = createContext<ModalContextValue | null>(null);

/** The ids a DialogTitle / DialogDescription give themselves so the panel can point at them. */
export function useModalIds(component: string): ModalContextValue {
  const ctx = useContext(ModalContext);
  if (!ctx) throw new Error(`${component} must be used inside a Dialog or Sheet`);
  return ctx;
}

/** The props Dialog and Sheet take alike. */
export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  className?: string;
  /** Accessible name when no title is rendered. */
  'aria-label'?: string;
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Shows the top-right close button (aria-label 'Close'). Default true. */
  showCloseButton?: boolean;
}

export interface ModalPortalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  /** Accessible name when no title is rendered. */
  'aria-label'?: string;
  /** The panel is described by a rendered description. */
  describedBy: boolean;
  initialFocusRef?: RefObject<HTMLElement | null>;
  showCloseButton: boolean;
  closeOnOverlayClick?: boolean;
  /** Classes of the fixed full-screen layer holding overlay and panel (e.g. centering). */
  layerClassName?: string;
  /** data-testid of the overlay. */
  overlayTestId: string;
  panelClassName: string;
  /** data-side of the panel (sheets). */
  side?: 'left' | 'right';
}

/** role=dialog aria-modal panel over an overlay, in a portal on <body>: focus trap, Escape and overlay
 *  click close, focus returns to the trigger (useModal). */
export function ModalPortal({
  open,
  onOpenChange,
  children,
  'aria-label': ariaLabel,
  describedBy,
  initialFocusRef,
  showCloseButton,
  closeOnOverlayClick = true,
  layerClassName,
  overlayTestId,
  panelClassName,
  side,
}: ModalPortalProps) {
  const id = useId();
  const ids = { titleId: `${id}-title`, descriptionId: `${id}-description` };
  const panelRef = useRef<HTMLDivElement>(null);
  useModal({ open, onClose: () => onOpenChange(false), panelRef, initialFocusRef });
  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <ModalContext.Provider value={ids}>
      <div className={cn('fixed inset-0 z-50', layerClassName)}>
        <div
          aria-hidden="true"
          data-testid={overlayTestId}
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
          data-side={side}
          tabIndex={-1}
          className={panelClassName}
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
