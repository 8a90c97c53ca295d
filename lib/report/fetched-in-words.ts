import type { CollectProgress } from './collect';
import type { FetchRanges } from './collect-ranges';
import { formatCount, formatDates } from './format';
import { comparedSpanName } from './period-words';

interface RangeWords {
  window: string;
  payments: string;
  previousInvoices: string;
  previous: string;
}

/** The ranges in words, by ranges and time zone: progress is told every few hundred records. */
const wordsOf = new WeakMap<FetchRanges, Map<string, RangeWords>>();

function rangeWords(ranges: FetchRanges, timezone: string): RangeWords {
  let byZone = wordsOf.get(ranges);
  if (byZone === undefined) {
    byZone = new Map();
    wordsOf.set(ranges, byZone);
  }
  let words = byZone.get(timezone);
  if (words === undefined) {
    words = {
      window: formatDates(ranges.window),
      payments: formatDates(ranges.payments),
      previousInvoices: formatDates(ranges.previousInvoices),
      previous: comparedSpanName(ranges.previous, timezone),
    };
    byZone.set(timezone, words);
  }
  return words;
}

/**
 * The records listed so far, with the dates each list was asked for, so that the counts are not taken
 * for the period's: `listed 76 invoices for the dates 30 Sep 2026 – 2 Nov 2026, 80 payments for
 * 30 Sep 2026 – 2 Nov 2026, and 68 paid invoices for 31 Aug 2026 – 2 Oct 2026 (for September 2026)`.
 * The last names what the report is compared with: the previous period, or the days of it compared
 * when the report's period has not ended (`(for 1–23 Oct 2026)`), read in `timezone`.
 */
export function fetchedInWords(progress: CollectProgress, ranges: FetchRanges, timezone: string): string {
  const words = rangeWords(ranges, timezone);
  return (
    `listed ${formatCount(progress.invoices)} invoices for the dates ${words.window}, ` +
    `${formatCount(progress.payments)} payments for ${words.payments}, ` +
    `and ${formatCount(progress.previousPeriodInvoices)} paid invoices for ` +
    `${words.previousInvoices} (for ${words.previous})`
  );
}
