import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  firstSkippedDate,
  isZoneOrOffset,
  parseTimeZone,
  ReportRequestError,
  timeZoneSchema,
  ZoneDays,
} from '../../../lib/period';

describe('parseTimeZone', () => {
  it('accepts IANA names', () => {
    expect(parseTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(parseTimeZone('UTC')).toBe('UTC');
    expect(parseTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it('returns a name in another case as it was given', () => {
    expect(parseTimeZone('europe/berlin')).toBe('europe/berlin');
  });

  it.each(['Mars/Olympus', 'Europe/Berlinn', '', 'GMT+25', '+01:00'])(
    'rejects the unknown zone %j',
    (zone) => {
      expect(() => parseTimeZone(zone)).toThrow(ReportRequestError);
      expect(() => parseTimeZone(zone)).toThrow(
        `unknown time zone ${JSON.stringify(zone)}: expected an IANA name such as UTC or Europe/Berlin`,
      );
    },
  );
});

describe('timeZoneSchema', () => {
  const problems = (zone: unknown) =>
    timeZoneSchema.safeParse(zone).error?.issues.map((issue) => issue.message) ?? [];

  it('accepts a name spelt as the database spells it', () => {
    expect(timeZoneSchema.parse('Europe/Berlin')).toBe('Europe/Berlin');
    expect(timeZoneSchema.parse('UTC')).toBe('UTC');
  });

  it('refuses an unknown zone or an offset by name', () => {
    expect(problems('Mars/Base')).toEqual(['unknown time zone "Mars/Base"']);
    expect(problems('+01:00')).toEqual(['unknown time zone "+01:00"']);
  });

  it('refuses a name in the wrong case with the right spelling', () => {
    expect(problems('europe/berlin')).toEqual(['write the time zone as "Europe/Berlin"']);
  });

  it.each(['asia/kolkata', 'asia/kathmandu', 'europe/kyiv', 'us/eastern', 'etc/utc', 'Asia/kolkata'])(
    'refuses %j, another name of a zone, in the wrong case',
    (zone) => {
      // The runtime spells these zones by older names (Asia/Calcutta, Asia/Katmandu, Europe/Kiev, ...),
      // so the spelling asked for cannot be read from it; every name of the database starts each part
      // with a capital.
      expect(problems(zone)).toEqual([
        'write the time zone as the time zone database spells it, each part starting with a capital (such as "Asia/Kolkata" or "US/Eastern")',
      ]);
    },
  );

  it('accepts other names of a zone spelt as the database spells them', () => {
    for (const zone of [
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Europe/Kyiv',
      'US/Eastern',
      'Etc/UTC',
      'Etc/GMT+5',
    ]) {
      expect(problems(zone)).toEqual([]);
    }
  });

  it('keeps the message of a schema in front of it', () => {
    const schema = z.string({ error: 'must be a zone' }).pipe(timeZoneSchema);
    expect(schema.safeParse(3).error?.issues.map((issue) => issue.message)).toEqual(['must be a zone']);
    expect(schema.safeParse('Mars/Base').error?.issues.map((issue) => issue.message)).toEqual([
      'unknown time zone "Mars/Base"',
    ]);
  });
});

const HOUR = 3_600;
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('ZoneDays', () => {
  it('starts a UTC day at midnight UTC', () => {
    const utc = new ZoneDays('UTC');
    expect(utc.startOf('2026-10-01')).toBe(seconds('2026-10-01T00:00:00Z'));
    expect(utc.dayOf('2026-10-01 23:59:59')).toEqual({
      day: '2026-10-01',
      start: seconds('2026-10-01T00:00:00Z'),
    });
  });

  it('starts a day of a fixed offset that many hours before or after midnight UTC', () => {
    const plusThree = new ZoneDays('+03:00');
    expect(plusThree.startOf('2026-10-01')).toBe(seconds('2026-09-30T21:00:00Z'));
    expect(plusThree.dayOf('2026-09-30 20:59:59').day).toBe('2026-09-30');
    expect(plusThree.dayOf('2026-09-30 21:00:00')).toEqual({
      day: '2026-10-01',
      start: seconds('2026-09-30T21:00:00Z'),
    });
    const minusTen = new ZoneDays('-10:00');
    expect(minusTen.startOf('2026-10-01')).toBe(seconds('2026-10-01T10:00:00Z'));
    expect(minusTen.dayOf('2026-10-01 09:59:59').day).toBe('2026-09-30');
    expect(minusTen.dayOf('2026-10-01 10:00:00').day).toBe('2026-10-01');
  });

  it('gives a New York day 23 hours when the clocks go forward and 25 when they go back', () => {
    const newYork = new ZoneDays('America/New_York');
    // 2026-03-08: midnight is EST (UTC-5); from 02:00 the clocks read 03:00 EDT (UTC-4).
    expect(newYork.startOf('2026-03-08')).toBe(seconds('2026-03-08T05:00:00Z'));
    expect(newYork.startOf('2026-03-09')).toBe(seconds('2026-03-09T04:00:00Z'));
    expect(newYork.startOf('2026-03-08', 1) - newYork.startOf('2026-03-08')).toBe(23 * HOUR);
    // 2026-11-01: midnight is EDT (UTC-4); at 02:00 EDT the clocks go back to 01:00 EST (UTC-5).
    expect(newYork.startOf('2026-11-01')).toBe(seconds('2026-11-01T04:00:00Z'));
    expect(newYork.startOf('2026-11-02')).toBe(seconds('2026-11-02T05:00:00Z'));
    expect(newYork.startOf('2026-11-01', 1) - newYork.startOf('2026-11-01')).toBe(25 * HOUR);
    expect(newYork.dayOf('2026-11-01 03:59:59').day).toBe('2026-10-31');
    expect(newYork.dayOf('2026-11-01 06:30:00').day).toBe('2026-11-01');
    expect(newYork.dayOf('2026-11-02 04:59:59')).toEqual({
      day: '2026-11-01',
      start: seconds('2026-11-01T04:00:00Z'),
    });
    expect(newYork.dayOf('2026-11-02 05:00:00').day).toBe('2026-11-02');
  });

  it('starts a day whose midnight does not exist at its first instant', () => {
    // Chile moves its clocks from 24:00 on 2026-09-05 to 01:00 on 2026-09-06 (UTC-4 to UTC-3).
    expect(new ZoneDays('America/Santiago').startOf('2026-09-06')).toBe(seconds('2026-09-06T04:00:00Z'));
  });

  it('cuts days at a quarter-hour offset', () => {
    const kathmandu = new ZoneDays('Asia/Kathmandu');
    expect(kathmandu.dayOf('2026-01-01 18:14:59').day).toBe('2026-01-01');
    expect(kathmandu.dayOf('2026-01-01 18:15:00')).toEqual({
      day: '2026-01-02',
      start: seconds('2026-01-01T18:15:00Z'),
    });
  });

  it('refuses a zone it does not know', () => {
    expect(() => new ZoneDays('Mars/Olympus')).toThrow('sandbox: unknown time zone "Mars/Olympus"');
  });
});

describe('isZoneOrOffset', () => {
  it.each(['UTC', 'Asia/Tokyo', 'America/New_York', '+03:00', '-10:00', '-12:00', '+14:00', '+05:45'])(
    'accepts %s',
    (zone) => {
      expect(isZoneOrOffset(zone)).toBe(true);
    },
  );

  it.each(['Mars/Olympus', '+15:00', '-12:30', '+3', '03:00', '+03:60', ''])('refuses %j', (zone) => {
    expect(isZoneOrOffset(zone)).toBe(false);
  });
});

// Dates worked out from each zone's rules: Europe/Berlin goes from 02:00 to 03:00 on the last Sunday of
// March (26 March 2028 is one), Europe/London from 01:00 to 02:00 on the same day, America/New_York from
// 02:00 to 03:00 on the second Sunday of March (10 March 2030) and back from 02:00 to 01:00 on the first
// Sunday of November, and America/Havana from 00:00 to 01:00 on the second Sunday of March (8 March 2026).
describe('firstSkippedDate', () => {
  it.each([
    ['Europe/Berlin', 26, 2, 30, '2028-03-26'],
    ['Europe/Berlin', 26, 2, 0, '2028-03-26'],
    ['Europe/Berlin', 26, 2, 59, '2028-03-26'],
    ['Europe/London', 26, 1, 30, '2028-03-26'],
    ['America/New_York', 10, 2, 15, '2030-03-10'],
    ['America/Havana', 8, 0, 30, '2026-03-08'],
    ['Australia/Lord_Howe', 4, 2, 15, '2026-10-04'],
  ])('finds the day %s skips %i at %i:%i', (timezone, dayOfMonth, hour, minute, expected) => {
    expect(firstSkippedDate({ timezone, dayOfMonth, hour, minute }, 2026)).toBe(expected);
  });

  it.each([
    ['Europe/Berlin', 26, 3, 0, 'the first minute after the gap'],
    ['Europe/Berlin', 26, 1, 59, 'the last minute before the gap'],
    ['Europe/Berlin', 24, 2, 30, 'a day that is never the last Sunday of March'],
    ['America/New_York', 3, 1, 30, 'the hour that comes twice in November, which the scheduler runs once'],
    ['Europe/London', 26, 2, 30, 'the hour after London’s gap'],
    ['Asia/Tokyo', 26, 2, 30, 'a zone without daylight saving'],
    ['UTC', 1, 0, 0, 'UTC'],
  ])('finds none for %s on day %i at %i:%i (%s)', (timezone, dayOfMonth, hour, minute) => {
    expect(firstSkippedDate({ timezone, dayOfMonth, hour, minute }, 2026)).toBeUndefined();
  });

  it('finds a whole day skipped (Samoa crossing the date line in 2011)', () => {
    expect(firstSkippedDate({ timezone: 'Pacific/Apia', dayOfMonth: 30, hour: 12, minute: 0 }, 2011, 1)).toBe(
      '2011-12-30',
    );
  });

  it('looks only at the years asked for', () => {
    // 26 March is the last Sunday of March in 2028 and 2034, not from 2029 to 2033.
    expect(
      firstSkippedDate({ timezone: 'Europe/Berlin', dayOfMonth: 26, hour: 2, minute: 30 }, 2029, 5),
    ).toBeUndefined();
    expect(
      firstSkippedDate({ timezone: 'Europe/Berlin', dayOfMonth: 26, hour: 2, minute: 30 }, 2029, 6),
    ).toBe('2034-03-26');
  });
});
