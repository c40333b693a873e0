import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster, toast, type ExternalToast, type ToasterProps } from 'sonner';

/** Spec §9 toast settings. */
export const TOAST_DEFAULTS = {
  position: 'top-right',
  visibleToasts: 3,
  duration: 4000,
  gap: 14,
  width: '356px',
  /**
   * Not in the spec: toasts start below the 64 px header, so they never cover a sheet's or dialog's close
   * button or the header's sync chip (sonner's default sat on both).
   */
  offset: { top: '4.5rem', right: '1rem' },
  mobileOffset: { top: '4.5rem', right: '0.75rem', left: '0.75rem' },
} as const;

/** Themed sonner Toaster: top-right, 3 visible, 4 s default, gap 14, width 356px. Pass `theme`
 *  ('light' | 'dark' | 'system') from the app's theme state. Mount once at the app root. */
export function Toaster({ toastOptions, style, ...props }: ToasterProps) {
  return (
    <SonnerToaster
      position={TOAST_DEFAULTS.position}
      visibleToasts={TOAST_DEFAULTS.visibleToasts}
      duration={TOAST_DEFAULTS.duration}
      gap={TOAST_DEFAULTS.gap}
      offset={TOAST_DEFAULTS.offset}
      mobileOffset={TOAST_DEFAULTS.mobileOffset}
      // The product is left-to-right; without it sonner reads the document's computed direction on every
      // render, a forced style recalculation of the whole page inside the first render.
      dir="ltr"
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
          ...style,
        } as CSSProperties
      }
      toastOptions={{
        ...toastOptions,
        style: { width: TOAST_DEFAULTS.width, ...toastOptions?.style },
      }}
      {...props}
    />
  );
}

export { toast, type ExternalToast, type ToasterProps };
