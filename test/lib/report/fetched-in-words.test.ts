import { describe, expect, it } from 'vitest';
import { fetchedInWords } from '../../../lib/report/period-words';
import { fetchRanges, reportPeriod } from '../../../lib/report/report-period';

describe('fetchedInWords', () => {
  it.each([
    [
      'says which dates each count of records was listed for',
      '2026-10',
      '2026-11-05T00:00:00Z',
      'listed 1,076 invoices for the dates 30 Sep 2026 – 2 Nov 2026, 80 payments for 30 Sep 2026 – 2 Nov 2026, ' +
        'and 68 paid invoices for 31 Aug 2026 – 2 Oct 2026 (for September 2026)',
    ],
    [
      // 23 Nov 2026, 14:35 in Berlin (UTC+1): the window runs to asOf + 14 h, then to the next UTC midnight;
      // October is compared up to 23 Oct, 14:35 (UTC+2), whose dates end on 25 Oct the same way.
      'names the days of the previous period compared when the period has not ended',
      '2026-11',
      '2026-11-23T13:35:00Z',
      'listed 1,076 invoices for the dates 31 Oct 2026 – 25 Nov 2026, 80 payments for 31 Oct 2026 – 25 Nov 2026, ' +
        'and 68 paid invoices for 30 Sep 2026 – 25 Oct 2026 (for 1–23 Oct 2026)',
    ],
  ])('%s', (_name, period, now, words) => {
    const ranges = fetchRanges(reportPeriod(period, 'Europe/Berlin', new Date(now)));
    const progress = { invoices: 1076, payments: 80, previousPeriodInvoices: 68 };
    expect(fetchedInWords(progress, ranges, 'Europe/Berlin')).toBe(words);
  });
});
