import { describe, expect, it } from 'vitest';
import { monthName, parsePeriod, periodName, ReportRequestError } from '../../../lib/period';

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
