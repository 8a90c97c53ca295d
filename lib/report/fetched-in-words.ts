import { monthName } from '../period';
import type { CollectProgress } from './collect';
import type { FetchRanges } from './collect-ranges';
import { formatCount, formatDates } from './format';

/**
 * The records listed so far, with the dates each list was asked for, so that the counts are not taken
 * for the month's: `listed 76 invoices for the dates 30 Sep 2026 – 2 Nov 2026, 80 payments for
 * 30 Sep 2026 – 2 Nov 2026, and 68 paid invoices for 31 Aug 2026 – 2 Oct 2026 (for September 2026)`.
 */
export function fetchedInWords(progress: CollectProgress, ranges: FetchRanges): string {
  return (
    `listed ${formatCount(progress.invoices)} invoices for the dates ${formatDates(ranges.window)}, ` +
    `${formatCount(progress.payments)} payments for ${formatDates(ranges.payments)}, ` +
    `and ${formatCount(progress.previousMonthInvoices)} paid invoices for ` +
    `${formatDates(ranges.previousMonthInvoices)} (for ${monthName(ranges.previousMonth.month)})`
  );
}
