import { describe, expect, it } from 'vitest';
import {
  firstMonthOf,
  isMonthId,
  isPeriodId,
  monthName,
  monthPeriod,
  monthsOfPeriod,
  nextPeriod,
  parseMonth,
  parsePeriod,
  periodName,
  periodOfMonth,
  previousPeriod,
  ReportRequestError,
  shiftUtcDay,
  utcDayKey,
} from '../../../lib/period';

describe('parseMonth', () => {
  it('reads a four-digit year and a two-digit month', () => {
    expect(parseMonth('2026-03')).toEqual({ kind: 'month', id: '2026-03', year: 2026, month: 3 });
    expect(parseMonth('1999-12')).toEqual({ kind: 'month', id: '1999-12', year: 1999, month: 12 });
  });

  it.each(['2026-13', '2026-00', '2026-1', 'abcd', '2026-03-01', ' 2026-03', '26-03', '', '2026-Q1', '2026'])(
    'rejects %j with a message naming it',
    (text) => {
      expect(() => parseMonth(text)).toThrow(ReportRequestError);
      expect(() => parseMonth(text)).toThrow(
        `invalid month ${JSON.stringify(text)}: expected YYYY-MM with a month 01 to 12`,
      );
    },
  );
});

describe('parsePeriod', () => {
  it('reads a month, a quarter and a year', () => {
    expect(parsePeriod('2026-10')).toEqual({ kind: 'month', id: '2026-10', year: 2026, month: 10 });
    expect(parsePeriod('2026-Q3')).toEqual({ kind: 'quarter', id: '2026-Q3', year: 2026, quarter: 3 });
    expect(parsePeriod('2026')).toEqual({ kind: 'year', id: '2026', year: 2026 });
  });

  it('accepts the first and the last year', () => {
    expect(parsePeriod('2000-01').id).toBe('2000-01');
    expect(parsePeriod('9999-Q4').id).toBe('9999-Q4');
  });

  it.each([
    '2026-13',
    '2026-Q5',
    '2026-Q0',
    '2026-Q01',
    '2026-q3',
    '2026-3',
    '26',
    '20260',
    '2026-Q3 ',
    'Q3-2026',
    '',
  ])('rejects %j, saying what a period looks like', (text) => {
    expect(() => parsePeriod(text)).toThrow(ReportRequestError);
    expect(() => parsePeriod(text)).toThrow(
      `invalid period ${JSON.stringify(text)}: expected a month YYYY-MM, a quarter YYYY-Qn or a year YYYY`,
    );
  });

  it.each(['1999-12', '1999-Q4', '1999', '0000'])('refuses %s, before 2000', (text) => {
    expect(() => parsePeriod(text)).toThrow(ReportRequestError);
    expect(() => parsePeriod(text)).toThrow(
      `period ${text} is out of range: reports cover the years 2000 to 9999`,
    );
  });
});

describe('period ids', () => {
  it('tells a month id by its shape, any year', () => {
    expect(isMonthId('2026-10')).toBe(true);
    expect(isMonthId('1999-01')).toBe(true);
    expect(isMonthId('2026-13')).toBe(false);
    expect(isMonthId('2026-Q1')).toBe(false);
    expect(isMonthId(202610)).toBe(false);
    expect(isMonthId('../x')).toBe(false);
  });

  it('tells a period id that parsePeriod accepts', () => {
    expect(isPeriodId('2026-10')).toBe(true);
    expect(isPeriodId('2026-Q4')).toBe(true);
    expect(isPeriodId('2026')).toBe(true);
    expect(isPeriodId('1999')).toBe(false);
    expect(isPeriodId('2026-Q5')).toBe(false);
    expect(isPeriodId(undefined)).toBe(false);
  });

  it('builds periods from numbers, rolling over a year end', () => {
    expect(monthPeriod(2026, 13)).toEqual({ kind: 'month', id: '2027-01', year: 2027, month: 1 });
    expect(monthPeriod(2026, 0)).toEqual({ kind: 'month', id: '2025-12', year: 2025, month: 12 });
    expect(monthPeriod(2026, -12)).toEqual({ kind: 'month', id: '2024-12', year: 2024, month: 12 });
    expect(nextPeriod(parsePeriod('2026-Q4'))).toEqual({
      kind: 'quarter',
      id: '2027-Q1',
      year: 2027,
      quarter: 1,
    });
    expect(previousPeriod(parsePeriod('2026-Q1'))).toEqual({
      kind: 'quarter',
      id: '2025-Q4',
      year: 2025,
      quarter: 4,
    });
    expect(parsePeriod('2026')).toEqual({ kind: 'year', id: '2026', year: 2026 });
  });
});

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

describe('monthName', () => {
  it('names a month', () => {
    expect(monthName('2026-10')).toBe('October 2026');
    expect(monthName('2027-01')).toBe('January 2027');
  });

  it('rejects a month that is not YYYY-MM', () => {
    expect(() => monthName('2026-1')).toThrow(ReportRequestError);
    expect(() => monthName('2026-1')).toThrow(
      'invalid month "2026-1": expected YYYY-MM with a month 01 to 12',
    );
  });
});

describe('periodName', () => {
  it('names a month, a quarter and a year', () => {
    expect(periodName(parsePeriod('2026-12'))).toBe('December 2026');
    expect(periodName(parsePeriod('2026-Q3'))).toBe('Q3 2026');
    expect(periodName(parsePeriod('2026'))).toBe('2026');
  });
});

describe('UTC days', () => {
  it('shifts days across month and year ends', () => {
    expect(shiftUtcDay('2026-03-01', -2)).toBe('2026-02-27');
    expect(shiftUtcDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftUtcDay('2026-12-31', 2)).toBe('2027-01-02');
  });

  it('gives the UTC day of an instant', () => {
    expect(utcDayKey(Date.parse('2026-10-31T23:59:59Z'))).toBe('2026-10-31');
    expect(utcDayKey(Date.parse('2026-11-01T00:00:00Z'))).toBe('2026-11-01');
  });
});
