// A destructive confirmation: what will be deleted and what that means, Cancel and the red action. A
// refusal from the server (e.g. 'used by a pending campaign') is shown in place; success toasts and closes.
import { useState, type ReactNode } from 'react';
import { Button } from '../primitives/button';
import {
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../primitives/dialog';
import { toast } from '../primitives/toaster';
import { BusyButton, FormError } from '../primitives/form-feedback';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  successMessage: string;
  /** The error's text to show, given what `onConfirm` rejected with. */
  failureMessage: (error: unknown) => string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

export function ConfirmDeleteDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel,
  successMessage,
  failureMessage,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (pending) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      toast.success(successMessage);
      setPending(false);
      onClose();
    } catch (err) {
      setError(failureMessage(err));
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      {open ? (
        <>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <FormError>{error}</FormError>
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={pending}>
              {cancelLabel}
            </Button>
            <BusyButton variant="destructive" busy={pending} onClick={() => void confirm()}>
              {pending ? busyLabel : confirmLabel}
            </BusyButton>
          </DialogFooter>
        </>
      ) : null}
    </Dialog>
  );
}
