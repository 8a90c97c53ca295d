import { describe, expect, it } from 'vitest';
import {
  createDayLocator,
  currentMonth,
  defaultMonth,
  isFutureMonth,
  parseMonth,
  parseServiceDatetime,
  parseTimeZone,
  previousMonth,
  ReportRequestError,
  reportPeriod,
  shiftUtcDay,
  utcDaysOfPeriod,
  zonedDayKey,
  zonedDaysOfPeriod,
} from '../../../lib/report/period';

const at = (iso: string) => Date.parse(iso);

describe('parseMonth', () => {
  it('reads a four-digit year and a two-digit month', () => {
    expect(parseMonth('2026-03')).toEqual({ year: 2026, month: 3 });
    expect(parseMonth('1999-12')).toEqual({ year: 1999, month: 12 });
  });

  it.each(['2026-13', '2026-00', '2026-1', 'abcd', '2026-03-01', ' 2026-03', '26-03', ''])(
    'rejects %j with a message naming it',
    (text) => {
      expect(() => parseMonth(text)).toThrow(ReportRequestError);
      expect(() => parseMonth(text)).toThrow(`Invalid month ${JSON.stringify(text)}: expected YYYY-MM`);
    },
  );
});

describe('parseTimeZone', () => {
  it('accepts IANA names', () => {
    expect(parseTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(parseTimeZone('UTC')).toBe('UTC');
    expect(parseTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it.each(['Mars/Olympus', 'Europe/Berlinn', '', 'GMT+25'])('rejects the unknown zone %j', (zone) => {
    expect(() => parseTimeZone(zone)).toThrow(ReportRequestError);
    expect(() => parseTimeZone(zone)).toThrow(`Unknown time zone ${JSON.stringify(zone)}`);
  });
});

describe('reportPeriod', () => {
  it.each([
    // zone, month, first instant, first instant of the next month (worked out from the zones' offsets)
    ['UTC', '2026-02', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['UTC', '2026-12', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    // CET (+1) at the start; CEST (+2) from 29 March.
    ['Europe/Berlin', '2026-03', '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z'],
    // CEST at the start; CET from 25 October.
    ['Europe/Berlin', '2026-10', '2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z'],
    // EST (-5) at the start; EDT (-4) from 8 March.
    ['America/New_York', '2026-03', '2026-03-01T05:00:00.000Z', '2026-04-01T04:00:00.000Z'],
    // EDT at midnight of 1 November; EST from 02:00 that day.
    ['America/New_York', '2026-11', '2026-11-01T04:00:00.000Z', '2026-12-01T05:00:00.000Z'],
    // +05:30 all year, across a year end.
    ['Asia/Kolkata', '2026-01', '2025-12-31T18:30:00.000Z', '2026-01-31T18:30:00.000Z'],
    // NZDT (+13) at the start; NZST (+12) from 5 April.
    ['Pacific/Auckland', '2026-04', '2026-03-31T11:00:00.000Z', '2026-04-30T12:00:00.000Z'],
  ])('gives %s %s as [%s, %s)', (zone, month, start, end) => {
    expect(reportPeriod(month, zone)).toEqual({ month, timezone: zone, start, end });
  });

  it('rejects a bad month or zone before anything else', () => {
    expect(() => reportPeriod('2026-13', 'UTC')).toThrow(ReportRequestError);
    expect(() => reportPeriod('2026-03', 'Nowhere/Town')).toThrow(ReportRequestError);
  });
});

describe('months relative to now', () => {
  it('steps back across a year end', () => {
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-03')).toBe('2026-02');
  });

  it('defaults to the previous month in the zone, not in UTC', () => {
    const now = new Date('2026-03-01T00:30:00Z');
    expect(defaultMonth('UTC', now)).toBe('2026-02');
    // Still 28 February, 19:30, in New York.
    expect(defaultMonth('America/New_York', now)).toBe('2026-01');
    // Already 1 February, 01:00, in Auckland.
    expect(defaultMonth('Pacific/Auckland', new Date('2026-01-31T12:00:00Z'))).toBe('2026-01');
  });

  it('tells the current month in the zone', () => {
    expect(currentMonth('Asia/Kolkata', new Date('2025-12-31T18:30:00Z'))).toBe('2026-01');
    expect(currentMonth('Asia/Kolkata', new Date('2025-12-31T18:29:59Z'))).toBe('2025-12');
  });

  it('calls a month future only before it begins in the zone', () => {
    const lastSecondOfMarchUtc = new Date('2026-03-31T23:59:59Z');
    expect(isFutureMonth('2026-04', 'UTC', lastSecondOfMarchUtc)).toBe(true);
    expect(isFutureMonth('2026-03', 'UTC', lastSecondOfMarchUtc)).toBe(false);
    expect(isFutureMonth('2026-02', 'UTC', lastSecondOfMarchUtc)).toBe(false);
    // 1 April 00:00 in Berlin.
    expect(isFutureMonth('2026-04', 'Europe/Berlin', new Date('2026-03-31T22:00:00Z'))).toBe(false);
    expect(isFutureMonth('2026-04', 'Europe/Berlin', new Date('2026-03-31T21:59:59Z'))).toBe(true);
  });
});

describe('utcDaysOfPeriod', () => {
  it('is exactly the month for UTC', () => {
    const days = utcDaysOfPeriod(reportPeriod('2026-02', 'UTC'));
    expect(days).toHaveLength(28);
    expect(days[0]).toBe('2026-02-01');
    expect(days.at(-1)).toBe('2026-02-28');
  });

  it('takes in the UTC day before for a zone east of UTC', () => {
    const days = utcDaysOfPeriod(reportPeriod('2026-03', 'Europe/Berlin'));
    expect(days).toHaveLength(32);
    expect(days[0]).toBe('2026-02-28');
    expect(days.at(-1)).toBe('2026-03-31');
  });

  it('takes in the UTC day after for a zone west of UTC', () => {
    const days = utcDaysOfPeriod(reportPeriod('2026-11', 'America/New_York'));
    expect(days).toHaveLength(31);
    expect(days[0]).toBe('2026-11-01');
    expect(days.at(-1)).toBe('2026-12-01');
  });

  it('crosses a year end', () => {
    const days = utcDaysOfPeriod(reportPeriod('2026-01', 'Asia/Kolkata'));
    expect(days[0]).toBe('2025-12-31');
    expect(days.at(-1)).toBe('2026-01-31');
  });

  it('shifts days across month and year ends', () => {
    expect(shiftUtcDay('2026-03-01', -2)).toBe('2026-02-27');
    expect(shiftUtcDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftUtcDay('2026-12-31', 2)).toBe('2027-01-02');
  });
});

describe('days of the month in the zone', () => {
  it('starts each Berlin day at its local midnight across the spring change', () => {
    const days = zonedDaysOfPeriod(reportPeriod('2026-03', 'Europe/Berlin'));
    expect(days).toHaveLength(31);
    expect(days[0]).toEqual({ date: '2026-03-01', start: at('2026-02-28T23:00:00Z') });
    expect(days[28]).toEqual({ date: '2026-03-29', start: at('2026-03-28T23:00:00Z') });
    expect(days[29]).toEqual({ date: '2026-03-30', start: at('2026-03-29T22:00:00Z') });
  });

  it('starts a day whose midnight is skipped at its first hour, and the next day at midnight again', () => {
    // Chile moves from -04 to -03 at 00:00 on 6 September 2026: that day begins at 01:00.
    const days = zonedDaysOfPeriod(reportPeriod('2026-09', 'America/Santiago'));
    expect(days[4]).toEqual({ date: '2026-09-05', start: at('2026-09-05T04:00:00Z') });
    expect(days[5]).toEqual({ date: '2026-09-06', start: at('2026-09-06T04:00:00Z') });
    expect(days[6]).toEqual({ date: '2026-09-07', start: at('2026-09-07T03:00:00Z') });
  });

  it('places instants on the right day of a Berlin October', () => {
    const dayOf = createDayLocator(reportPeriod('2026-10', 'Europe/Berlin'));
    expect(dayOf(at('2026-09-30T21:59:59Z'))).toBeUndefined();
    expect(dayOf(at('2026-09-30T22:00:00Z'))).toBe('2026-10-01');
    expect(dayOf(at('2026-10-24T21:59:59Z'))).toBe('2026-10-24');
    expect(dayOf(at('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    // 02:30 CEST, before the clocks go back; then 02:30 CET, after.
    expect(dayOf(at('2026-10-25T00:30:00Z'))).toBe('2026-10-25');
    expect(dayOf(at('2026-10-25T01:30:00Z'))).toBe('2026-10-25');
    expect(dayOf(at('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(dayOf(at('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
    expect(dayOf(at('2026-10-31T22:59:59Z'))).toBe('2026-10-31');
    expect(dayOf(at('2026-10-31T23:00:00Z'))).toBeUndefined();
  });

  it('gives the day key of an instant in a zone', () => {
    expect(zonedDayKey(at('2026-01-31T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-01-31');
    expect(zonedDayKey(at('2026-01-31T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-02-01');
    expect(zonedDayKey(at('2026-11-01T03:59:59Z'), 'America/New_York')).toBe('2026-10-31');
  });
});

describe('parseServiceDatetime', () => {
  it('reads the service datetime as UTC', () => {
    expect(parseServiceDatetime('2026-03-01 00:00:00')).toBe(at('2026-03-01T00:00:00Z'));
    expect(parseServiceDatetime('2026-02-28 23:59:59')).toBe(at('2026-02-28T23:59:59Z'));
    expect(parseServiceDatetime('2024-02-29 12:34:56')).toBe(at('2024-02-29T12:34:56Z'));
  });

  it.each([
    '2026-02-30 10:00:00',
    '2026-03-01 24:00:00',
    '2026-03-01 10:60:00',
    '2026-03-01T10:00:00',
    '2026-03-01',
  ])('rejects %j', (text) => {
    expect(() => parseServiceDatetime(text)).toThrow(`Invalid service datetime ${JSON.stringify(text)}`);
  });
});
