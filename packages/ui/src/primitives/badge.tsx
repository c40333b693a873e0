import type { ComponentProps } from 'react';
import { cn } from './cn';

export type BadgeVariant =
  'default' | 'secondary' | 'outline' | 'success' | 'warning' | 'destructive';

const variants: Record<BadgeVariant, string> = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-secondary text-secondary-foreground',
  outline: 'border-border text-foreground',
  success: 'border-transparent bg-success text-success-foreground',
  warning: 'border-transparent bg-warning text-warning-foreground',
  destructive: 'border-transparent bg-destructive text-destructive-foreground',
};

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return (
    <span
      data-variant={variant}
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

/** Spec §4 campaign status colours: pending is red, processing is yellow, anything else is green. */
export function campaignStatusVariant(
  status: string | null | undefined,
): 'destructive' | 'warning' | 'success' {
  const normalized = (status ?? '').trim().toLowerCase();
  if (normalized === 'pending') return 'destructive';
  if (normalized === 'processing') return 'warning';
  return 'success';
}

/** A Badge showing a campaign status in its spec colour. */
export function CampaignStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge variant={campaignStatusVariant(status)} className={cn('capitalize', className)}>
      {status}
    </Badge>
  );
}
