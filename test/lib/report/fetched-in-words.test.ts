import { describe, expect, it } from 'vitest';
import { fetchRanges } from '../../../lib/report/collect-ranges';
import { fetchedInWords } from '../../../lib/report/fetched-in-words';
import { reportPeriod } from '../../../lib/report/report-period';

describe('fetchedInWords', () => {
  it('says which dates each count of records was listed for', () => {
    const ranges = fetchRanges(reportPeriod('2026-10', 'Europe/Berlin'));
    expect(fetchedInWords({ invoices: 1076, payments: 80, previousMonthInvoices: 68 }, ranges)).toBe(
      'listed 1,076 invoices for the dates 30 Sep 2026 – 2 Nov 2026, 80 payments for 30 Sep 2026 – 2 Nov 2026, ' +
        'and 68 paid invoices for 31 Aug 2026 – 2 Oct 2026 (for September 2026)',
    );
  });
});
