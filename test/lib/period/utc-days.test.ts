import { describe, expect, it } from 'vitest';
import { shiftUtcDay, utcDayKey } from '../../../lib/period';

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
