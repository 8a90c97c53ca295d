import { TZDate } from '@date-fns/tz';
import { periodBounds } from './bounds';
import { periodOfMonth, previousPeriod } from './calendar';
import { monthPeriod, type Period, type PeriodKind, type PeriodOfKind } from './period-id';
import { parseTimeZone } from './time-zone';

/**
 * The period of a kind that an instant falls in, in a time zone.
 * @example periodAt('quarter', 'Pacific/Auckland', new Date('2026-06-30T12:00:00Z')) // 2026-Q3 (1 July, 00:00 there)
 * @throws ReportRequestError for an unknown time zone
 */
export function periodAt<K extends PeriodKind>(kind: K, timeZone: string, at: Date): PeriodOfKind<K> {
  const local = new TZDate(at.getTime(), parseTimeZone(timeZone));
  return periodOfMonth(monthPeriod(local.getFullYear(), local.getMonth() + 1), kind);
}

/**
 * The period a report defaults to: the period of `kind` (a month unless asked) before the one `at` falls
 * in, in the time zone. A schedule that fires on 1 January reports the year before with `'year'`.
 * @example defaultPeriod('UTC', new Date('2027-01-01T06:00:00Z'), 'year') // 2026
 * @throws ReportRequestError for an unknown time zone
 */
export function defaultPeriod<K extends PeriodKind = 'month'>(
  timeZone: string,
  at: Date,
  kind: K = 'month' as K,
): PeriodOfKind<K> {
  return previousPeriod(periodAt(kind, timeZone, at));
}

/**
 * Whether a period has begun at `at` in the time zone. The current period has: a report for it covers
 * its days so far.
 * @throws ReportRequestError for an unknown time zone
 */
export function hasBegun(period: Period, timeZone: string, at: Date): boolean {
  return at.getTime() >= periodBounds(period, timeZone).start;
}

/**
 * Why a period that has not begun in a time zone is refused, in the words every refusal of one uses (the
 * report command's, the report API's, a scheduled run's): `2026-12 has not begun yet in UTC: no report
 * for it yet`.
 */
export function notBegunReason(id: string, timeZone: string): string {
  return `${id} has not begun yet in ${timeZone}: no report for it yet`;
}
