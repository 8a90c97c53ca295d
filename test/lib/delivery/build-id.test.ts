import { describe, expect, it } from 'vitest';
import { isBuildId, newBuildId } from '../../../lib/delivery/report-key';

describe('newBuildId', () => {
  it('begins with the UTC instant to the millisecond, then 12 random hex digits', () => {
    const id = newBuildId(new Date('2026-11-01T06:00:00.123Z'));
    expect(id).toMatch(/^20261101T060000123Z-[0-9a-f]{12}$/);
    expect(isBuildId(id)).toBe(true);
  });

  it('sorts as text in the order of the instants, across a second, a day and a year', () => {
    const instants = [
      '2026-12-31T23:59:59.999Z',
      '2026-11-01T06:00:00.001Z',
      '2027-01-01T00:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-02T00:00:00.000Z',
    ];
    const ids = instants.map((instant) => newBuildId(new Date(instant)));
    const byText = [...ids].sort();
    expect(byText.map((id) => ids.indexOf(id))).toEqual([3, 1, 4, 0, 2]);
  });

  it('never gives two builds begun at the same millisecond the same id', () => {
    const at = new Date('2026-11-01T06:00:00.000Z');
    const ids = new Set(Array.from({ length: 1000 }, () => newBuildId(at)));
    expect(ids.size).toBe(1000);
  });

  it('refuses an instant past the year 9999 and an invalid date', () => {
    expect(() => newBuildId(new Date('+010000-01-01T00:00:00Z'))).toThrow(RangeError);
    expect(() => newBuildId(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('isBuildId', () => {
  it.each([
    ['a path', '../20261101T060000123Z-3f9a0c1e2b4d'],
    ['upper-case hex', '20261101T060000123Z-3F9A0C1E2B4D'],
    ['no random part', '20261101T060000123Z'],
    ['an ISO instant', '2026-11-01T06:00:00.123Z-3f9a0c1e2b4d'],
    ['a number', 20261101],
  ])('refuses %s', (_what, value) => {
    expect(isBuildId(value)).toBe(false);
  });
});
