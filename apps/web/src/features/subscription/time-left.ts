// The user menu's Subscription 'Time' entry: what is left of the plan's period, in words.
import type { Subscription } from '@pagecast/contract';

const DAY_MS = 86_400_000;

export const SUBSCRIPTION_TIME = {
  none: 'No active plan',
  expired: 'Expired',
  noEnd: 'Active',
  daysLeft: (days: number) => (days === 1 ? '1 day left' : `${days} days left`),
} as const;

/** '23 days left' (whole days, rounded up), 'Expired', or 'No active plan'. */
export function subscriptionTimeLeft(sub: Subscription, now: Date = new Date()): string {
  if (sub.status === 'none') return SUBSCRIPTION_TIME.none;
  if (sub.status === 'expired') return SUBSCRIPTION_TIME.expired;
  if (!sub.periodEnd) return SUBSCRIPTION_TIME.noEnd;
  const left = new Date(sub.periodEnd).getTime() - now.getTime();
  if (!Number.isFinite(left) || left <= 0) return SUBSCRIPTION_TIME.expired;
  return SUBSCRIPTION_TIME.daysLeft(Math.ceil(left / DAY_MS));
}
