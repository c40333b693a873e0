// The one place times are turned into words (and a wall-clock time back into an instant). Every time is
// stored and sent in UTC; the screens show it in the admin's display zone, chosen on Account (null: the
// browser's own zone). The web app sets that zone once it knows it (setDisplayTimeZone); every formatter
// here reads it, so no screen formats a date on its own.

/** IANA-style names only ('Europe/Paris', 'UTC'): Intl also takes '+05:00', which is no zone to choose. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** True for a time zone this runtime knows by its IANA name (aliases such as 'Asia/Calcutta' included). */
export function isTimeZone(name: string): boolean {
  if (!ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone the browser (or the server process) runs in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

let chosenZone: string | null = null;

/** Sets the admin's display zone; null (or an unknown name) goes back to the browser's zone. */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  chosenZone = zone && isTimeZone(zone) ? zone : null;
}

/** The zone the screens show times in: the admin's choice, else the browser's. */
export function displayTimeZone(): string {
  return chosenZone ?? browserTimeZone();
}

/** Every zone to choose from, as the runtime lists them (with 'UTC', which the list leaves out). */
export function timeZoneNames(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const names = intl.supportedValuesOf?.('timeZone') ?? [];
  return names.includes('UTC') ? names : ['UTC', ...names];
}

/** One Intl.DateTimeFormat per locale, zone and options: Date#toLocale*String builds a new one on every
 *  call, which made formatting the inbox rows' times the largest cost of scrolling it. Same output. */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function dateFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
  timeZone: string = displayTimeZone(),
): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

/** `date` formatted with `options` in the display zone (or `timeZone`); '' for an invalid date. */
export function formatTime(
  date: Date | string,
  options: Intl.DateTimeFormatOptions,
  { locale, timeZone }: { locale?: string; timeZone?: string } = {},
): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) return '';
  return dateFormat(locale, options, timeZone).format(d);
}

/** A wall-clock time: month 1..12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
};

/** What a clock in `timeZone` shows at `date`. */
export function wallTime(date: Date, timeZone: string = displayTimeZone()): WallTime {
  const out: Record<string, number> = {};
  for (const p of dateFormat('en-US', PARTS, timeZone).formatToParts(date))
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  return {
    year: out.year ?? 0,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: (out.hour ?? 0) % 24,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

const asUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** How far `timeZone` is ahead of UTC at `date`, in ms. */
export function zoneOffsetMs(date: Date, timeZone: string = displayTimeZone()): number {
  const whole = Math.floor(date.getTime() / 1000) * 1000;
  return asUtc(wallTime(new Date(whole), timeZone)) - whole;
}

/**
 * The instant a clock in `timeZone` shows `w`. A time the clocks skip (spring forward) is read with the
 * offset before the change, so it lands just after the gap; a time they show twice (fall back) is its
 * first occurrence.
 */
export function fromWallTime(w: WallTime, timeZone: string = displayTimeZone()): Date {
  const naive = asUtc(w);
  const before = zoneOffsetMs(new Date(naive - 86_400_000), timeZone);
  const after = zoneOffsetMs(new Date(naive + 86_400_000), timeZone);
  // Try the earlier offset first (the first of two occurrences), then the later one.
  for (const offset of before === after ? [before] : [Math.max(before, after), before, after]) {
    const candidate = new Date(naive - offset);
    if (asUtc(wallTime(candidate, timeZone)) === naive) return candidate;
  }
  return new Date(naive - before);
}

/** Whether `a` and `b` fall on the same calendar day in `timeZone`. */
export function sameZonedDay(a: Date, b: Date, timeZone: string = displayTimeZone()): boolean {
  const x = wallTime(a, timeZone);
  const y = wallTime(b, timeZone);
  return x.year === y.year && x.month === y.month && x.day === y.day;
}

/** Whether `a` falls on the calendar day before `b`'s in `timeZone`. */
export function isZonedDayBefore(a: Date, b: Date, timeZone: string = displayTimeZone()): boolean {
  const x = wallTime(a, timeZone);
  const y = wallTime(b, timeZone);
  const prev = new Date(Date.UTC(y.year, y.month - 1, y.day - 1));
  return (
    x.year === prev.getUTCFullYear() &&
    x.month === prev.getUTCMonth() + 1 &&
    x.day === prev.getUTCDate()
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm Zone' (the campaign screens' times), in the display zone or `timeZone`. */
export function formatStamp(date: Date | string, timeZone: string = displayTimeZone()): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) return typeof date === 'string' ? date : '';
  const w = wallTime(d, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)} ${timeZone}`;
}

const LONG: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** 'Fri 27 Nov, 10:00 (Europe/Paris)': a moment the admin confirms, with the zone it is read in. */
export function formatWithZone(date: Date | string, timeZone: string = displayTimeZone()): string {
  const text = formatTime(date, LONG, { locale: 'en-GB', timeZone });
  return text ? `${text} (${timeZone})` : '';
}
