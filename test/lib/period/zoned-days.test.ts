import { describe, expect, it } from 'vitest';
import {
  createDayLocator,
  parseMonth,
  parsePeriod,
  ReportRequestError,
  zonedDayKey,
  zonedDaysOfPeriod,
} from '../../../lib/period';

const at = (iso: string) => Date.parse(iso);

describe('days of a period in the zone', () => {
  it('starts each Berlin day at its local midnight across the spring change', () => {
    const days = zonedDaysOfPeriod(parseMonth('2026-03'), 'Europe/Berlin');
    expect(days).toHaveLength(31);
    expect(days[0]).toEqual({ date: '2026-03-01', start: at('2026-02-28T23:00:00Z') });
    expect(days[28]).toEqual({ date: '2026-03-29', start: at('2026-03-28T23:00:00Z') });
    expect(days[29]).toEqual({ date: '2026-03-30', start: at('2026-03-29T22:00:00Z') });
  });

  it('starts a day whose midnight is skipped at its first hour, and the next day at midnight again', () => {
    // Chile moves from -04 to -03 at 00:00 on 6 September 2026: that day begins at 01:00.
    const days = zonedDaysOfPeriod(parseMonth('2026-09'), 'America/Santiago');
    expect(days[4]).toEqual({ date: '2026-09-05', start: at('2026-09-05T04:00:00Z') });
    expect(days[5]).toEqual({ date: '2026-09-06', start: at('2026-09-06T04:00:00Z') });
    expect(days[6]).toEqual({ date: '2026-09-07', start: at('2026-09-07T03:00:00Z') });
  });

  it("lists a quarter's 90 days across its months and a daylight saving change", () => {
    const days = zonedDaysOfPeriod(parsePeriod('2026-Q1'), 'Europe/Berlin');
    expect(days).toHaveLength(90);
    expect(days[0]).toEqual({ date: '2026-01-01', start: at('2025-12-31T23:00:00Z') });
    expect(days[31]).toEqual({ date: '2026-02-01', start: at('2026-01-31T23:00:00Z') });
    expect(days[89]).toEqual({ date: '2026-03-31', start: at('2026-03-30T22:00:00Z') });
  });

  it("lists a leap year's 366 days", () => {
    const days = zonedDaysOfPeriod(parsePeriod('2024'), 'UTC');
    expect(days).toHaveLength(366);
    expect(days[59]).toEqual({ date: '2024-02-29', start: at('2024-02-29T00:00:00Z') });
    expect(days.at(-1)).toEqual({ date: '2024-12-31', start: at('2024-12-31T00:00:00Z') });
  });

  it('places instants on the right day of a Berlin October', () => {
    const dayOf = createDayLocator(parseMonth('2026-10'), 'Europe/Berlin');
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

  it('places the first two hours of a day whose clock went back two hours to midnight on that day', () => {
    // Chita, 26 October 2014: 00:00 (+10) at 14:00 UTC, back from 02:00 to 00:00 (+08) at 16:00 UTC.
    const dayOf = createDayLocator(parseMonth('2014-10'), 'Asia/Chita');
    expect(dayOf(at('2014-10-25T13:59:59Z'))).toBe('2014-10-25');
    expect(dayOf(at('2014-10-25T14:00:00Z'))).toBe('2014-10-26');
    expect(dayOf(at('2014-10-25T15:30:00Z'))).toBe('2014-10-26');
    expect(dayOf(at('2014-10-25T16:00:00Z'))).toBe('2014-10-26');
  });

  it('places instants on the days of a quarter, up to its last instant', () => {
    const dayOf = createDayLocator(parsePeriod('2026-Q1'), 'Europe/Berlin');
    expect(dayOf(at('2025-12-31T22:59:59Z'))).toBeUndefined();
    expect(dayOf(at('2025-12-31T23:00:00Z'))).toBe('2026-01-01');
    expect(dayOf(at('2026-02-28T22:59:59Z'))).toBe('2026-02-28');
    expect(dayOf(at('2026-03-31T21:59:59Z'))).toBe('2026-03-31');
    expect(dayOf(at('2026-03-31T22:00:00Z'))).toBeUndefined();
  });

  it('places nothing at or after the instant a period not ended runs to', () => {
    // Berlin's October 2026 as of 24 October, 10:00 local (08:00 UTC).
    const dayOf = createDayLocator(parseMonth('2026-10'), 'Europe/Berlin', at('2026-10-24T08:00:00Z'));
    expect(dayOf(at('2026-09-30T22:00:00Z'))).toBe('2026-10-01');
    expect(dayOf(at('2026-10-24T07:59:59Z'))).toBe('2026-10-24');
    expect(dayOf(at('2026-10-24T08:00:00Z'))).toBeUndefined();
    expect(dayOf(at('2026-10-26T12:00:00Z'))).toBeUndefined();
    // An instant past the period's end changes nothing.
    const whole = createDayLocator(parseMonth('2026-10'), 'Europe/Berlin', at('2026-12-01T00:00:00Z'));
    expect(whole(at('2026-10-31T22:59:59Z'))).toBe('2026-10-31');
    expect(whole(at('2026-10-31T23:00:00Z'))).toBeUndefined();
  });

  it('gives the day key of an instant in a zone', () => {
    expect(zonedDayKey(at('2026-01-31T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-01-31');
    expect(zonedDayKey(at('2026-01-31T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-02-01');
    expect(zonedDayKey(at('2026-11-01T03:59:59Z'), 'America/New_York')).toBe('2026-10-31');
  });

  it('rejects an unknown zone', () => {
    expect(() => zonedDaysOfPeriod(parseMonth('2026-10'), 'Mars/Olympus')).toThrow(ReportRequestError);
    expect(() => zonedDayKey(0, 'Mars/Olympus')).toThrow(ReportRequestError);
  });
});
