import { millisecondsInDay, millisecondsInHour } from 'date-fns/constants';
import { type Span, utcDayKey } from '../period';
import type { ReportPeriod } from './model';
import { type ComparedSpan, comparedSpan, reportPeriodSpan } from './report-period';

/** A `Y-m-d` range as the service's `startDate`/`endDate` take it. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/**
 * What to ask the service for, so that the period's boundaries are exact whatever it does with
 * `startDate`/`endDate`: every range holds its span under any reading, and each record is then placed
 * by its own timestamp.
 */
export interface FetchRanges {
  /**
   * The dates sent to the statistics endpoint and to the invoice list alike: the reconciliation compares
   * the two answers to this one question, and the report's own figures keep to the period's instants.
   */
  window: DateRange;
  /** The dates the payments are listed for. */
  payments: DateRange;
  /** The span of the previous period the report is compared with (see `comparedSpan`). */
  previous: ComparedSpan;
  /** The dates that span's paid invoices are listed for. */
  previousInvoices: DateRange;
}

// Zones run from UTC−12 to UTC+14: a day `D` of any zone begins between `D 00:00 UTC − 14 h` and
// `D 00:00 UTC + 12 h`.

/** The latest a day of any zone begins, after its date's midnight in UTC (UTC−12). */
export const LATEST_DAY_START_MS = 12 * millisecondsInHour;
/** The earliest a day of any zone begins, before its date's midnight in UTC (UTC+14), as a negative offset. */
export const EARLIEST_DAY_START_MS = -14 * millisecondsInHour;

/**
 * The dates whose range holds every instant of `span` however the service reads them: as days of any
 * zone from UTC−12 to UTC+14, with `endDate` included or not, and either bound exclusive of its own
 * first instant. `startDate`'s day has begun in every zone a moment before the span starts; `endDate`'s
 * day has not begun in any zone before the span ends.
 * @example coveringDates(reportPeriodSpan(reportPeriod('2026-10', 'UTC', now)))
 * // { startDate: '2026-09-30', endDate: '2026-11-02' }
 */
export function coveringDates(span: Span): DateRange {
  const endDateMidnight = span.end - EARLIEST_DAY_START_MS;
  return {
    startDate: utcDayKey(span.start - LATEST_DAY_START_MS - 1),
    // The first UTC midnight at or after `endDateMidnight`.
    endDate: utcDayKey(endDateMidnight + millisecondsInDay - 1),
  };
}

/**
 * The ranges to ask the service for, for a period.
 * @example fetchRanges(reportPeriod('2026-10', 'Europe/Berlin', now)).window
 * // { startDate: '2026-09-30', endDate: '2026-11-02' }
 */
export function fetchRanges(period: ReportPeriod): FetchRanges {
  const covering = coveringDates(reportPeriodSpan(period));
  const previous = comparedSpan(period);
  return {
    window: covering,
    payments: covering,
    previous,
    previousInvoices: coveringDates(previous),
  };
}
