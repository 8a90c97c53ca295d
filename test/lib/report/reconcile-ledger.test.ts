import { describe, expect, it } from 'vitest';
import { ServiceDays } from '../../../lib/report/reconcile';

const at = (iso: string) => Date.parse(iso);
const entry = (start: string) => ({ date: at(start), value: '1' });

function read(byDate: Record<string, { date: number; value: string }>): ServiceDays {
  const reading = ServiceDays.read(byDate);
  if (!reading.ok) throw new Error(reading.problem);
  return reading.days;
}

describe('ServiceDays', () => {
  // New York's days around the end of daylight saving time: 1 Nov 2026 lasts 25 hours.
  const newYork = read({
    '2026-10-31': entry('2026-10-31T04:00:00Z'),
    '2026-11-01': entry('2026-11-01T04:00:00Z'),
    '2026-11-02': entry('2026-11-02T05:00:00Z'),
    '2026-11-05': entry('2026-11-05T05:00:00Z'),
  });

  it('ends a day where the next listed day begins, a 25-hour day included', () => {
    expect(newYork.days.map((day) => [day.date, day.end && new Date(day.end).toISOString()])).toEqual([
      ['2026-10-31', '2026-11-01T04:00:00.000Z'],
      ['2026-11-01', '2026-11-02T05:00:00.000Z'],
      ['2026-11-02', undefined],
      ['2026-11-05', undefined],
    ]);
    // 1 Nov 23:30 EST: the 25th hour of 1 Nov.
    expect(newYork.place(at('2026-11-02T04:30:00Z'))).toEqual({ kind: 'listed', date: '2026-11-01' });
    expect(newYork.place(at('2026-11-02T05:00:00Z'))).toEqual({ kind: 'listed', date: '2026-11-02' });
  });

  it('leaves the last two hours a day may have open when the next day is not listed', () => {
    // 2 Nov begins at 05:00 UTC; 3 Nov is not listed, so 2 Nov ends at 04:00, 05:00 or 06:00 UTC on 3 Nov.
    expect(newYork.place(at('2026-11-03T03:59:59Z'))).toEqual({ kind: 'listed', date: '2026-11-02' });
    expect(newYork.place(at('2026-11-03T04:00:00Z'))).toEqual({ kind: 'end-unknown', date: '2026-11-02' });
    expect(newYork.place(at('2026-11-03T05:59:59Z'))).toEqual({ kind: 'end-unknown', date: '2026-11-02' });
  });

  it('names an unlisted day by the offset of the nearer listed day', () => {
    // 3 Nov 12:00 UTC: nearer 2 Nov (begins 05:00 UTC, so UTC−5): 3 Nov 07:00 there.
    expect(newYork.place(at('2026-11-03T12:00:00Z'))).toEqual({ kind: 'unlisted', date: '2026-11-03' });
    // 5 Nov 02:00 UTC: nearer 5 Nov (UTC−5): 4 Nov 21:00 there.
    expect(newYork.place(at('2026-11-05T02:00:00Z'))).toEqual({ kind: 'unlisted', date: '2026-11-04' });
    // Before the first listed day: 30 Oct 23:00 EDT.
    expect(newYork.place(at('2026-10-31T03:00:00Z'))).toEqual({ kind: 'unlisted', date: '2026-10-30' });
  });

  it('keeps an unlisted day strictly between the listed days around it, however their offsets differ', () => {
    // 1 Mar begins as in UTC+14, 3 Mar as in UTC−12. 2 Mar 06:00 UTC is nearer 3 Mar, whose offset reads
    // it as 1 Mar 18:00, a listed day it is not on: the one day between them is 2 Mar.
    const mixed = read({
      '2026-03-01': entry('2026-02-28T10:00:00Z'),
      '2026-03-03': entry('2026-03-03T12:00:00Z'),
    });
    expect(mixed.place(at('2026-03-02T06:00:00Z'))).toEqual({ kind: 'unlisted', date: '2026-03-02' });
  });

  it('names days in UTC when none is listed', () => {
    expect(read({}).place(at('2026-03-01T23:00:00Z'))).toEqual({ kind: 'unlisted', date: '2026-03-01' });
  });

  it.each([
    ['a key that is no date', { '2026-02-30': entry('2026-02-28T00:00:00Z') }, /key that is not a date/],
    // UTC−12 begins a day at 12:00 UTC at the latest.
    [
      'a start later than any zone',
      { '2026-03-01': entry('2026-03-01T12:00:01Z') },
      /no time zone's midnight/,
    ],
    // UTC+14 begins a day at 10:00 UTC the day before at the earliest.
    [
      'a start earlier than any zone',
      { '2026-03-01': entry('2026-02-28T09:59:59Z') },
      /no time zone's midnight/,
    ],
  ])('refuses %s', (_case, byDate, problem) => {
    const reading = ServiceDays.read(byDate);
    expect(reading.ok).toBe(false);
    expect(reading.ok ? '' : reading.problem).toMatch(problem);
  });

  it('takes the earliest and the latest start a zone has', () => {
    expect(ServiceDays.read({ '2026-03-01': entry('2026-03-01T12:00:00Z') }).ok).toBe(true);
    expect(ServiceDays.read({ '2026-03-01': entry('2026-02-28T10:00:00Z') }).ok).toBe(true);
  });
});
