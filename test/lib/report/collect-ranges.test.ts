import { describe, expect, it } from 'vitest';
import { coveringDates, fetchRanges } from '../../../lib/report/collect-ranges';
import { reportPeriod, reportPeriodSpan } from '../../../lib/report/report-period';
import { rangeOfDates } from '../../../lib/sandbox/date-reading';
import { ZoneDays } from '../../../lib/sandbox/zone-days';

const span = (start: string, end: string) => ({ start: Date.parse(start), end: Date.parse(end) });

describe('coveringDates', () => {
  it.each([
    // The span, then the dates. startDate: the UTC day of (start − 12 h − 1 ms), when even UTC−12 has begun
    // it; endDate: the first UTC midnight at or after end + 14 h, when not even UTC+14 has begun it.
    ['October 2026 in UTC', '2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z', '2026-09-30', '2026-11-02'],
    // 30 Sep 22:00 − 12 h = 30 Sep 10:00; 31 Oct 23:00 + 14 h = 1 Nov 13:00.
    ['October 2026 in Berlin', '2026-09-30T22:00:00Z', '2026-10-31T23:00:00Z', '2026-09-30', '2026-11-02'],
    // 28 Feb 10:00 − 12 h = 27 Feb 22:00; 31 Mar 10:00 + 14 h = 1 Apr 00:00, a midnight itself.
    ['March 2026 in UTC+14', '2026-02-28T10:00:00Z', '2026-03-31T10:00:00Z', '2026-02-27', '2026-04-01'],
    // 1 Mar 12:00 − 12 h is 1 Mar 00:00 exactly: 1 Mar read in UTC−12 would begin at the span's first
    // instant, which a bound exclusive of it would miss. 1 Apr 12:00 + 14 h = 2 Apr 02:00.
    ['March 2026 in UTC−12', '2026-03-01T12:00:00Z', '2026-04-01T12:00:00Z', '2026-02-28', '2026-04-03'],
  ])('asks for %s', (_name, start, end, startDate, endDate) => {
    expect(coveringDates(span(start, end))).toEqual({ startDate, endDate });
  });

  it.each(['-12:00', '-10:00', '+00:00', '+03:00', '+05:45', '+14:00', 'America/New_York', 'Pacific/Apia'])(
    'holds every instant of the span when the service reads the dates as days of %s',
    (zone) => {
      const days = new ZoneDays(zone);
      for (const [month, timezone] of [
        ['2026-03', 'UTC'],
        ['2026-03', 'Etc/GMT+12'],
        ['2026-03', 'Pacific/Kiritimati'],
        ['2026-11', 'America/New_York'],
      ] as const) {
        const { start, end } = reportPeriodSpan(reportPeriod(month, timezone));
        const dates = coveringDates({ start, end });
        for (const endDate of ['inclusive', 'exclusive'] as const) {
          const range = rangeOfDates(dates, { days, endDate });
          // The sandbox's range is in epoch seconds: [from, to).
          expect(range.from! * 1000).toBeLessThan(start);
          expect(range.to! * 1000).toBeGreaterThanOrEqual(end);
        }
      }
    },
  );
});

describe('fetchRanges', () => {
  it('asks the statistics, the invoices and the payments for the same covering dates', () => {
    const ranges = fetchRanges(reportPeriod('2026-10', 'Europe/Berlin'));
    expect(ranges.window).toEqual({ startDate: '2026-09-30', endDate: '2026-11-02' });
    expect(ranges.payments).toEqual(ranges.window);
  });

  it('asks for the previous month in the same zone by its own covering dates', () => {
    // September 2026 in Berlin: 31 Aug 22:00 − 12 h = 31 Aug 10:00; 30 Sep 22:00 + 14 h = 1 Oct 12:00.
    const ranges = fetchRanges(reportPeriod('2026-10', 'Europe/Berlin'));
    expect(ranges.previousMonth.month).toBe('2026-09');
    expect(ranges.previousMonthInvoices).toEqual({ startDate: '2026-08-31', endDate: '2026-10-02' });
  });
});
