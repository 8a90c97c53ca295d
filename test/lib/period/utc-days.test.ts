import { describe, expect, it } from 'vitest';
import { parseMonth, periodBounds, shiftUtcDay, utcDayKey, utcDaysOfSpan } from '../../../lib/period';

const utcDaysOfMonth = (month: string, zone: string) => utcDaysOfSpan(periodBounds(parseMonth(month), zone));

describe('utcDaysOfSpan', () => {
  it('is exactly the month for UTC', () => {
    const days = utcDaysOfMonth('2026-02', 'UTC');
    expect(days).toHaveLength(28);
    expect(days[0]).toBe('2026-02-01');
    expect(days.at(-1)).toBe('2026-02-28');
  });

  it('takes in the UTC day before for a zone east of UTC', () => {
    const days = utcDaysOfMonth('2026-03', 'Europe/Berlin');
    expect(days).toHaveLength(32);
    expect(days[0]).toBe('2026-02-28');
    expect(days.at(-1)).toBe('2026-03-31');
  });

  it('takes in the UTC day after for a zone west of UTC', () => {
    const days = utcDaysOfMonth('2026-11', 'America/New_York');
    expect(days).toHaveLength(31);
    expect(days[0]).toBe('2026-11-01');
    expect(days.at(-1)).toBe('2026-12-01');
  });

  it('crosses a year end', () => {
    const days = utcDaysOfMonth('2026-01', 'Asia/Kolkata');
    expect(days[0]).toBe('2025-12-31');
    expect(days.at(-1)).toBe('2026-01-31');
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
