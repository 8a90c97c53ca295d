import { type Period, parseAnyYearPeriod, parsePeriod, periodName } from '../period';
import { formatDayRange, formatInstant } from './format';
import type { MonthFigures, PreviousPeriodFigures, ReportPeriod } from './model';
import type { ComparedSpan } from './report-period';

/**
 * How a report names its period and what it is compared with, the same on the page, in the email, its
 * text and on the command line. A period not ended is always said to be "so far".
 */

/**
 * `October 2026`, `Q3 2026`, `2026`; a period not ended: `November 2026 so far`. `name` replaces the
 * period's name (the command line shows its id).
 */
export function periodTitle(
  period: Pick<ReportPeriod, 'id' | 'complete'>,
  name = periodName(parsePeriod(period.id)),
): string {
  return period.complete ? name : `${name} so far`;
}

/**
 * A month of a report's period by name, `October 2026`; the last month of a period not ended is
 * `November 2026 so far`, since its figures stop at `asOf`.
 */
export function monthTitle(
  summary: { period: ReportPeriod; invoices: { months: MonthFigures[] } },
  month: MonthFigures,
): string {
  const ongoing = !summary.period.complete && month === summary.invoices.months.at(-1);
  return periodTitle({ id: month.month, complete: !ongoing });
}

/**
 * The title with the instant a period not ended runs to, for a title line or a subject:
 * `October 2026`; `November 2026 so far, as of 23 Nov 2026, 14:35 (Europe/Berlin)`. `name` as for
 * `periodTitle`.
 */
export function periodHeading(period: ReportPeriod, name?: string): string {
  const title = periodTitle(period, name);
  return period.complete ? title : `${title}, as of ${formatInstant(period.asOf, period.timezone)}`;
}

/**
 * What the figures are compared with, in a few words: the previous period's name (`October 2026`), or
 * the days of its span compared when the report's period is not over (`1–23 Oct 2026`).
 */
export function previousPeriodName(previous: PreviousPeriodFigures, timezone: string): string {
  return spanName(
    { period: parseAnyYearPeriod(previous.id), start: previous.start, end: previous.end },
    previous.comparison === 'whole-period',
    timezone,
  );
}

/**
 * The same for the span to compare with before its figures exist (`fetchRanges(…).previous`), as the
 * progress of a collection names it.
 */
export function comparedSpanName(span: ComparedSpan, timezone: string): string {
  return spanName(span, span.whole, timezone);
}

function spanName(
  span: { period: Period; start: string | number; end: string | number },
  whole: boolean,
  timezone: string,
): string {
  return whole ? periodName(span.period) : formatDayRange(span.start, span.end, timezone);
}

/**
 * For a period not ended, the comparison in words: `1–23 Nov 2026 so far, against 1–23 Oct 2026`;
 * `null` for a complete period, which is compared with the whole previous one.
 */
export function comparisonWords(summary: {
  period: ReportPeriod;
  previousPeriod: PreviousPeriodFigures;
}): string | null {
  const { period, previousPeriod } = summary;
  if (period.complete) return null;
  const current = formatDayRange(period.start, period.asOf, period.timezone);
  return `${current} so far, against ${previousPeriodName(previousPeriod, period.timezone)}`;
}
