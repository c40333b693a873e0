import type { ReactNode } from 'react';
import { Card } from '../../primitives/card';
import { cn } from '../../primitives/cn';

/** A text link in a card (e.g. 'Open chats'). */
export const linkClass =
  'inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline ' +
  'focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden';

/** One summary figure: title and icon, the value, a hint line and an optional link. */
export function StatCard({
  icon,
  title,
  value,
  hint,
  hintTone = 'muted',
  action,
  className,
}: {
  icon: ReactNode;
  title: string;
  value: ReactNode;
  hint: ReactNode;
  hintTone?: 'muted' | 'error';
  action?: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('gap-2 p-5', className)}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <span aria-hidden="true" className="text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
      </div>
      <div className="text-3xl font-semibold tracking-tight tabular-nums">{value}</div>
      <p
        className={cn(
          'text-xs',
          hintTone === 'error' ? 'text-destructive' : 'text-muted-foreground',
        )}
      >
        {hint}
      </p>
      {action ? <div className="mt-auto pt-1">{action}</div> : null}
    </Card>
  );
}

/** A card's empty state: title, hint and an optional call to action. */
export function Empty({
  title,
  hint,
  action,
}: {
  title: string;
  hint: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-4 py-8 text-center">
      <p className="font-medium">{title}</p>
      <p className="max-w-xs text-sm text-muted-foreground">{hint}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
