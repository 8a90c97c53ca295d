import { describe, expect, it } from 'vitest';
import { recentPeriods } from '../../../lib/report-api/reports-index-route';

const ids = (timezone: string, at: string, built: string[] = []) =>
  recentPeriods(timezone, new Date(at), new Set(built)).map((period) => period.id);

describe('recentPeriods', () => {
  it('offers the last twelve months, four quarters and two years, the current ones first', () => {
    expect(ids('UTC', '2026-11-23T12:00:00Z')).toEqual([
      ...['2026-11', '2026-10', '2026-09', '2026-08', '2026-07', '2026-06'],
      ...['2026-05', '2026-04', '2026-03', '2026-02', '2026-01', '2025-12'],
      ...['2026-Q4', '2026-Q3', '2026-Q2', '2026-Q1'],
      ...['2026', '2025'],
    ]);
  });

  it('leaves out the periods already built', () => {
    expect(ids('UTC', '2026-02-10T00:00:00Z', ['2026-02', '2025-12', '2026-Q1', '2025-Q4', '2026'])).toEqual([
      ...['2026-01', '2025-11', '2025-10', '2025-09', '2025-08', '2025-07'],
      ...['2025-06', '2025-05', '2025-04', '2025-03'],
      ...['2025-Q3', '2025-Q2'],
      '2025',
    ]);
  });

  it('counts from the present in the account’s time zone', () => {
    // 31 December 20:00 UTC is already 1 January 2027 in Tokyo.
    const tokyo = ids('Asia/Tokyo', '2026-12-31T20:00:00Z');
    expect(tokyo[0]).toBe('2027-01');
    expect(tokyo).toContain('2027-Q1');
    expect(tokyo.slice(-2)).toEqual(['2027', '2026']);
    expect(ids('UTC', '2026-12-31T20:00:00Z')[0]).toBe('2026-12');
  });

  it('offers nothing before 2000', () => {
    expect(ids('UTC', '2000-02-15T00:00:00Z')).toEqual(['2000-02', '2000-01', '2000-Q1', '2000']);
  });
});
