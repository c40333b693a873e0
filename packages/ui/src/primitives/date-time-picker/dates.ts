// UTC day arithmetic and 'YYYY-MM-DD' / 'HH:mm[:ss]' formatting for the date-time picker.
export const pad = (n: number) => String(n).padStart(2, '0');
export const formatDate = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
/** 'HH:mm', or 'HH:mm:ss' when the seconds are not zero (a chosen second is never hidden). */
export const formatTime = (d: Date) =>
  `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${d.getUTCSeconds() ? `:${pad(d.getUTCSeconds())}` : ''}`;
export const dayStart = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const WEEKDAYS = [
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
  ['Su', 'Sunday'],
] as const;
export const DAY_MS = 86_400_000;
/** The same day `months` later (clamped to the month's length), as a UTC midnight timestamp. */
export const addMonths = (ts: number, months: number) => {
  const d = new Date(ts);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
  const f = new Date(first);
  const len = new Date(Date.UTC(f.getUTCFullYear(), f.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(f.getUTCFullYear(), f.getUTCMonth(), Math.min(d.getUTCDate(), len));
};
