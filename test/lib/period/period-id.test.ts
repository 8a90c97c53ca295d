import { describe, expect, it } from 'vitest';
import {
  isMonthId,
  isPeriodId,
  monthPeriod,
  parseMonth,
  parsePeriod,
  quarterPeriod,
  ReportRequestError,
  yearPeriod,
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

  it.each(['2026-13', '2026-Q5', '2026-Q0', '2026-q3', '2026-3', '26', '20260', '2026-Q3 ', 'Q3-2026', ''])(
    'rejects %j, saying what a period looks like',
    (text) => {
      expect(() => parsePeriod(text)).toThrow(ReportRequestError);
      expect(() => parsePeriod(text)).toThrow(
        `invalid period ${JSON.stringify(text)}: expected a month YYYY-MM, a quarter YYYY-Qn or a year YYYY`,
      );
    },
  );

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
    expect(quarterPeriod(2026, 5)).toEqual({ kind: 'quarter', id: '2027-Q1', year: 2027, quarter: 1 });
    expect(quarterPeriod(2026, 0)).toEqual({ kind: 'quarter', id: '2025-Q4', year: 2025, quarter: 4 });
    expect(yearPeriod(2026)).toEqual({ kind: 'year', id: '2026', year: 2026 });
  });
});
