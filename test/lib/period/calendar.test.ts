import { describe, expect, it } from 'vitest';
import {
  firstMonthOf,
  monthsOfPeriod,
  nextPeriod,
  parseMonth,
  parsePeriod,
  periodOfMonth,
  previousPeriod,
} from '../../../lib/period';

const ids = (periods: { id: string }[]) => periods.map((period) => period.id);

describe('previousPeriod and nextPeriod', () => {
  it('steps a month back and forth across a year end', () => {
    expect(previousPeriod(parseMonth('2026-01')).id).toBe('2025-12');
    expect(previousPeriod(parseMonth('2026-03')).id).toBe('2026-02');
    expect(nextPeriod(parseMonth('2026-12')).id).toBe('2027-01');
  });

  it('steps a quarter back and forth across a year end', () => {
    expect(previousPeriod(parsePeriod('2026-Q1'))).toEqual({
      kind: 'quarter',
      id: '2025-Q4',
      year: 2025,
      quarter: 4,
    });
    expect(previousPeriod(parsePeriod('2026-Q3')).id).toBe('2026-Q2');
    expect(nextPeriod(parsePeriod('2026-Q4')).id).toBe('2027-Q1');
  });

  it('steps a year', () => {
    expect(previousPeriod(parsePeriod('2026'))).toEqual({ kind: 'year', id: '2025', year: 2025 });
    expect(nextPeriod(parsePeriod('2026')).id).toBe('2027');
  });
});

describe('monthsOfPeriod', () => {
  it('is the month itself for a month', () => {
    expect(ids(monthsOfPeriod(parsePeriod('2026-10')))).toEqual(['2026-10']);
  });

  it("is a quarter's three months", () => {
    expect(ids(monthsOfPeriod(parsePeriod('2026-Q1')))).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(ids(monthsOfPeriod(parsePeriod('2026-Q3')))).toEqual(['2026-07', '2026-08', '2026-09']);
    expect(ids(monthsOfPeriod(parsePeriod('2026-Q4')))).toEqual(['2026-10', '2026-11', '2026-12']);
  });

  it("is a year's twelve months", () => {
    expect(ids(monthsOfPeriod(parsePeriod('2026')))).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
  });

  it('starts with the first month', () => {
    expect(firstMonthOf(parsePeriod('2026-Q2')).id).toBe('2026-04');
    expect(firstMonthOf(parsePeriod('2026')).id).toBe('2026-01');
  });
});

describe('periodOfMonth', () => {
  it('gives the quarter and the year a month belongs to', () => {
    expect(periodOfMonth(parseMonth('2026-03'), 'quarter').id).toBe('2026-Q1');
    expect(periodOfMonth(parseMonth('2026-04'), 'quarter').id).toBe('2026-Q2');
    expect(periodOfMonth(parseMonth('2026-12'), 'quarter').id).toBe('2026-Q4');
    expect(periodOfMonth(parseMonth('2026-12'), 'year').id).toBe('2026');
    expect(periodOfMonth(parseMonth('2026-12'), 'month').id).toBe('2026-12');
  });
});
