import { parseMonth, periodBounds, type Span } from '../period';
import type { ReportPeriod } from './model';

/**
 * The month a report covers, as its summary records it: `[first day 00:00, next month's first day 00:00)`
 * in the time zone, as ISO instants in UTC.
 * @throws ReportRequestError for a malformed month or an unknown time zone.
 * @example reportPeriod('2026-10', 'Europe/Berlin')
 * // { month: '2026-10', timezone: 'Europe/Berlin',
 * //   start: '2026-09-30T22:00:00.000Z', end: '2026-10-31T23:00:00.000Z' }
 */
export function reportPeriod(month: string, timezone: string): ReportPeriod {
  const { start, end } = periodBounds(parseMonth(month), timezone);
  return {
    month,
    timezone,
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
  };
}

/** The report period's `[start, end)` as epoch milliseconds. */
export function reportPeriodSpan(period: ReportPeriod): Span {
  return { start: Date.parse(period.start), end: Date.parse(period.end) };
}
