import { describe, expect, it } from 'vitest';
import { ZoneDays } from '../../../lib/period';
import {
  coveringDates,
  fetchRanges,
  reportPeriod,
  reportPeriodSpan,
} from '../../../lib/report/report-period';
import { rangeOfDates } from '../../../lib/sandbox/date-reading';

const span = (start: string, end: string) => ({ start: Date.parse(start), end: Date.parse(end) });
/** After every period these tests ask for: each is complete. */
const LATER = new Date('2027-06-01T00:00:00Z');

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
        const { start, end } = reportPeriodSpan(reportPeriod(month, timezone, LATER));
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
    const ranges = fetchRanges(reportPeriod('2026-10', 'Europe/Berlin', LATER));
    expect(ranges.window).toEqual({ startDate: '2026-09-30', endDate: '2026-11-02' });
    expect(ranges.payments).toEqual(ranges.window);
  });

  it('asks for the previous month in the same zone by its own covering dates', () => {
    // September 2026 in Berlin: 31 Aug 22:00 − 12 h = 31 Aug 10:00; 30 Sep 22:00 + 14 h = 1 Oct 12:00.
    const ranges = fetchRanges(reportPeriod('2026-10', 'Europe/Berlin', LATER));
    expect(ranges.previous.period.id).toBe('2026-09');
    expect(ranges.previous.whole).toBe(true);
    expect(ranges.previousInvoices).toEqual({ startDate: '2026-08-31', endDate: '2026-10-02' });
  });

  it('asks for a quarter and the quarter before it by their covering dates', () => {
    // Q4 2026 in Berlin: 30 Sep 22:00 − 12 h = 30 Sep 10:00; 31 Dec 23:00 + 14 h = 1 Jan 13:00.
    // Q3: 30 Jun 22:00 − 12 h = 30 Jun 10:00; 30 Sep 22:00 + 14 h = 1 Oct 12:00.
    const ranges = fetchRanges(reportPeriod('2026-Q4', 'Europe/Berlin', LATER));
    expect(ranges.window).toEqual({ startDate: '2026-09-30', endDate: '2027-01-02' });
    expect(ranges.previous.period.id).toBe('2026-Q3');
    expect(ranges.previousInvoices).toEqual({ startDate: '2026-06-30', endDate: '2026-10-02' });
  });

  it('asks for a year and the year before it by their covering dates', () => {
    // 2026 in UTC: 1 Jan 00:00 − 12 h = 31 Dec 12:00; 1 Jan 2027 00:00 + 14 h = 1 Jan 14:00. 2025 the same way.
    const ranges = fetchRanges(reportPeriod('2026', 'UTC', LATER));
    expect(ranges.window).toEqual({ startDate: '2025-12-31', endDate: '2027-01-02' });
    expect(ranges.previous.period.id).toBe('2025');
    expect(ranges.previousInvoices).toEqual({ startDate: '2024-12-31', endDate: '2026-01-02' });
  });

  it('covers a period not ended up to its asOf, and the same elapsed span of the previous one', () => {
    // 23 Nov 2026, 14:35 in Berlin (UTC+1) is 13:35 UTC: 31 Oct 23:00 − 12 h = 31 Oct 11:00, and
    // 23 Nov 13:35 + 14 h = 24 Nov 03:35, so the dates end on 25 Nov. October is compared up to
    // 23 Oct, 14:35 (UTC+2), 12:35 UTC: + 14 h = 24 Oct 02:35, so its dates end on 25 Oct.
    const ranges = fetchRanges(reportPeriod('2026-11', 'Europe/Berlin', new Date('2026-11-23T13:35:00Z')));
    expect(ranges.window).toEqual({ startDate: '2026-10-31', endDate: '2026-11-25' });
    expect(ranges.previous).toMatchObject({
      start: Date.parse('2026-09-30T22:00:00Z'),
      end: Date.parse('2026-10-23T12:35:00Z'),
      whole: false,
    });
    expect(ranges.previousInvoices).toEqual({ startDate: '2026-09-30', endDate: '2026-10-25' });
  });
});
