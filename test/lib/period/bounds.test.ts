import { describe, expect, it } from 'vitest';
import {
  createDayLocator,
  defaultPeriod,
  hasBegun,
  parseMonth,
  parsePeriod,
  periodAt,
  periodBounds,
  periodProgress,
  ReportRequestError,
  zonedDayKey,
  zonedDayStart,
  zonedDaysOfPeriod,
} from '../../../lib/period';

const at = (iso: string) => Date.parse(iso);

describe('periodBounds', () => {
  it.each([
    // zone, month, first instant, first instant of the next month (worked out from the zones' offsets)
    ['UTC', '2026-12', '2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z'],
    // CET (+1) on both first days, across a year end.
    ['Europe/Berlin', '2026-01', '2025-12-31T23:00:00Z', '2026-01-31T23:00:00Z'],
    // CEST at the start; CET from 25 October.
    ['Europe/Berlin', '2026-10', '2026-09-30T22:00:00Z', '2026-10-31T23:00:00Z'],
    // -04 at the start; -03 from 6 September, when midnight is skipped.
    ['America/Santiago', '2026-09', '2026-09-01T04:00:00Z', '2026-10-01T03:00:00Z'],
  ])('gives %s %s as [%s, %s)', (zone, month, start, end) => {
    expect(periodBounds(parsePeriod(month), zone)).toEqual({ start: at(start), end: at(end) });
  });

  it.each([
    // CET on 1 January and still on 1 January; CEST on 1 April.
    ['Europe/Berlin', '2026-Q1', '2025-12-31T23:00:00Z', '2026-03-31T22:00:00Z'],
    // CEST on 1 October; CET on 1 January.
    ['Europe/Berlin', '2026-Q4', '2026-09-30T22:00:00Z', '2026-12-31T23:00:00Z'],
    // EDT (-4) on 1 April and on 1 July.
    ['America/New_York', '2026-Q2', '2026-04-01T04:00:00Z', '2026-07-01T04:00:00Z'],
    // EDT on 1 October; EST (-5) on 1 January.
    ['America/New_York', '2026-Q4', '2026-10-01T04:00:00Z', '2027-01-01T05:00:00Z'],
    // NZDT (+13) on 1 April (it ends on 5 April); NZST (+12) on 1 July.
    ['Pacific/Auckland', '2026-Q2', '2026-03-31T11:00:00Z', '2026-06-30T12:00:00Z'],
    ['UTC', '2026-Q1', '2026-01-01T00:00:00Z', '2026-04-01T00:00:00Z'],
  ])('gives %s %s as [%s, %s)', (zone, quarter, start, end) => {
    expect(periodBounds(parsePeriod(quarter), zone)).toEqual({ start: at(start), end: at(end) });
  });

  it.each([
    ['UTC', '2026', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'],
    ['Europe/Berlin', '2026', '2025-12-31T23:00:00Z', '2026-12-31T23:00:00Z'],
    // +05:30 all year.
    ['Asia/Kolkata', '2026', '2025-12-31T18:30:00Z', '2026-12-31T18:30:00Z'],
    // NZDT (+13) on both 1 Januaries.
    ['Pacific/Auckland', '2026', '2025-12-31T11:00:00Z', '2026-12-31T11:00:00Z'],
    ['UTC', '9999', '9999-01-01T00:00:00Z', '+010000-01-01T00:00:00Z'],
  ])('gives %s %s as [%s, %s)', (zone, year, start, end) => {
    expect(periodBounds(parsePeriod(year), zone)).toEqual({ start: at(start), end: at(end) });
  });

  it('rejects an unknown zone', () => {
    expect(() => periodBounds(parsePeriod('2026'), 'Nowhere/Town')).toThrow(ReportRequestError);
  });
});

describe('zonedDayStart', () => {
  it("starts a day at its zone's midnight", () => {
    expect(zonedDayStart(2026, 3, 29, 'Europe/Berlin')).toBe(at('2026-03-28T23:00:00Z'));
    expect(zonedDayStart(2026, 3, 30, 'Europe/Berlin')).toBe(at('2026-03-29T22:00:00Z'));
  });

  it('starts a day whose midnight is skipped at its first instant', () => {
    // Chile moves from -04 to -03 at 00:00 on 6 September 2026: that day begins at 01:00.
    expect(zonedDayStart(2026, 9, 6, 'America/Santiago')).toBe(at('2026-09-06T04:00:00Z'));
  });

  it('starts a day whose midnight came twice at the first', () => {
    // Jordan left summer time at 01:00 (+03) on 29 October 2021, back to 00:00 (+02): that day's
    // 00:00–00:59 came twice, and the day began at the first 00:00, 21:00 UTC.
    expect(zonedDayStart(2021, 10, 29, 'Asia/Amman')).toBe(at('2021-10-28T21:00:00Z'));
    // Gaza left it at 01:00 on 1 October 2004 the same way: the month began at 21:00 UTC.
    expect(zonedDayStart(2004, 10, 1, 'Asia/Gaza')).toBe(at('2004-09-30T21:00:00Z'));
    // Russia's change of 26 October 2014 put Chita back two hours, from 02:00 (+10) to 00:00 (+08):
    // the day began at the first 00:00, 14:00 UTC, not at the second, 16:00 UTC.
    expect(zonedDayStart(2014, 10, 26, 'Asia/Chita')).toBe(at('2014-10-25T14:00:00Z'));
    // Magadan the same night, from 02:00 (+12) back to 00:00 (+10): 12:00 UTC, not 14:00.
    expect(zonedDayStart(2014, 10, 26, 'Asia/Magadan')).toBe(at('2014-10-25T12:00:00Z'));
    // Casey went back three hours on 17 March 2019, from 03:00 (+11) to 00:00 (+08): 13:00 UTC, not 16:00.
    expect(zonedDayStart(2019, 3, 17, 'Antarctica/Casey')).toBe(at('2019-03-16T13:00:00Z'));
    // A day whose clock goes back later in the night (Berlin, 03:00 to 02:00) keeps its one midnight.
    expect(zonedDayStart(2026, 10, 25, 'Europe/Berlin')).toBe(at('2026-10-24T22:00:00Z'));
  });

  it('rolls a day past the end of the month into the next', () => {
    expect(zonedDayStart(2026, 2, 29, 'UTC')).toBe(at('2026-03-01T00:00:00Z'));
    expect(zonedDayStart(2026, 12, 32, 'UTC')).toBe(at('2027-01-01T00:00:00Z'));
  });
});

describe('defaultPeriod', () => {
  it('is the previous month in the zone, not in UTC', () => {
    const now = new Date('2026-03-01T00:30:00Z');
    expect(defaultPeriod('UTC', now).id).toBe('2026-02');
    // Still 28 February, 19:30, in New York.
    expect(defaultPeriod('America/New_York', now).id).toBe('2026-01');
    // Already 1 February, 01:00, in Auckland.
    expect(defaultPeriod('Pacific/Auckland', new Date('2026-01-31T12:00:00Z')).id).toBe('2026-01');
  });

  it('steps back across a year end', () => {
    expect(defaultPeriod('UTC', new Date('2026-01-15T00:00:00Z'))).toEqual({
      kind: 'month',
      id: '2025-12',
      year: 2025,
      month: 12,
    });
  });

  it('is the previous quarter or year in the zone when asked for that kind', () => {
    // 1 January 2027, 00:30 in Berlin; still 2026 in UTC.
    const now = new Date('2026-12-31T23:30:00Z');
    expect(defaultPeriod('Europe/Berlin', now, 'year').id).toBe('2026');
    expect(defaultPeriod('UTC', now, 'year').id).toBe('2025');
    expect(defaultPeriod('Europe/Berlin', now, 'quarter').id).toBe('2026-Q4');
    expect(defaultPeriod('UTC', now, 'quarter').id).toBe('2026-Q3');
  });
});

describe('periodAt', () => {
  it('tells the current month in the zone', () => {
    expect(periodAt('month', 'Asia/Kolkata', new Date('2025-12-31T18:30:00Z')).id).toBe('2026-01');
    expect(periodAt('month', 'Asia/Kolkata', new Date('2025-12-31T18:29:59Z')).id).toBe('2025-12');
  });

  it('tells the current quarter in the zone', () => {
    // 1 July 2026, 00:00 NZST (+12), in Auckland.
    expect(periodAt('quarter', 'Pacific/Auckland', new Date('2026-06-30T12:00:00Z')).id).toBe('2026-Q3');
    expect(periodAt('quarter', 'Pacific/Auckland', new Date('2026-06-30T11:59:59Z')).id).toBe('2026-Q2');
    expect(periodAt('quarter', 'UTC', new Date('2026-12-31T23:59:59Z')).id).toBe('2026-Q4');
  });

  it('tells the current year in the zone', () => {
    // 1 January 2027, 00:00 EST (-5), in New York.
    expect(periodAt('year', 'America/New_York', new Date('2027-01-01T05:00:00Z')).id).toBe('2027');
    expect(periodAt('year', 'America/New_York', new Date('2027-01-01T04:59:59Z')).id).toBe('2026');
  });

  it('rejects an unknown zone', () => {
    expect(() => periodAt('month', 'Mars/Olympus', new Date())).toThrow(ReportRequestError);
  });
});

describe('hasBegun', () => {
  it('calls a month begun from its first instant in the zone on', () => {
    const lastSecondOfMarchUtc = new Date('2026-03-31T23:59:59Z');
    expect(hasBegun(parseMonth('2026-04'), 'UTC', lastSecondOfMarchUtc)).toBe(false);
    expect(hasBegun(parseMonth('2026-03'), 'UTC', lastSecondOfMarchUtc)).toBe(true);
    expect(hasBegun(parseMonth('2026-02'), 'UTC', lastSecondOfMarchUtc)).toBe(true);
    // 1 April 00:00 in Berlin.
    expect(hasBegun(parseMonth('2026-04'), 'Europe/Berlin', new Date('2026-03-31T22:00:00Z'))).toBe(true);
    expect(hasBegun(parseMonth('2026-04'), 'Europe/Berlin', new Date('2026-03-31T21:59:59Z'))).toBe(false);
  });

  it('calls a quarter and a year begun from their first instant in the zone on', () => {
    expect(hasBegun(parsePeriod('2026-Q2'), 'Europe/Berlin', new Date('2026-03-31T22:00:00Z'))).toBe(true);
    expect(hasBegun(parsePeriod('2026-Q2'), 'Europe/Berlin', new Date('2026-03-31T21:59:59Z'))).toBe(false);
    // 1 January 2027, 00:00 IST (+05:30).
    expect(hasBegun(parsePeriod('2027'), 'Asia/Kolkata', new Date('2026-12-31T18:30:00Z'))).toBe(true);
    expect(hasBegun(parsePeriod('2027'), 'Asia/Kolkata', new Date('2026-12-31T18:29:59Z'))).toBe(false);
  });
});

describe('periodProgress', () => {
  it('runs an unfinished month to the instant asked, and its previous month as far', () => {
    // 15 March 2026, 11:00 CET: 14 whole days and 11 hours into March; so is 15 February, 11:00 CET.
    expect(periodProgress(parsePeriod('2026-03'), 'Europe/Berlin', new Date('2026-03-15T10:00:00Z'))).toEqual(
      {
        start: at('2026-02-28T23:00:00Z'),
        end: at('2026-03-31T22:00:00Z'),
        complete: false,
        asOf: at('2026-03-15T10:00:00Z'),
        previous: {
          period: { kind: 'month', id: '2026-02', year: 2026, month: 2 },
          start: at('2026-01-31T23:00:00Z'),
          end: at('2026-02-15T10:00:00Z'),
        },
      },
    );
  });

  it('keeps the time of day across a daylight saving change', () => {
    // 10 April 2026, 10:30 CEST: 9 days and 10.5 hours in; 10 March, 10:30 CET is as far into March.
    const progress = periodProgress(
      parsePeriod('2026-04'),
      'Europe/Berlin',
      new Date('2026-04-10T08:30:00Z'),
    );
    expect(progress.previous.start).toBe(at('2026-02-28T23:00:00Z'));
    expect(progress.previous.end).toBe(at('2026-03-10T09:30:00Z'));
  });

  it('keeps the time of day on the day the clocks change', () => {
    // 25 October 2026, 12:00 CET, 13 hours after midnight (02:00-03:00 came twice): 24 days and 12
    // hours of the clock into October; 25 September, 12:00 CEST, is 10:00 UTC.
    const autumn = periodProgress(parsePeriod('2026-10'), 'Europe/Berlin', new Date('2026-10-25T11:00:00Z'));
    expect(autumn.previous.end).toBe(at('2026-09-25T10:00:00Z'));
    // 29 March 2026, 12:00 CEST, 11 hours after midnight (02:00-03:00 never came): 87 days and 12 hours
    // of the clock into Q1; 87 days into Q4 2025 is 27 December, and 12:00 CET then is 11:00 UTC.
    const spring = periodProgress(parsePeriod('2026-Q1'), 'Europe/Berlin', new Date('2026-03-29T10:00:00Z'));
    expect(spring.previous.end).toBe(at('2025-12-27T11:00:00Z'));
  });

  it('takes a time of the clock that came twice on the previous day at its first', () => {
    // 25 November 2026, 02:30 CET (01:30 UTC): 24 days and 2.5 hours into November. 25 October's 02:30
    // came twice (the clocks went back from 03:00 CEST to 02:00 CET): first at 00:30 UTC, 2.5 hours
    // after that day's midnight (22:00 UTC), then at 01:30 UTC, 3.5 hours after it.
    const berlin = periodProgress(parsePeriod('2026-11'), 'Europe/Berlin', new Date('2026-11-25T01:30:00Z'));
    expect(berlin.previous.end).toBe(at('2026-10-25T00:30:00Z'));
    // Beirut went back from 00:00 (+03) to 23:00 (+02) on 25 October 2026, so 24 October's 23:30 came
    // twice: first at 20:30 UTC, 23.5 hours after that day's midnight (21:00 UTC on the 23rd). 24
    // November, 23:30 (+02) is 21:30 UTC.
    const beirut = periodProgress(parsePeriod('2026-11'), 'Asia/Beirut', new Date('2026-11-24T21:30:00Z'));
    expect(beirut.previous.end).toBe(at('2026-10-24T20:30:00Z'));
  });

  it('stops the previous span at the end of a shorter previous month', () => {
    // 31 March, 14:00 CEST is 30 days in; February 2026 has only 28.
    const progress = periodProgress(
      parsePeriod('2026-03'),
      'Europe/Berlin',
      new Date('2026-03-31T12:00:00Z'),
    );
    expect(progress.complete).toBe(false);
    expect(progress.previous.end).toBe(at('2026-02-28T23:00:00Z'));
  });

  it('counts the days of an unfinished quarter into the previous quarter', () => {
    // 10 May 2026, 10:30 CEST is 39 days and 10.5 hours into Q2 (30 in April, 9 in May);
    // 39 days into Q1 is 9 February, and 10:30 CET then is 09:30 UTC.
    expect(periodProgress(parsePeriod('2026-Q2'), 'Europe/Berlin', new Date('2026-05-10T08:30:00Z'))).toEqual(
      {
        start: at('2026-03-31T22:00:00Z'),
        end: at('2026-06-30T22:00:00Z'),
        complete: false,
        asOf: at('2026-05-10T08:30:00Z'),
        previous: {
          period: { kind: 'quarter', id: '2026-Q1', year: 2026, quarter: 1 },
          start: at('2025-12-31T23:00:00Z'),
          end: at('2026-02-09T09:30:00Z'),
        },
      },
    );
  });

  it('counts a quarter in New York across the November change', () => {
    // 15 November 2026, 12:00 EST: 45 days (31 in October, 14 in November) and 12 hours in;
    // 45 days into Q3 is 15 August, and 12:00 EDT then is 16:00 UTC.
    const progress = periodProgress(
      parsePeriod('2026-Q4'),
      'America/New_York',
      new Date('2026-11-15T17:00:00Z'),
    );
    expect(progress.previous.start).toBe(at('2026-07-01T04:00:00Z'));
    expect(progress.previous.end).toBe(at('2026-08-15T16:00:00Z'));
  });

  it('counts whole days into a leap year the same number of days', () => {
    // 1 March 2025 is 59 days into 2025; 59 days into 2024 is 29 February.
    const progress = periodProgress(parsePeriod('2025'), 'UTC', new Date('2025-03-01T00:00:00Z'));
    expect(progress.asOf).toBe(at('2025-03-01T00:00:00Z'));
    expect(progress.previous).toEqual({
      period: { kind: 'year', id: '2024', year: 2024 },
      start: at('2024-01-01T00:00:00Z'),
      end: at('2024-02-29T00:00:00Z'),
    });
  });

  it('calls a period complete from its end on, and compares it with the whole previous one', () => {
    expect(periodProgress(parsePeriod('2026-02'), 'UTC', new Date('2026-03-01T00:00:00Z'))).toEqual({
      start: at('2026-02-01T00:00:00Z'),
      end: at('2026-03-01T00:00:00Z'),
      complete: true,
      asOf: at('2026-03-01T00:00:00Z'),
      previous: {
        period: { kind: 'month', id: '2026-01', year: 2026, month: 1 },
        start: at('2026-01-01T00:00:00Z'),
        end: at('2026-02-01T00:00:00Z'),
      },
    });
    const lastSecond = periodProgress(parsePeriod('2026-02'), 'UTC', new Date('2026-02-28T23:59:59Z'));
    expect(lastSecond.complete).toBe(false);
    expect(lastSecond.previous.end).toBe(at('2026-01-28T23:59:59Z'));
  });

  it('runs a period that has not begun to its start, with nothing of the previous one', () => {
    const progress = periodProgress(parsePeriod('2026-04'), 'UTC', new Date('2026-03-31T23:59:59Z'));
    expect(progress.complete).toBe(false);
    expect(progress.asOf).toBe(at('2026-04-01T00:00:00Z'));
    expect(progress.previous.start).toBe(at('2026-03-01T00:00:00Z'));
    expect(progress.previous.end).toBe(at('2026-03-01T00:00:00Z'));
  });
});

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
