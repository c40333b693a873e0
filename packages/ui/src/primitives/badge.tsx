import type { ComponentProps } from 'react';
import { cn } from './cn';

export type BadgeVariant =
  'default' | 'secondary' | 'outline' | 'muted' | 'success' | 'warning' | 'destructive';

const variants: Record<BadgeVariant, string> = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-secondary text-secondary-foreground',
  outline: 'border-border text-foreground',
  muted: 'border-transparent bg-muted text-muted-foreground',
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

/**
 * Campaign status colours (spec amendment 10.2, replacing §4's red pending and green everything-else):
 * pending neutral, processing amber, completed green, completed with failures or skips amber, cancelled
 * grey, failed red.
 */
export function campaignStatusVariant(
  status: string | null | undefined,
  problems = 0,
): BadgeVariant {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'pending':
      return 'outline';
    case 'processing':
      return 'warning';
    case 'completed':
      return problems > 0 ? 'warning' : 'success';
    case 'cancelled':
      return 'muted';
    case 'failed':
      return 'destructive';
    default:
      return 'outline';
  }
}

/** 'Completed', or 'Completed · 151 failed, 12 skipped' when not everyone was reached. */
export function campaignStatusLabel(status: string, failed = 0, skipped = 0): string {
  const label = status.charAt(0).toUpperCase() + status.slice(1);
  if (status.toLowerCase() !== 'completed') return label;
  const parts = [
    failed > 0 ? `${failed.toLocaleString()} failed` : null,
    skipped > 0 ? `${skipped.toLocaleString()} skipped` : null,
  ].filter(Boolean);
  return parts.length > 0 ? `${label} · ${parts.join(', ')}` : label;
}

/** A Badge showing a campaign status in its colour, with the failures and skips of a completed one. */
export function CampaignStatusBadge({
  status,
  failed = 0,
  skipped = 0,
  className,
}: {
  status: string;
  failed?: number;
  skipped?: number;
  className?: string;
}) {
  return (
    <Badge variant={campaignStatusVariant(status, failed + skipped)} className={className}>
      {campaignStatusLabel(status, failed, skipped)}
    </Badge>
  );
}
