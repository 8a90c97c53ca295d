import { describe, expect, it } from 'vitest';
import { ReportRequestError } from '../../../lib/period';
import { reportPeriod, reportPeriodSpan } from '../../../lib/report/report-period';

describe('reportPeriod', () => {
  it.each([
    // zone, month, first instant, first instant of the next month (worked out from the zones' offsets)
    ['UTC', '2026-02', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['UTC', '2026-12', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    // CET (+1) at the start; CEST (+2) from 29 March.
    ['Europe/Berlin', '2026-03', '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z'],
    // CEST at the start; CET from 25 October.
    ['Europe/Berlin', '2026-10', '2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z'],
    // EST (-5) at the start; EDT (-4) from 8 March.
    ['America/New_York', '2026-03', '2026-03-01T05:00:00.000Z', '2026-04-01T04:00:00.000Z'],
    // EDT at midnight of 1 November; EST from 02:00 that day.
    ['America/New_York', '2026-11', '2026-11-01T04:00:00.000Z', '2026-12-01T05:00:00.000Z'],
    // +05:30 all year, across a year end.
    ['Asia/Kolkata', '2026-01', '2025-12-31T18:30:00.000Z', '2026-01-31T18:30:00.000Z'],
    // NZDT (+13) at the start; NZST (+12) from 5 April.
    ['Pacific/Auckland', '2026-04', '2026-03-31T11:00:00.000Z', '2026-04-30T12:00:00.000Z'],
  ])('gives %s %s as [%s, %s)', (zone, month, start, end) => {
    expect(reportPeriod(month, zone)).toEqual({ month, timezone: zone, start, end });
  });

  it('rejects a bad month or zone before anything else', () => {
    expect(() => reportPeriod('2026-13', 'UTC')).toThrow(ReportRequestError);
    expect(() => reportPeriod('2026-03', 'Nowhere/Town')).toThrow(ReportRequestError);
  });

  it('gives its instants as epoch milliseconds', () => {
    expect(reportPeriodSpan(reportPeriod('2026-10', 'Europe/Berlin'))).toEqual({
      start: Date.parse('2026-09-30T22:00:00Z'),
      end: Date.parse('2026-10-31T23:00:00Z'),
    });
  });
});
