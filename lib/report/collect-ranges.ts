import { shiftUtcDay, utcDaysOfSpan } from '../period';
import type { ReportPeriod } from './model';
import { type ComparedSpan, comparedSpan, reportPeriodSpan } from './report-period';

/** A `Y-m-d` range as the service's `startDate`/`endDate` take it. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/**
 * What to ask the service for, so that the period's boundaries are exact whatever it does with
 * `startDate`/`endDate` (inclusive or not, a date or midnight of it, UTC or a nearby zone): every list is
 * asked for a wider range of UTC days and filtered by the records' own timestamps.
 */
export interface FetchRanges {
  /** The UTC days the period's instants touch (up to `asOf`), in order: the days the reconciliation compares. */
  days: string[];
  /** One day either side of `days`: the statistics cover every day of `days` for sure. */
  statistics: DateRange;
  /**
   * Two days either side of `days`: every day the statistics may cover (the margin days included) is
   * then listed in full, however the service treats the bounds.
   */
  invoices: DateRange;
  /** One day either side: enough to hold every instant of the period. */
  payments: DateRange;
  /** The span of the previous period the report is compared with (see `comparedSpan`). */
  previous: ComparedSpan;
  /** One day either side of that span's UTC days. */
  previousInvoices: DateRange;
}

function widen(days: readonly string[], margin: number): DateRange {
  return { startDate: shiftUtcDay(days[0]!, -margin), endDate: shiftUtcDay(days.at(-1)!, margin) };
}

/**
 * The ranges to ask the service for, for a period.
 * @example fetchRanges(reportPeriod('2026-03', 'UTC', now)).statistics
 * // { startDate: '2026-02-28', endDate: '2026-04-01' }
 */
export function fetchRanges(period: ReportPeriod): FetchRanges {
  const days = utcDaysOfSpan(reportPeriodSpan(period));
  const previous = comparedSpan(period);
  return {
    days,
    statistics: widen(days, 1),
    invoices: widen(days, 2),
    payments: widen(days, 1),
    previous,
    previousInvoices: widen(utcDaysOfSpan(previous), 1),
  };
}
