// Feedback parts shared by forms and dialogs: the form-level error line and a button that shows it is busy.
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

/** Form-level message (submit rules, server answer). */
export function FormError({ children }: { children: string | null }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
    >
      {children}
    </p>
  );
}

/** A button whose label changes while busy ('Submitting...'); the spinner is decorative so the
 *  accessible name is exactly the label. */
export function BusyButton({
  busy,
  children,
  ...props
}: ButtonProps & { busy: boolean; children: ReactNode }) {
  return (
    <Button {...props} disabled={busy || props.disabled} aria-busy={busy || undefined}>
      {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
      {children}
    </Button>
  );
}
