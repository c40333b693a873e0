// A permission the screen needs is missing (docs/product.md §6): which one, and the one action that grants
// it (a Facebook login asking for it again). Texts come from the contract's PERMISSION_MESSAGES.
import { ShieldAlert } from 'lucide-react';
import { Button } from '../primitives/button';

export interface PermissionNoticeProps {
  message: string;
  actionLabel: string;
  onAction: () => void;
  busy?: boolean;
}

export function PermissionNotice({ message, actionLabel, onAction, busy }: PermissionNoticeProps) {
  return (
    <div
      role="alert"
      className="flex max-w-4xl flex-wrap items-center gap-3 rounded-md border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm"
    >
      <ShieldAlert aria-hidden className="size-4 shrink-0 text-destructive" />
      <p className="min-w-0 flex-1">{message}</p>
      <Button size="sm" onClick={onAction} disabled={busy}>
        {actionLabel}
      </Button>
    </div>
  );
}
