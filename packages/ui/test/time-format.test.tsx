// The one time formatter (packages/contract/src/time-format.ts) as the screens use it: times shown in the
// admin's zone, wall-clock times read back to UTC, across daylight-saving changes.
import {
  formatListTime,
  formatStamp,
  formatWithZone,
  fromWallTime,
  isTimeZone,
  sameZonedDay,
  setDisplayTimeZone,
  displayTimeZone,
  wallTime,
  zoneOffsetMs,
  type ReplyWindow,
} from '@pagecast/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { replyWindowRowLabel } from '../src/screens/inbox/reply-window';
import { formatScheduled } from '../src/screens/campaign-analytics/texts';
import { localTimeText } from '../src/screens/schedule-campaign/when-field';

const at = (iso: string) => new Date(iso);
const wall = (y: number, mo: number, d: number, h: number, mi: number) => ({
  year: y,
  month: mo,
  day: d,
  hour: h,
  minute: mi,
  second: 0,
});

afterEach(() => setDisplayTimeZone(null));

describe('time zones', () => {
  it('knows IANA names and refuses the rest', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('+05:00')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('the display zone is the chosen one, else the browser’s; an unknown choice falls back', () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(displayTimeZone()).toBe(browser);
    setDisplayTimeZone('Asia/Tokyo');
    expect(displayTimeZone()).toBe('Asia/Tokyo');
    setDisplayTimeZone('Nowhere/Else');
    expect(displayTimeZone()).toBe(browser);
  });
});

describe('wall-clock time to UTC at daylight-saving edges', () => {
  it('Paris, spring forward (29 Mar 2026): before, the skipped hour, after', () => {
    const z = 'Europe/Paris';
    expect(fromWallTime(wall(2026, 3, 29, 1, 59), z).toISOString()).toBe(
      '2026-03-29T00:59:00.000Z',
    );
    // 02:30 does not exist: read with the winter offset, it lands after the gap (03:30 CEST).
    expect(fromWallTime(wall(2026, 3, 29, 2, 30), z).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(fromWallTime(wall(2026, 3, 29, 3, 0), z).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('Paris, fall back (25 Oct 2026): the repeated hour is its first occurrence', () => {
    const z = 'Europe/Paris';
    expect(fromWallTime(wall(2026, 10, 25, 2, 30), z).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(fromWallTime(wall(2026, 10, 25, 3, 0), z).toISOString()).toBe(
      '2026-10-25T02:00:00.000Z',
    );
    expect(formatStamp(at('2026-10-25T00:30:00Z'), z)).toBe('2026-10-25 02:30 Europe/Paris');
    expect(formatStamp(at('2026-10-25T01:30:00Z'), z)).toBe('2026-10-25 02:30 Europe/Paris');
  });

  it('New York, both changes of 2026 (negative offsets)', () => {
    const z = 'America/New_York';
    expect(fromWallTime(wall(2026, 3, 8, 2, 30), z).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(fromWallTime(wall(2026, 3, 8, 12, 0), z).toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(fromWallTime(wall(2026, 11, 1, 1, 30), z).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(fromWallTime(wall(2026, 11, 1, 12, 0), z).toISOString()).toBe(
      '2026-11-01T17:00:00.000Z',
    );
    expect(zoneOffsetMs(at('2026-11-01T12:00:00Z'), z)).toBe(-5 * 3_600_000);
  });

  it('round-trips every quarter hour of a changing day', () => {
    for (const z of ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata']) {
      for (
        let t = Date.parse('2026-10-24T00:00:00Z');
        t < Date.parse('2026-10-27T00:00:00Z');
        t += 900_000
      ) {
        const w = wallTime(new Date(t), z);
        // A repeated wall time reads as its first occurrence: never later than the instant it came from.
        const back = fromWallTime(w, z).getTime();
        expect(back <= t && t - back <= 3_600_000, `${z} ${new Date(t).toISOString()}`).toBe(true);
      }
    }
  });
});

describe('what the screens show', () => {
  it('campaign times and the review say the chosen zone', () => {
    setDisplayTimeZone('Asia/Tokyo');
    expect(formatScheduled('2026-11-27T01:00:00Z')).toBe('2026-11-27 10:00 Asia/Tokyo');
    expect(formatWithZone('2026-11-27T09:00:00Z', 'Europe/Paris')).toBe(
      'Fri 27 Nov, 10:00 (Europe/Paris)',
    );
    expect(localTimeText(at('2026-11-27T01:00:00Z'))).toBe('In UTC: Nov 27, 2026, 1:00 AM');
    setDisplayTimeZone('UTC');
    expect(formatScheduled('2026-11-27T01:00:00Z')).toBe('2026-11-27 01:00 UTC');
  });

  it('“today” and “yesterday” are the zone’s days', () => {
    const now = at('2026-11-27T16:00:00Z'); // 01:00 on the 28th in Tokyo
    const evening = '2026-11-27T14:30:00Z'; // 23:30 on the 27th in Tokyo
    setDisplayTimeZone('UTC');
    expect(formatListTime(evening, now, 'en-GB')).toBe('14:30');
    setDisplayTimeZone('Asia/Tokyo');
    expect(sameZonedDay(at(evening), now)).toBe(false);
    expect(formatListTime(evening, now, 'en-GB')).toBe('Yesterday');
    expect(formatListTime('2026-11-27T15:30:00Z', now, 'en-GB')).toBe('00:30');
  });

  it('the inbox row’s reply deadline is in the zone', () => {
    const now = Date.parse('2026-11-27T08:00:00Z');
    const reply: ReplyWindow = { kind: 'standard', until: at('2026-11-27T09:05:00Z') };
    setDisplayTimeZone('Asia/Tokyo');
    expect(replyWindowRowLabel(reply, now, 'en-GB')).toBe('Reply by 18:05');
    setDisplayTimeZone('America/Los_Angeles');
    expect(replyWindowRowLabel(reply, now, 'en-GB')).toBe('Reply by 01:05');
  });
});
