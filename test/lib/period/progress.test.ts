import { describe, expect, it } from 'vitest';
import { parsePeriod, periodProgress } from '../../../lib/period';

const at = (iso: string) => Date.parse(iso);

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
