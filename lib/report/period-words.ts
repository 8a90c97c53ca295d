import { parseAnyYearPeriod, parsePeriod, periodName } from '../period';
import type { CollectProgress } from './collect';
import { formatCount, formatDates, formatDayRange, formatInstant } from './format';
import type { MonthFigures, PreviousPeriodFigures, ReportPeriod, ReportSummary } from './model';
import type { FetchRanges } from './report-period';

/** `October 2026`, `Q3 2026`, `2026`; not ended: `November 2026 so far`. `name` replaces the period's. */
export function periodTitle(
  period: Pick<ReportPeriod, 'id' | 'complete'>,
  name = periodName(parsePeriod(period.id)),
): string {
  return period.complete ? name : `${name} so far`;
}

/** `October 2026`; the last month of a period not ended is `November 2026 so far`. */
export function monthTitle(
  summary: { period: ReportPeriod; invoices: { months: MonthFigures[] } },
  month: MonthFigures,
): string {
  const ongoing = !summary.period.complete && month === summary.invoices.months.at(-1);
  return periodTitle({ id: month.month, complete: !ongoing });
}

/** Not ended: `November 2026 so far, as of 23 Nov 2026, 14:35 (Europe/Berlin)`. */
export function periodHeading(period: ReportPeriod, name?: string): string {
  const title = periodTitle(period, name);
  return period.complete ? title : `${title}, as of ${formatInstant(period.asOf, period.timezone)}`;
}

/** The previous period's name (`October 2026`), or the days compared when not over (`1–23 Oct 2026`). */
export function previousPeriodName(previous: PreviousPeriodFigures, timezone: string): string {
  return previous.comparison === 'whole-period'
    ? periodName(parseAnyYearPeriod(previous.id))
    : formatDayRange(previous.start, previous.end, timezone);
}

/** Not ended: `1–23 Nov 2026 so far, against 1–23 Oct 2026`; `null` for a complete period. */
export function comparisonWords(summary: Pick<ReportSummary, 'period' | 'previousPeriod'>): string | null {
  const { period, previousPeriod } = summary;
  if (period.complete) return null;
  const current = formatDayRange(period.start, period.asOf, period.timezone);
  return `${current} so far, against ${previousPeriodName(previousPeriod, period.timezone)}`;
}

/**
 * Records listed so far with the dates asked (so they are not taken for the period's): `listed 76 invoices
 * for the dates 30 Sep 2026 – 2 Nov 2026, 80 payments for …, and 68 paid invoices for … (for October 2026)`.
 */
export function fetchedInWords(progress: CollectProgress, ranges: FetchRanges, timezone: string): string {
  const { previous } = ranges;
  const compared = previous.whole
    ? periodName(previous.period)
    : formatDayRange(previous.start, previous.end, timezone);
  return (
    `listed ${formatCount(progress.invoices)} invoices for the dates ${formatDates(ranges.window)}, ` +
    `${formatCount(progress.payments)} payments for ${formatDates(ranges.payments)}, ` +
    `and ${formatCount(progress.previousPeriodInvoices)} paid invoices for ` +
    `${formatDates(ranges.previousInvoices)} (for ${compared})`
  );
}
