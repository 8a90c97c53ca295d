import type { CollectProgress } from './collect';
import type { FetchRanges } from './collect-ranges';
import { formatCount, formatDates } from './format';
import { comparedSpanName } from './period-words';

/** Progress is told every few hundred records: the words of the last ranges are kept. */
let last: { ranges: FetchRanges; timezone: string; words: string[] } | undefined;

/**
 * The records listed so far with the dates each list was asked for, so that the counts are not taken for
 * the period's: `listed 76 invoices for the dates 30 Sep 2026 – 2 Nov 2026, 80 payments for 30 Sep 2026 –
 * 2 Nov 2026, and 68 paid invoices for 31 Aug 2026 – 2 Oct 2026 (for September 2026)`; the last names
 * what the report is compared with, or its days when the period has not ended (`(for 1–23 Oct 2026)`).
 */
export function fetchedInWords(progress: CollectProgress, ranges: FetchRanges, timezone: string): string {
  if (last?.ranges !== ranges || last.timezone !== timezone) {
    const { window, payments, previousInvoices, previous } = ranges;
    const words = [window, payments, previousInvoices].map(formatDates);
    last = { ranges, timezone, words: [...words, comparedSpanName(previous, timezone)] };
  }
  const [window, payments, previousInvoices, previous] = last.words;
  return (
    `listed ${formatCount(progress.invoices)} invoices for the dates ${window}, ` +
    `${formatCount(progress.payments)} payments for ${payments}, ` +
    `and ${formatCount(progress.previousPeriodInvoices)} paid invoices for ` +
    `${previousInvoices} (for ${previous})`
  );
}
