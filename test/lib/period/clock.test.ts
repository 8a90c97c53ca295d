import { describe, expect, it } from 'vitest';
import {
  defaultPeriod,
  hasBegun,
  parseMonth,
  parsePeriod,
  periodAt,
  ReportRequestError,
} from '../../../lib/period';

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
