import { formatTime } from '@pagecast/contract';

/** A campaign's time on Home, in the admin's display zone. */
export function formatDateTime(iso: string, locale?: string): string {
  return formatTime(
    iso,
    { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
    { locale },
  );
}

/** '5 minutes ago', 'in 3 days' — Intl.RelativeTimeFormat in the largest fitting unit. */
export function relativeTime(iso: string, now: Date, locale?: string): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(0, 'minute');
}
